import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql } from 'kysely';
import { connect } from '../../server/db/connect';
import { startCluster, type TestCluster } from '../support/cluster';
import { createPostgresDatabase, type TempPostgres } from '../support/postgres';
import { parseExposition, sampleValue, type Family } from '../support/prometheus';
import { TestRedis } from '../support/services';

/**
 * What an instance of a cluster is configured with and shows Prometheus (docs/scaling.md,
 * "Metrics and configuration"): the PostgreSQL pool settings reach the connections, and the Redis
 * gauges follow Redis going away and coming back.
 */

const TOKEN = 'cluster-metrics-token-42f9e1';

let database: TempPostgres;
let redis: TestRedis;
let cluster: TestCluster;

beforeAll(async () => {
  database = await createPostgresDatabase(inject('clusterPostgresUrl'));
  redis = await TestRedis.start();
  cluster = await startCluster({
    instances: 1,
    redisUrl: redis.url,
    env: { METRICS_TOKEN: TOKEN, DATABASE_POOL_MAX: '4' },
  });
}, 120_000);
afterAll(async () => {
  await cluster?.stop();
  await redis?.remove();
  await database?.drop();
});

async function scrape(): Promise<Map<string, Family>> {
  const res = await fetch(`${cluster.instances[0].url}/metrics`, {
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(res.status).toBe(200);
  return parseExposition(await res.text());
}

describe('PostgreSQL pool settings', () => {
  it('bound the connections and cancel statements past the timeout', async () => {
    const db = await connect({
      kind: 'postgres',
      url: database.url,
      pool: { max: 2, idleTimeoutMs: 1_000, connectTimeoutMs: 5_000, statementTimeoutMs: 300 },
    });
    try {
      const pids = await Promise.all(
        Array.from({ length: 6 }, async () => {
          const { rows } = await sql<{
            pid: number;
          }>`select pg_backend_pid() as pid, pg_sleep(0.05)`.execute(db.kysely);
          return rows[0].pid;
        }),
      );
      expect(new Set(pids).size).toBeLessThanOrEqual(2);
      expect(db.poolState?.()).toMatchObject({ max: 2 });
      const { rows } = await sql<{
        value: string;
      }>`select current_setting('statement_timeout') as value`.execute(db.kysely);
      expect(rows[0].value).toBe('300ms');
      await expect(sql`select pg_sleep(2)`.execute(db.kysely)).rejects.toMatchObject({
        code: '57014',
      });
    } finally {
      await db.close();
    }
  });
});

describe('an instance in cluster mode', () => {
  it('shows its pool, Redis and the jobs lease, and Redis going away', async () => {
    await expect
      .poll(async () => sampleValue(await scrape(), 'frota_cluster_lease_held'), {
        timeout: 15_000,
      })
      .toBe(1);
    const up = await scrape();
    expect(sampleValue(up, 'frota_database_pool_connections', { state: 'max' })).toBe(4);
    expect(sampleValue(up, 'frota_redis_up')).toBe(1);
    expect(sampleValue(up, 'frota_redis_subscribed')).toBe(1);
    const ping = sampleValue(up, 'frota_redis_ping_seconds');
    expect(ping).toBeGreaterThan(0);
    expect(ping).toBeLessThan(2);

    await redis.stop();
    await expect
      .poll(async () => sampleValue(await scrape(), 'frota_redis_subscribed'), { timeout: 10_000 })
      .toBe(0);
    const down = await scrape();
    expect(sampleValue(down, 'frota_redis_up')).toBe(0);
    expect(sampleValue(down, 'frota_redis_ping_seconds')).toBeNaN();
    // The database still answers: the instance keeps serving.
    expect(sampleValue(down, 'frota_database_up')).toBe(1);

    await redis.start();
    await expect
      .poll(async () => sampleValue(await scrape(), 'frota_redis_up'), { timeout: 15_000 })
      .toBe(1);
  });
});
