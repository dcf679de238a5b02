/**
 * Ingest when PostgreSQL becomes unreachable (a proxy between the app and the database, cut and
 * restored), alone and in cluster mode: fixes are answered `unavailable` with nothing stored,
 * memory is left where the database is, and ingest carries on by itself once the database is
 * back. Runs on the cluster tests' PostgreSQL server (tests/support/clusterSetup.ts).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { buildApp, type App } from '../../server/app';
import { parseConfig } from '../../server/config';
import { connect } from '../../server/db/connect';
import type { Db } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { distanceBetween } from '../../server/processing/geometry';
import { decodeOsmAndQuery } from '../../server/protocol/osmand/decoder';
import type { SubmitOutcome } from '../../server/protocol/shared/sink';
import { createPostgresDatabase, type TempPostgres } from '../support/postgres';
import { postgresAddress, startTcpProxy, type TcpProxy } from '../support/tcpProxy';
import { seedFleet } from '../support/trackingSeed';

/** An hour ago, whole seconds: fixes stay within the accepted age. */
const T0 = Math.floor(Date.now() / 1000) * 1000 - 3_600_000;

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.reverse()) await step();
  cleanup = [];
});

interface Setup {
  app: App;
  direct: Db;
  proxy: TcpProxy;
  uniqueId: string;
  deviceId: number;
}

async function setup(cluster: boolean): Promise<Setup> {
  const temp: TempPostgres = await createPostgresDatabase(inject('clusterPostgresUrl'));
  cleanup.push(() => temp.drop());
  const direct = await connect({ kind: 'postgres', url: temp.url });
  cleanup.push(() => direct.close());
  await migrateToLatest(direct);
  const fleet = await seedFleet(direct);
  const proxy = await startTcpProxy(postgresAddress(temp.url));
  cleanup.push(() => proxy.close());
  const db = await connect({ kind: 'postgres', url: proxy.through(temp.url) });
  cleanup.push(() => db.close());
  const webDir = await mkdtemp(path.join(os.tmpdir(), 'frota-faults-'));
  cleanup.push(() => rm(webDir, { recursive: true, force: true }));
  const env: Record<string, string> = { WEB_DIR: webDir, DATABASE_URL: proxy.through(temp.url) };
  if (cluster) env.REDIS_URL = inject('clusterRedisUrl');
  const app = await buildApp(parseConfig(env), db, {
    logger: false,
    tracking: { ingest: { delayMs: 20 } },
  });
  await app.ready();
  cleanup.push(async () => {
    proxy.restore();
    await app.close();
  });
  return { app, direct, proxy, uniqueId: fleet.van.uniqueId, deviceId: fleet.van.id };
}

const fix = (uniqueId: string, seconds: number, lat: number) =>
  decodeOsmAndQuery(
    `id=${uniqueId}&timestamp=${T0 / 1000 + seconds}&lat=${lat}&lon=-46.63&speed=20`,
    { now: Date.now() },
  );

describe.each([
  ['alone', false],
  ['in cluster mode', true],
])('ingest %s when PostgreSQL is cut off', (_name, cluster) => {
  it('answers unavailable, stores nothing, and resumes from the last stored fix', async () => {
    const { app, direct, proxy, uniqueId, deviceId } = await setup(cluster);
    const submit = (seconds: number, lat: number) =>
      app.tracking.ingest.submit(fix(uniqueId, seconds, lat), true);

    expect((await submit(0, -23.55)).kind).toBe('stored');
    proxy.cut();
    // Two fixes in one batch, both refused: memory must not keep either as the latest.
    const refused = await Promise.all([submit(30, -23.54), submit(60, -23.53)]);
    expect(refused).toEqual<SubmitOutcome[]>([{ kind: 'unavailable' }, { kind: 'unavailable' }]);
    proxy.restore();

    // The pool reconnects by itself: the device's retry is stored.
    let outcome: SubmitOutcome = { kind: 'unavailable' };
    for (let i = 0; i < 50 && outcome.kind === 'unavailable'; i++) {
      outcome = await submit(90, -23.548);
      if (outcome.kind === 'unavailable') await new Promise((r) => setTimeout(r, 100));
    }
    expect(outcome.kind).toBe('stored');

    const rows = await direct.kysely
      .selectFrom('positions')
      .select(['fixTime', 'attributes'])
      .where('deviceId', '=', deviceId)
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.fixTime)).toEqual([T0, T0 + 90_000]);
    // Distance runs from the last stored fix, not from one that was refused.
    const step = distanceBetween(
      { latitude: -23.55, longitude: -46.63 },
      { latitude: -23.548, longitude: -46.63 },
    );
    const { distance: travelled } = JSON.parse(rows[1].attributes) as { distance: number };
    expect(travelled).toBeCloseTo(step, 1);
  }, 60_000);

  it('answers a copy sent while the first waits for its batch as the first is answered', async () => {
    const { app, direct, proxy, uniqueId, deviceId } = await setup(cluster);
    const submit = () => app.tracking.ingest.submit(fix(uniqueId, 120, -23.55), true);
    proxy.cut();
    // The phone gave up waiting and sent the fix again: neither copy is stored, so neither may
    // be acknowledged, or the phone would drop a fix the server does not have.
    const [first, again] = await Promise.all([submit(), submit()]);
    expect([first, again]).toEqual<SubmitOutcome[]>([
      { kind: 'unavailable' },
      { kind: 'unavailable' },
    ]);
    proxy.restore();
    let outcome: SubmitOutcome = { kind: 'unavailable' };
    for (let i = 0; i < 50 && outcome.kind === 'unavailable'; i++) {
      outcome = await submit();
      if (outcome.kind === 'unavailable') await new Promise((r) => setTimeout(r, 100));
    }
    expect(outcome.kind).toBe('stored');
    // Stored, a copy sent while it waited is acknowledged without being stored again.
    const [stored, copy] = await Promise.all([
      app.tracking.ingest.submit(fix(uniqueId, 150, -23.56), true),
      app.tracking.ingest.submit(fix(uniqueId, 150, -23.56), true),
    ]);
    expect([stored.kind, copy.kind]).toEqual(['stored', 'duplicate']);
    const rows = await direct.kysely
      .selectFrom('positions')
      .select('fixTime')
      .where('deviceId', '=', deviceId)
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.fixTime)).toEqual([T0 + 120_000, T0 + 150_000]);
  }, 60_000);
});
