import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { startCluster, waitFor, type TestCluster } from '../support/cluster';
import { TestRedis } from '../support/services';
import { postgresAddress, startTcpProxy, type TcpProxy } from '../support/tcpProxy';

/**
 * `/api/health/ready` as a balancer reads it (docs/scaling.md, "Health, readiness and
 * draining"): ready while the database and Redis answer, 503 while either does not, and back by
 * itself; `/api/health` (liveness) answers throughout, so a supervisor does not restart an
 * instance for an outage it cannot fix.
 */

let redis: TestRedis;
let proxy: TcpProxy;
let cluster: TestCluster;

beforeAll(async () => {
  redis = await TestRedis.start();
  proxy = await startTcpProxy(postgresAddress(inject('clusterPostgresUrl')));
  cluster = await startCluster({
    instances: 1,
    redisUrl: redis.url,
    databaseUrl: (url) => proxy.through(url),
  });
}, 120_000);
afterAll(async () => {
  proxy?.restore();
  await redis?.start();
  await cluster?.stop();
  await redis?.remove();
  await proxy?.close();
});

async function probe(path: string): Promise<{ status: number; text: string }> {
  const res = await fetch(`${cluster.instances[0].url}${path}`);
  return { status: res.status, text: await res.text() };
}

const readyAgain = () =>
  waitFor(
    async () => ((await probe('/api/health/ready')).status === 200 ? true : undefined),
    20_000,
  );

describe('readiness', () => {
  it('is 200 while PostgreSQL and Redis answer, 503 while either does not', async () => {
    expect(await probe('/api/health/ready')).toEqual({ status: 200, text: 'OK' });

    await redis.stop();
    await cluster.instances[0].waitForLine(/redis connection lost/);
    const noRedis = await probe('/api/health/ready');
    expect(noRedis.status).toBe(503);
    expect(noRedis.text).toMatch(/redis/);
    expect(await probe('/api/health')).toEqual({ status: 200, text: 'OK' });
    await redis.start();
    await readyAgain();

    proxy.cut();
    const noDatabase = await probe('/api/health/ready');
    expect(noDatabase.status).toBe(503);
    expect(noDatabase.text).toMatch(/database/);
    expect(await probe('/api/health')).toEqual({ status: 200, text: 'OK' });
    proxy.restore();
    await readyAgain();
  });
});
