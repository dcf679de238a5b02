import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendFix, startCluster, waitFor, type TestCluster } from '../support/cluster';
import type { Client } from '../support/http';
import type { TestServer } from '../support/server';

/**
 * The cluster's jobs (docs/scaling.md): one instance at a time runs them, the holder of the jobs
 * lease; when it dies another takes over within 30 s and runs them at once.
 */

const JOBS = [
  'audit cleanup',
  'share cleanup',
  'billing cycle',
  'scheduled notifications',
  'scheduled reports',
];
const LEASE_LINE = /this instance holds the jobs lease/;

let cluster: TestCluster;
let admin: Client;

/** How many times `server` logged a run of `job` (debug log). */
function runs(server: TestServer, job: string): number {
  return server.lines.filter(
    (line) => line.includes('"msg":"job run"') && line.includes(`"job":"${job}"`),
  ).length;
}

const holds = (server: TestServer) => server.lines.some((line) => LEASE_LINE.test(line));

async function deviceUnknownEvents(deviceId: number): Promise<number> {
  const rows = await cluster.query<{ count: string }>(
    `select count(*) as count from events where device_id = $1 and type = 'deviceUnknown'`,
    [deviceId],
  );
  return Number(rows[0].count);
}

async function status(deviceId: number): Promise<string> {
  const rows = await cluster.query<{ status: string }>('select status from devices where id = $1', [
    deviceId,
  ]);
  return rows[0].status;
}

async function newDevice(uniqueId: string): Promise<number> {
  const res = await admin.json('/api/devices', { name: uniqueId, uniqueId });
  expect(res.status).toBe(200);
  return ((await res.json()) as { id: number }).id;
}

beforeAll(async () => {
  cluster = await startCluster({ instances: 2, env: { LOG_LEVEL: 'debug' } });
  admin = await cluster.admin(cluster.instances[0]);
  // Devices go unknown 2 s after their last report, so the status timeout is seen quickly.
  const server = (await (await admin.get('/api/server')).json()) as { attributes: object };
  const res = await admin.json(
    '/api/server',
    { ...server, attributes: { ...server.attributes, 'status.timeout': 2 } },
    'PUT',
  );
  expect(res.status).toBe(200);
}, 120_000);
afterAll(() => cluster?.stop());

describe('jobs in a cluster', () => {
  it('runs every job on the lease holder only', async () => {
    const [holder, other] = await waitFor(() => {
      const found = cluster.instances.find(holds);
      return found ? [found, cluster.instances.find((server) => server !== found)!] : undefined;
    }, 10_000);
    await waitFor(() => (JOBS.every((job) => runs(holder, job) >= 1) ? true : undefined));
    for (const job of JOBS) {
      expect(runs(holder, job), job).toBe(1);
      expect(runs(other, job), job).toBe(0);
    }
    expect(holds(other)).toBe(false);
  });

  it('turns a device that reported on another instance unknown once', async () => {
    const holder = cluster.instances.find(holds)!;
    const other = cluster.instances.find((server) => server !== holder)!;
    const deviceId = await newDevice('sweep-once');
    // Reported to the instance that does not sweep: the holder knows it from the shared batch.
    expect((await sendFix(other, 'sweep-once')).status).toBe(200);
    await waitFor(async () => ((await status(deviceId)) === 'online' ? true : undefined));
    await waitFor(async () => ((await status(deviceId)) === 'unknown' ? true : undefined), 10_000);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(await deviceUnknownEvents(deviceId)).toBe(1);
  });

  it('is taken over within 30 s when the holder is killed, and the jobs run there at once', async () => {
    const holder = cluster.instances.find(holds)!;
    const survivor = cluster.instances.find((server) => server !== holder)!;
    const deviceId = await newDevice('after-takeover');

    await holder.kill();
    const killedAt = Date.now();
    await survivor.waitForLine(LEASE_LINE, 30_000);
    const takeoverMs = Date.now() - killedAt;
    console.log(
      `jobs lease taken over ${(takeoverMs / 1000).toFixed(1)} s after kill -9 of its holder`,
    );
    expect(takeoverMs).toBeLessThan(30_000);
    await waitFor(() => (JOBS.every((job) => runs(survivor, job) === 1) ? true : undefined));

    // The survivor now turns silent devices unknown, once.
    expect((await sendFix(survivor, 'after-takeover')).status).toBe(200);
    await waitFor(async () => ((await status(deviceId)) === 'unknown' ? true : undefined), 10_000);
    expect(await deviceUnknownEvents(deviceId)).toBe(1);
  });
});
