import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gt06 } from '../../server/protocol/gt06';
import { sendFix, startCluster, TestSocket, waitFor, type TestCluster } from '../support/cluster';
import { FakeTracker } from '../support/fakeTracker';
import type { TestServer } from '../support/server';

/**
 * Stopping an instance of a cluster (docs/scaling.md, "Health, readiness and draining"): devices
 * keep their fixes, whichever instance they reach, and nothing is stored twice.
 */

let cluster: TestCluster;
let a: TestServer;
let b: TestServer;

beforeAll(async () => {
  cluster = await startCluster({ instances: 2, env: { GT06_PORT: '0' } });
  [a, b] = cluster.instances;
}, 120_000);
afterAll(() => cluster?.stop());

async function createDevice(uniqueId: string): Promise<number> {
  const admin = await cluster.admin(a);
  const res = await admin.json('/api/devices', { name: uniqueId, uniqueId });
  expect(res.status).toBe(200);
  return ((await res.json()) as { id: number }).id;
}

const rowsOf = async (deviceId: number) =>
  (
    await cluster.query<{ fix_time: string }>(
      'select fix_time from positions where device_id = $1 order by fix_time',
      [deviceId],
    )
  ).map((row) => Number(row.fix_time));

describe('a fix resent to another instance', () => {
  it('is stored once and answered by both, as Traccar drops a duplicate', async () => {
    const deviceId = await createDevice('drain-resent');
    const time = Math.floor(Date.now() / 1000 - 60) * 1000;
    expect((await sendFix(a, 'drain-resent', { time })).status).toBe(200);
    // The answer was lost on its way: the device sends the fix again, and B takes it.
    expect((await sendFix(b, 'drain-resent', { time })).status).toBe(200);
    expect(await rowsOf(deviceId)).toEqual([time]);
    // The same fix time with something the stored one lacks (an alarm) is news: stored.
    expect((await sendFix(b, 'drain-resent', { time, extra: '&alarm=sos' })).status).toBe(200);
    expect(await rowsOf(deviceId)).toEqual([time, time]);
  });
});

/** One OsmAnd fix over a kept-alive connection; null when no answer came. */
function post(
  agent: http.Agent,
  port: number,
  uniqueId: string,
  time: number,
): Promise<{ status: number } | null> {
  return new Promise((resolve) => {
    const request = http.request(
      {
        agent,
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: `/?id=${uniqueId}&lat=-23.55&lon=-46.63&speed=0&timestamp=${time / 1000}`,
        headers: { 'content-length': 0 },
        timeout: 10_000,
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve({ status: response.statusCode ?? 0 }));
        response.on('error', () => resolve(null));
      },
    );
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve(null));
    request.end();
  });
}

describe('SIGTERM', () => {
  it('answers what it stored, sends sockets and trackers elsewhere, and exits 0', async () => {
    const devices = Array.from({ length: 10 }, (_, i) => `drain-${i}`);
    const ids = new Map<string, number>();
    for (const uniqueId of devices) ids.set(uniqueId, await createDevice(uniqueId));
    const trackerId = gt06.device.uniqueId(901);
    const trackerDeviceId = await createDevice(trackerId);

    const socket = await TestSocket.open(b, await cluster.admin(b));
    const tracker = await FakeTracker.connect(gt06, b.devicePort('gt06'), trackerId);
    tracker.sendHello();
    expect((await tracker.next()).read.kind).toBe('ack');

    // Each device sends its fixes one after the other to B, as a phone waits for each answer;
    // a fix B does not answer 200 goes to A, as a balancer sends it there once B is gone.
    const t0 = Math.floor(Date.now() / 1000 - 3600) * 1000;
    const acknowledged: string[] = [];
    const agent = new http.Agent({ keepAlive: true });
    let sending = true;
    const send = async (uniqueId: string) => {
      for (let k = 0; sending; k++) {
        const time = t0 + k * 1000;
        let answer = b.running ? await post(agent, b.osmandPort, uniqueId, time) : null;
        while (answer?.status !== 200) {
          answer = await post(agent, a.osmandPort, uniqueId, time);
          if (answer?.status !== 200) await new Promise((resolve) => setTimeout(resolve, 50));
        }
        acknowledged.push(`${ids.get(uniqueId)}:${time}`);
      }
    };
    const senders = devices.map(send);
    await waitFor(() => (acknowledged.length >= 100 ? true : undefined), 20_000);

    const stopped = b.halt();
    // A frame in hand as the signal lands: answered (and then stored) or neither.
    tracker.sendPosition({
      time: t0,
      valid: true,
      latitude: -23.55,
      longitude: -46.63,
      speed: 0,
      course: 0,
    });
    expect(await stopped).toBe(0);
    const trackerAnswered = await tracker.next(1_000).then(
      (frame) => frame.read.kind === 'ack',
      () => false,
    );
    expect(tracker.ended).toBe(true);
    expect(await socket.closed).toBe(1012);
    expect(b.output).toMatch(/drained, exiting/);

    // A carries on with every device.
    const before = acknowledged.length;
    await waitFor(() => (acknowledged.length >= before + 50 ? true : undefined), 20_000);
    sending = false;
    await Promise.all(senders);
    agent.destroy();

    const rows = await cluster.query<{ device_id: string; fix_time: string; n: string }>(
      `select device_id, fix_time, count(*) as n from positions
       where device_id = any($1) group by device_id, fix_time`,
      [[...ids.values()]],
    );
    expect(rows.filter((row) => Number(row.n) > 1)).toEqual([]);
    const stored = rows.map((row) => `${row.device_id}:${row.fix_time}`).sort();
    expect(stored).toEqual([...acknowledged].sort());
    expect(await rowsOf(trackerDeviceId)).toEqual(trackerAnswered ? [t0] : []);
  }, 60_000);
});
