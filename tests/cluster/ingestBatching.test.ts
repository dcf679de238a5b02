/**
 * Group commit under load, on one instance: a steady stream of fixes goes to the database in
 * batches that start at most every `delayMs`, not one small batch after another as fast as the
 * database answers. Each batch costs its round trips, commit and socket messages whatever its
 * size, so back-to-back batches cost a loaded instance more CPU per fix (docs/scaling.md,
 * "A batch in cluster mode"). It runs on the cluster tests' PostgreSQL server
 * (tests/support/clusterSetup.ts) because only a database in another process lets fixes arrive
 * while a batch is written: SQLite and PGlite answer within the same turn of the event loop.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { buildApp, type App } from '../../server/app';
import { parseConfig } from '../../server/config';
import { connect } from '../../server/db/connect';
import type { Db } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { decodeOsmAndQuery } from '../../server/protocol/osmand/decoder';
import type { SubmitOutcome } from '../../server/protocol/shared/sink';
import { createPostgresDatabase, type TempPostgres } from '../support/postgres';
import { DEPOT, seedFleet, type Fleet } from '../support/trackingSeed';

const DELAY_MS = 50;

let temp: TempPostgres;
let webDir = '';
let db: Db;
let app: App;
let fleet: Fleet;

beforeAll(async () => {
  temp = await createPostgresDatabase(inject('clusterPostgresUrl'));
  webDir = await mkdtemp(path.join(os.tmpdir(), 'frota-batching-'));
  db = await connect({ kind: 'postgres', url: temp.url });
  await migrateToLatest(db);
  fleet = await seedFleet(db);
  app = await buildApp(parseConfig({ WEB_DIR: webDir }), db, {
    logger: false,
    tracking: { ingest: { delayMs: DELAY_MS } },
  });
  await app.ready();
}, 60_000);

afterAll(async () => {
  await app?.close();
  await db?.close();
  await temp?.drop();
  await rm(webDir, { recursive: true, force: true });
});

it('writes a steady stream of fixes in batches at most every delayMs', async () => {
  const commits: number[] = [];
  const unsubscribe = app.tracking.batches.subscribe({
    committed: () => void commits.push(performance.now()),
  });
  const devices = [fleet.van, fleet.truck];
  const first = Math.floor(Date.now() / 1000) - 600;
  const replies: Promise<SubmitOutcome>[] = [];
  // A fix about every millisecond, faster than a batch commits: written back to back, each
  // batch would start the moment the one before it committed, with the few fixes that came
  // meanwhile.
  for (let i = 0; i < 400; i++) {
    const device = devices[i % devices.length];
    const query = `id=${device.uniqueId}&lat=${DEPOT.latitude + i * 1e-4}&lon=${DEPOT.longitude}&timestamp=${first + Math.floor(i / 2)}`;
    replies.push(app.tracking.ingest.submit(decodeOsmAndQuery(query, { now: Date.now() }), false));
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  const outcomes = await Promise.all(replies);
  unsubscribe();

  expect(outcomes.filter((o) => o.kind !== 'stored')).toEqual([]);
  // Batches start at least delayMs apart, so they commit about that far apart too; timers may
  // fire a millisecond early and commits vary with the database, so allow one more batch.
  const elapsed = commits[commits.length - 1] - commits[0];
  expect(commits.length).toBeGreaterThan(1);
  expect(commits.length).toBeLessThanOrEqual(Math.floor(elapsed / (DELAY_MS - 1)) + 2);
});
