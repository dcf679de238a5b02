import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '../../support/http';
import { signInAdmin } from '../../support/entityApi';
import { startServer, type TestServer } from '../../support/server';

const ALICE = { email: 'alice@frota.test', password: 'alice-pass-1' };
const BOB = { email: 'bob@frota.test', password: 'bob-pass-12' };
const HOUR = 3_600_000;

describe('POST /api/share/device and /api/share/group', () => {
  let server: TestServer;
  let admin: Client;
  let alice: Client;
  let bob: Client;
  let aliceId: number;
  let van: number;
  let truck: number;
  let bobsCar: number;
  let fleet: number;

  const users = async () =>
    (await (await admin.get('/api/users')).json()) as { id: number; email: string }[];

  const share = (client: Client, kind: 'device' | 'group', id: number, expiration?: string) =>
    client.form(`/api/share/${kind}`, {
      [`${kind}Id`]: String(id),
      ...(expiration === undefined ? {} : { expiration }),
    });

  async function create(path: string, body: Record<string, unknown>): Promise<number> {
    const res = await admin.json(path, body);
    expect(res.status).toBe(200);
    return ((await res.json()) as { id: number }).id;
  }

  beforeAll(async () => {
    server = await startServer();
    admin = await signInAdmin(server);
    aliceId = await create('/api/users', { name: 'Alice', ...ALICE });
    const bobId = await create('/api/users', { name: 'Bob', ...BOB });
    fleet = await create('/api/groups', { name: 'Fleet' });
    van = await create('/api/devices', { name: 'Van', uniqueId: 'share-van', groupId: fleet });
    truck = await create('/api/devices', { name: 'Truck', uniqueId: 'share-truck' });
    bobsCar = await create('/api/devices', { name: 'Car', uniqueId: 'share-car' });
    for (const link of [
      { userId: aliceId, deviceId: van },
      { userId: aliceId, deviceId: truck },
      { userId: aliceId, groupId: fleet },
      { userId: bobId, deviceId: bobsCar },
    ]) {
      expect((await admin.json('/api/permissions', link)).status).toBe(204);
    }
    alice = new Client(server.url);
    await alice.login(ALICE.email, ALICE.password);
    bob = new Client(server.url);
    await bob.login(BOB.email, BOB.password);
  });

  afterAll(async () => {
    await server?.stop();
  });

  it('answers a token that signs in as a read-only user seeing only that device', async () => {
    const expiration = new Date(Date.now() + 2 * HOUR).toISOString();
    const res = await share(alice, 'device', van, expiration);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const token = await res.text();
    expect(token).toMatch(/^\S{20,}$/);

    const viewer = new Client(server.url);
    const session = await viewer.get(`/api/session?token=${encodeURIComponent(token)}`);
    expect(session.status).toBe(200);
    const user = (await session.json()) as Record<string, unknown>;
    expect(user).toMatchObject({
      name: 'Van',
      email: `${ALICE.email}:share-van`,
      readonly: true,
      temporary: true,
      administrator: false,
      limitCommands: true,
      disableReports: true,
    });
    expect(new Date(String(user.expirationTime)).getTime()).toBe(Date.parse(expiration));
    const devices = (await (await viewer.get('/api/devices')).json()) as { id: number }[];
    expect(devices.map((d) => d.id)).toEqual([van]);
    // Read only: no edits, no new devices.
    const edit = await viewer.json(
      `/api/devices/${van}`,
      { id: van, name: 'Mine', uniqueId: 'share-van' },
      'PUT',
    );
    expect(edit.status).toBe(400);
    expect((await viewer.get(`/api/devices/${truck}`)).status).toBe(400);
    // Temporary users do not share further.
    const again = await share(viewer, 'device', van);
    expect([again.status, await again.text()]).toEqual([400, 'Temporary user - SecurityException']);

    // The same device shared again reuses its user (one per sharer and object, as in Traccar).
    const second = await share(alice, 'device', van, expiration);
    expect(second.status).toBe(200);
    const temporary = (await users()).filter((u) => u.email.startsWith(`${ALICE.email}:`));
    expect(temporary).toHaveLength(1);
  });

  it('shares a group: its devices and nothing else', async () => {
    const res = await share(alice, 'group', fleet, new Date(Date.now() + HOUR).toISOString());
    expect(res.status).toBe(200);
    const viewer = new Client(server.url);
    const session = await viewer.get(`/api/session?token=${await res.text()}`);
    expect(session.status).toBe(200);
    expect(((await session.json()) as { email: string }).email).toBe(
      `${ALICE.email}:group:${fleet}`,
    );
    const devices = (await (await viewer.get('/api/devices')).json()) as { id: number }[];
    expect(devices.map((d) => d.id)).toEqual([van]);
  });

  it('caps the expiration at the sharer’s own account expiry', async () => {
    const ends = new Date(Date.now() + HOUR).toISOString();
    const user = (await (await admin.get(`/api/users/${aliceId}`)).json()) as Record<
      string,
      unknown
    >;
    expect(
      (await admin.json(`/api/users/${aliceId}`, { ...user, expirationTime: ends }, 'PUT')).status,
    ).toBe(200);
    const res = await share(alice, 'device', truck, new Date(Date.now() + 48 * HOUR).toISOString());
    expect(res.status).toBe(200);
    const viewer = new Client(server.url);
    const session = (await (await viewer.get(`/api/session?token=${await res.text()}`)).json()) as {
      expirationTime: string;
    };
    expect(Date.parse(session.expirationTime)).toBe(Date.parse(ends));
    expect(
      (await admin.json(`/api/users/${aliceId}`, { ...user, expirationTime: null }, 'PUT')).status,
    ).toBe(200);
  });

  it('refuses other users’ objects, bad input and a server with sharing disabled', async () => {
    const before = (await users()).length;
    const foreign = await share(alice, 'device', bobsCar);
    expect([foreign.status, await foreign.text()]).toEqual([
      400,
      'Device access denied - SecurityException',
    ]);
    expect((await share(bob, 'group', fleet)).status).toBe(400);
    expect((await share(alice, 'device', van, 'tomorrow')).status).toBe(400);
    expect(
      (await share(alice, 'device', van, new Date(Date.now() - HOUR).toISOString())).status,
    ).toBe(400);
    expect((await alice.form('/api/share/device', { deviceId: 'x' })).status).toBe(400);
    expect(
      (await new Client(server.url).form('/api/share/device', { deviceId: String(van) })).status,
    ).toBe(401);
    expect((await users()).length).toBe(before);

    const settings = (await (await admin.get('/api/server')).json()) as Record<string, unknown>;
    const attributes = settings.attributes as Record<string, unknown>;
    const off = { ...settings, attributes: { ...attributes, disableShare: true } };
    expect((await admin.json('/api/server', off, 'PUT')).status).toBe(200);
    const disabled = await share(alice, 'device', van);
    expect([disabled.status, await disabled.text()]).toEqual([
      400,
      'Sharing is disabled - SecurityException',
    ]);
    expect((await share(admin, 'device', van)).status).toBe(400);
    expect((await admin.json('/api/server', settings, 'PUT')).status).toBe(200);
    expect((await users()).length).toBe(before);
  });
});
