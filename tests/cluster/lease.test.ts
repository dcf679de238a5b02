import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { DbLease } from '../../server/cluster/lease';
import { connect } from '../../server/db/connect';
import type { Db } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { waitFor } from '../support/cluster';
import { createPostgresDatabase, type TempPostgres } from '../support/postgres';

/**
 * The jobs lease in PostgreSQL (docs/scaling.md), with short timings: one holder at a time, and a
 * holder that can no longer renew stops believing it holds the lease before anyone else gets it.
 */

const quiet = { info() {}, warn() {} };
const TTL = 3000;

let database: TempPostgres;
const dbs: Db[] = [];

async function open(): Promise<Db> {
  const db = await connect({ kind: 'postgres', url: database.url });
  dbs.push(db);
  return db;
}

beforeAll(async () => {
  database = await createPostgresDatabase(inject('clusterPostgresUrl'));
  await migrateToLatest(await open());
});
afterAll(async () => {
  for (const db of dbs) await db.close().catch(() => {});
  await database?.drop();
});

describe('the jobs lease', () => {
  it('has one holder, which stops acting by itself once it cannot renew', async () => {
    const first = new DbLease(await open(), 'jobs', 'first', quiet, { ttlMs: TTL, renewMs: 300 });
    const secondDb = await open();
    const second = new DbLease(secondDb, 'jobs', 'second', quiet, { ttlMs: TTL, renewMs: 300 });
    let acquired = 0;
    second.onAcquired(() => acquired++);
    await first.start();
    await second.start();
    expect(first.held).toBe(true);
    expect(second.held).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect([first.held, second.held]).toEqual([true, false]);

    // The holder loses its database: its renewals fail from now on.
    const lostAt = Date.now();
    await dbs[1].close();
    await waitFor(() => (first.held ? undefined : true), TTL + 1000);
    const stoppedAt = Date.now();
    await waitFor(() => (second.held ? true : undefined), TTL + 2000);
    const takenAt = Date.now();
    // It stopped before the other could take over, which happened within ttl + one try.
    expect(stoppedAt).toBeLessThanOrEqual(takenAt);
    expect(takenAt - lostAt).toBeLessThan(TTL + 1000);
    expect(acquired).toBe(1);
    await first.stop();
    await second.stop();
  });

  it('is released at once by a graceful stop', async () => {
    const a = new DbLease(await open(), 'release', 'a', quiet, { ttlMs: 60_000, renewMs: 200 });
    const b = new DbLease(await open(), 'release', 'b', quiet, { ttlMs: 60_000, renewMs: 200 });
    await a.start();
    await b.start();
    expect([a.held, b.held]).toEqual([true, false]);
    await a.stop();
    expect(a.held).toBe(false);
    await waitFor(() => (b.held ? true : undefined), 2000);
    await b.stop();
  });
});
