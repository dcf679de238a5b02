import { describe, expect, it } from 'vitest';
import { encodePerms } from '../../../model';
import { Client } from '../../support/http';
import { create, makeUser, apiFixtureForFile, withAdvancedPerms } from '../../support/entityApi';

// The advanced-permission bits exercised here apply only with the plus licence.
const f = apiFixtureForFile({ LICENSE_MODE: 'plus' });

let seq = 0;
const imei = () => {
  seq += 1;
  return `8600${Date.now()}${seq}`;
};

const autolink = (client: Client, body: Record<string, unknown>) =>
  client.json('/tarkan/autolink', body);

async function devicesOf(client: Client, uniqueId: string) {
  const res = await client.get(`/api/devices?uniqueId=${uniqueId}`);
  return (await res.json()) as {
    id: number;
    name: string;
    model: string | null;
    category: string | null;
    attributes: Record<string, unknown>;
  }[];
}

describe('POST /tarkan/autolink', () => {
  it('creates an unknown device linked to the caller', async () => {
    const alice = await makeUser(f);
    const id = imei();
    const res = await autolink(alice.client, {
      imei: id,
      placa: 'ABC1D23',
      modelo: 'GT06',
      categoria: 'truck',
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('OK');
    const [device] = await devicesOf(alice.client, id);
    expect(device).toMatchObject({ name: 'ABC1D23', model: 'GT06', category: 'truck' });
    expect(device.attributes.placa).toBe('ABC1D23');
    expect(res.headers.get('x-device-id')).toBe(String(device.id));
  });

  it('links a device nobody owns yet (admin stock)', async () => {
    const id = imei();
    const stock = await create(f.admin, '/api/devices', { name: 'Stock', uniqueId: id });
    const bob = await makeUser(f);
    expect(await devicesOf(bob.client, id)).toEqual([]);
    const res = await autolink(bob.client, { imei: id, placa: 'XYZ9A87' });
    expect(res.status).toBe(200);
    const [device] = await devicesOf(bob.client, id);
    expect(device.id).toBe(stock.id);
    expect(device.attributes.placa).toBe('XYZ9A87');
  });

  it('refuses a device that belongs to someone else, without saying whose', async () => {
    const owner = await makeUser(f);
    const id = imei();
    await create(owner.client, '/api/devices', { name: 'Mine', uniqueId: id });
    const thief = await makeUser(f);
    const res = await autolink(thief.client, { imei: id });
    expect(res.status).toBe(400);
    expect(await res.text()).toBe(
      'Device is registered to another account - IllegalArgumentException',
    );
    expect(await devicesOf(thief.client, id)).toEqual([]);
  });

  it('respects the device limit', async () => {
    const limited = await makeUser(f, { deviceLimit: 1 });
    expect((await autolink(limited.client, { imei: imei() })).status).toBe(200);
    const res = await autolink(limited.client, { imei: imei() });
    expect(res.status).toBe(400);
    expect(await res.text()).toBe('User device limit reached - SecurityException');
    const stock = imei();
    await create(f.admin, '/api/devices', { name: 'Stock 2', uniqueId: stock });
    expect((await autolink(limited.client, { imei: stock })).status).toBe(400);
  });

  it('is refused to readonly, device-readonly and signed-out callers', async () => {
    const readonly = await makeUser(f, { readonly: true });
    const res = await autolink(readonly.client, { imei: imei() });
    expect(res.status).toBe(400);
    expect(await res.text()).toBe('Account is readonly - SecurityException');
    const deviceReadonly = await makeUser(f, { deviceReadonly: true });
    expect((await autolink(deviceReadonly.client, { imei: imei() })).status).toBe(400);
    expect((await autolink(new Client(f.server.url), { imei: imei() })).status).toBe(401);
  });

  it('follows the advanced deviceCreate permission when enforced', async () => {
    await withAdvancedPerms(f.admin, async () => {
      const user = await makeUser(f, {
        attributes: { 'tarkan.advancedPerms': encodePerms(['devices']) },
      });
      const res = await autolink(user.client, { imei: imei() });
      expect(res.status).toBe(400);
      expect(await res.text()).toBe('Write access denied - SecurityException');
    });
  });

  it('validates the identifier and category', async () => {
    const user = await makeUser(f);
    expect((await autolink(user.client, { imei: 'bad id!' })).status).toBe(400);
    const res = await autolink(user.client, { imei: imei(), categoria: 'spaceship' });
    expect(await res.text()).toBe('Invalid category - IllegalArgumentException');
  });
});
