import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '../support/http';
import { sendFix, startCluster, TestSocket, waitFor, type TestCluster } from '../support/cluster';
import { TEST_ADMIN } from '../support/server';
import { TestRedis } from '../support/services';

/**
 * Redis going away and coming back (docs/scaling.md): the instances keep serving HTTP and
 * devices meanwhile, and once it is back every socket gets its current state, so nothing that
 * happened on another instance meanwhile is silently missing.
 */

interface Position {
  deviceId: number;
  fixTime: string;
}

let redis: TestRedis;
let cluster: TestCluster;

beforeAll(async () => {
  redis = await TestRedis.start();
  cluster = await startCluster({ instances: 2, redisUrl: redis.url });
}, 120_000);
afterAll(async () => {
  await cluster?.stop();
  await redis?.remove();
});

describe('a Redis restart', () => {
  it('keeps serving, then resends the current state to the sockets', async () => {
    const [a, b] = cluster.instances;
    const admin = await cluster.admin(a);
    const res = await admin.json('/api/devices', { name: 'Outage', uniqueId: 'redis-outage' });
    const deviceId = ((await res.json()) as { id: number }).id;
    const doomed = await admin.json('/api/devices', { name: 'Doomed', uniqueId: 'redis-doomed' });
    const doomedId = ((await doomed.json()) as { id: number }).id;
    const socket = await TestSocket.open(b, await cluster.admin(b));
    expect((await sendFix(a, 'redis-outage', { time: Date.now() - 60_000 })).status).toBe(200);
    await waitFor(() =>
      socket.items<Position>('positions').find(({ item }) => item.deviceId === deviceId),
    );

    await redis.stop();
    await b.waitForLine(/redis connection lost/);
    // Devices, the API and sign-in go on without Redis.
    const duringOutage = Date.now() - 10_000;
    expect((await sendFix(a, 'redis-outage', { time: duringOutage, lat: -23.7 })).status).toBe(200);
    expect((await admin.get('/api/devices')).status).toBe(200);
    // Deleted on A while B cannot hear of it.
    expect((await admin.delete(`/api/devices/${doomedId}`)).status).toBe(204);
    expect((await new Client(b.url).form('/api/session', TEST_ADMIN)).status).toBe(200);
    const mark = socket.messages.length;
    await new Promise((resolve) => setTimeout(resolve, 500));
    // Nothing crossed meanwhile: the socket on B has not seen the fix stored on A.
    expect(socket.items<Position>('positions', mark)).toEqual([]);

    await redis.start();
    const resent = await waitFor(
      () =>
        socket
          .items<Position>('positions', mark)
          .find(
            ({ item }) =>
              item.deviceId === deviceId &&
              item.fixTime.startsWith(new Date(duringOutage).toISOString().slice(0, 19)),
          ),
      15_000,
    );
    expect(resent).toBeDefined();
    expect(
      socket.items<{ id: number }>('devices', mark).some(({ item }) => item.id === deviceId),
    ).toBe(true);
    // The resync is marked complete and leaves out the device deleted meanwhile, so a map that
    // replaces its set from it (Frota's) drops that device.
    const complete = socket.messages
      .slice(mark)
      .find(({ data }) => (data as Record<string, unknown>).complete === true);
    const ids = ((complete?.data.devices ?? []) as { id: number }[]).map(({ id }) => id);
    expect(ids).toContain(deviceId);
    expect(ids).not.toContain(doomedId);
    expect(socket.open).toBe(true);

    // Live updates flow again.
    const after = socket.messages.length;
    expect((await sendFix(a, 'redis-outage', { time: Date.now() })).status).toBe(200);
    await waitFor(
      () =>
        socket.items<Position>('positions', after).find(({ item }) => item.deviceId === deviceId),
      5000,
    );
  });
});
