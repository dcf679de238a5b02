import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '../../support/http';
import { signInAdmin } from '../../support/entityApi';
import { startServer, type TestServer } from '../../support/server';

const ALICE = { email: 'alice-latest@frota.test', password: 'alice-pass-1' };

interface Position {
  id: number;
  deviceId: number;
  latitude: number;
  geofenceIds: number[] | null;
  network: unknown;
  attributes: Record<string, unknown>;
}

/**
 * The list every map opens with (`GET /api/positions`, no filter) is served from prepared JSON
 * text; these check that a client sees exactly what the per-id answer says, and that the list
 * follows new fixes, deletions and permissions.
 */
describe('GET /api/positions: every device latest position', () => {
  let server: TestServer;
  let admin: Client;
  let alice: Client;
  const devices: Record<string, number> = {};

  const fix = async (uniqueId: string, secondsAgo: number, lat: number) => {
    const res = await fetch(
      `http://127.0.0.1:${server.osmandPort}/?id=${uniqueId}&lat=${lat}&lon=-46.63&speed=5&batt=87&timestamp=${Math.floor(Date.now() / 1000) - secondsAgo}`,
    );
    expect(res.status).toBe(200);
  };

  const latest = async (client: Client = admin): Promise<Position[]> => {
    const res = await client.get('/api/positions');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    return (await res.json()) as Position[];
  };

  const byDevice = (list: Position[]) => new Map(list.map((p) => [p.deviceId, p]));

  const waitFor = async (check: () => Promise<boolean>) => {
    for (let i = 0; i < 100; i += 1) {
      if (await check()) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('condition not reached');
  };

  beforeAll(async () => {
    server = await startServer({ env: { OSMAND_PORT: '0' } });
    admin = await signInAdmin(server);
    for (const name of ['van', 'truck', 'silent']) {
      const made = await admin.json('/api/devices', { name, uniqueId: `latest-${name}` });
      devices[name] = ((await made.json()) as { id: number }).id;
    }
    const user = await admin.json('/api/users', { name: 'Alice', ...ALICE });
    const userId = ((await user.json()) as { id: number }).id;
    await admin.json('/api/permissions', { userId, deviceId: devices.van });
    alice = new Client(server.url);
    await alice.login(ALICE.email, ALICE.password);
    await fix('latest-van', 60, -23.5);
    await fix('latest-truck', 60, -23.6);
    await waitFor(async () => (await latest()).length === 2);
  });

  afterAll(() => server?.stop());

  it('answers each position exactly as the per-id request does, devices without a fix left out', async () => {
    const list = await latest();
    expect(list.map((p) => p.deviceId).sort()).toEqual([devices.van, devices.truck].sort());
    for (const position of list) {
      const res = await admin.get(`/api/positions?id=${position.id}`);
      expect([position]).toEqual(await res.json());
      // Traccar's shape: nulls stay null, attributes are an object.
      expect(position.geofenceIds).toBeNull();
      expect(position.attributes).toMatchObject({ batteryLevel: 87 });
    }
  });

  it('follows a new fix on the next request', async () => {
    const before = byDevice(await latest()).get(devices.van)!;
    await fix('latest-van', 0, -23.4);
    await waitFor(async () => byDevice(await latest()).get(devices.van)!.id !== before.id);
    const after = byDevice(await latest()).get(devices.van)!;
    expect(after.latitude).toBe(-23.4);
    expect(byDevice(await latest()).get(devices.truck)!.latitude).toBe(-23.6);
  });

  it('shows a user only the devices shared with them', async () => {
    const list = await latest(alice);
    expect(list.map((p) => p.deviceId)).toEqual([devices.van]);
  });

  it('falls back to the previous fix when the latest one is deleted', async () => {
    const current = byDevice(await latest()).get(devices.van)!;
    expect((await admin.delete(`/api/positions/${current.id}`)).status).toBe(204);
    const now = byDevice(await latest()).get(devices.van)!;
    expect(now.id).toBeLessThan(current.id);
    expect(now.latitude).toBe(-23.5);
  });

  it('drops a deleted device', async () => {
    expect((await admin.delete(`/api/devices/${devices.truck}`)).status).toBe(204);
    expect(byDevice(await latest()).has(devices.truck)).toBe(false);
  });
});
