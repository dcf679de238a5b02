/**
 * (f) A year of a fleet on PostgreSQL's partitioned positions (BENCH_DATABASE_URL, a server where
 * the bench may create a database): 10,000 devices reporting every 2 hours for a year, written
 * with `generate_series` into the month partitions, plus 10 devices reporting every minute for
 * the last 30 days (trips out and back every 4 hours). Then the real server is started on it and
 * timed: a device's history by day, week and month (`GET /api/positions?deviceId&from&to`), its
 * trips, stops and summary reports over a week and a month, a sparse device's whole year (13
 * partitions), every device's latest position (looked up by id across the partitions), the
 * server's start (its caches read every latest position), and dropping a month by retention.
 *
 * BENCH_SCALE_DEVICES and BENCH_SCALE_EVERY_H change the fleet and its interval;
 * BENCH_SCALE_KEEP=1 keeps the database (its URL is printed), BENCH_SCALE_URL reuses one.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { connect } from '../server/db/connect';
import type { Db } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrate';
import {
  listPartitions,
  maintainPositionPartitions,
  monthStart,
} from '../server/positions/partitions';
import { Client } from '../tests/support/http';
import { TEST_ADMIN, startServer } from '../tests/support/server';
import {
  benchPostgres,
  benchPostgresUrl,
  log,
  percentile,
  printFigures,
  runIfMain,
  type Figure,
} from './support';

const DAY_MS = 86_400_000;
const DEVICES = Number(process.env.BENCH_SCALE_DEVICES ?? 10_000);
const EVERY_MS = Number(process.env.BENCH_SCALE_EVERY_H ?? 2) * 3_600_000;
const DENSE = 10;
const DENSE_DAYS = 30;
const RUNS = 10;
/** Per-request targets: a device's week of history or report well under a second. */
const QUERY_TARGET_MS = 1_000;
const LATEST_TARGET_MS = 2_000;

const elapsed = (start: number) => performance.now() - start;

/** Devices 1..DEVICES, the first DENSE of them reporting every minute. */
async function generate(db: Db, now: number): Promise<{ rows: number; seconds: number }> {
  const start = performance.now();
  await sql`insert into devices (name, unique_id, state, attributes)
    select 'Scale ' || d, 'scale-' || d, '{}', '{}' from generate_series(1, ${DEVICES}) d`.execute(
    db.kysely,
  );
  const yearAgo = now - 365 * DAY_MS;
  // Every month from a year ago exists before the rows arrive (as the job keeps them).
  await maintainPositionPartitions(db, now, { retentionDays: null, maxFixAgeDays: 366 });
  let rows = 0;
  // One month per statement, fixes in time order as devices would send them.
  for (let from = yearAgo; from < now;) {
    const to = Math.min(now, monthStart(from, 1));
    const first = Math.ceil(from / EVERY_MS) * EVERY_MS;
    const result = await sql`insert into positions (protocol, device_id, server_time, device_time,
        fix_time, valid, latitude, longitude, altitude, speed, course, accuracy, attributes)
      select 'osmand', d, t, t, t, true, -23.5 - (d % 100) * 0.01, -46.6 - (d / 100) * 0.01,
        760, 0, 0, 5, '{"ignition":false,"batteryLevel":90}'
      from generate_series(${first}::bigint, ${to - 1}::bigint, ${EVERY_MS}::bigint) t,
        generate_series(1, ${DEVICES}) d`.execute(db.kysely);
    rows += Number(result.numAffectedRows ?? 0);
    log(
      `${new Date(from).toISOString().slice(0, 7)}: ${rows} rows, ${(elapsed(start) / 1000).toFixed(0)} s`,
    );
    from = to;
  }
  // The dense devices: every minute, an hour's drive out or back every 4 hours.
  const denseFrom = Math.ceil((now - DENSE_DAYS * DAY_MS) / 60_000) * 60_000;
  const dense = await sql`insert into positions (protocol, device_id, server_time, device_time,
      fix_time, valid, latitude, longitude, altitude, speed, course, accuracy, attributes)
    select 'osmand', d, t, t, t, true,
      -23.5 - (d % 100) * 0.01 + 0.001 * (case when (i / 240) % 2 = 0
        then least(i % 240, 60) else 60 - least(i % 240, 60) end),
      -46.6 - (d / 100) * 0.01, 760,
      case when i % 240 < 60 then 21.6 else 0 end, 0, 5,
      json_build_object('ignition', i % 240 < 62, 'motion', i % 240 < 60)::text
    from generate_series(1, ${DENSE}) d,
      lateral (select i, ${denseFrom}::bigint + i::bigint * 60000 as t
        from generate_series(0, ${DENSE_DAYS * 1440 - 1}) i) m`.execute(db.kysely);
  rows += Number(dense.numAffectedRows ?? 0);
  // Each device's latest position, read from the current month only.
  await sql`update devices set position_id = p.id, last_update = p.fix_time, status = 'offline'
    from (select distinct on (device_id) device_id, id, fix_time from positions
      where fix_time >= ${monthStart(now, -1)} order by device_id, fix_time desc, id desc) p
    where devices.id = p.device_id`.execute(db.kysely);
  await sql`vacuum analyze positions`.execute(db.kysely);
  await sql`analyze devices`.execute(db.kysely);
  return { rows, seconds: elapsed(start) / 1000 };
}

async function timed(client: Client, path: string, runs = RUNS): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    const res = await client.get(path);
    const body = await res.text();
    times.push(elapsed(start));
    if (res.status !== 200) throw new Error(`GET ${path}: ${res.status} ${body.slice(0, 200)}`);
  }
  return times;
}

function figure(name: string, times: number[], target: number, note: string): Figure {
  const p95 = percentile(times, 95);
  return {
    name,
    value: Math.round(percentile(times, 50)),
    unit: 'ms median',
    target: `p95 < ${target}`,
    met: p95 < target,
    note: `p95 ${Math.round(p95)} ms, ${note}`,
  };
}

export async function main(): Promise<Figure[]> {
  if (!benchPostgresUrl() && !process.env.BENCH_SCALE_URL) {
    throw new Error('Set BENCH_DATABASE_URL (a PostgreSQL server) to run this bench');
  }
  const reuse = process.env.BENCH_SCALE_URL ?? null;
  const temp = reuse ? null : await benchPostgres();
  const url = reuse ?? temp!.url;
  const db = await connect({ kind: 'postgres', url });
  const figures: Figure[] = [];
  const now = Date.now();
  try {
    if (!reuse) {
      await migrateToLatest(db);
      const made = await generate(db, now);
      log(`${made.rows} positions written in ${made.seconds.toFixed(0)} s`);
      figures.push({
        name: 'positions generated',
        value: made.rows,
        unit: 'rows',
        note: `${DEVICES} devices every ${EVERY_MS / 3_600_000} h for a year + ${DENSE} every minute for ${DENSE_DAYS} days, ${made.seconds.toFixed(0)} s`,
      });
    }
    const { rows: size } = await sql<{ total: string }>`
      select pg_size_pretty(sum(pg_total_relation_size(inhrelid))) as total
      from pg_inherits where inhparent = 'positions'::regclass`.execute(db.kysely);
    const partitions = await listPartitions(db.kysely);
    log(`positions: ${partitions.length} partitions, ${size[0].total} with indexes`);

    const startAt = performance.now();
    const server = await startServer({
      env: { DATABASE_URL: url, LOG_LEVEL: 'warn' },
      startTimeoutMs: 300_000,
    });
    figures.push({
      name: 'server start (caches read every latest position)',
      value: Math.round(elapsed(startAt)),
      unit: 'ms',
      note: `${DEVICES} devices, ${partitions.length} partitions`,
    });
    try {
      const admin = new Client(server.url);
      await admin.login(TEST_ADMIN.email, TEST_ADMIN.password);
      const iso = (t: number) => new Date(t).toISOString();
      const range = (days: number, end = now - DAY_MS) =>
        `from=${iso(end - days * DAY_MS)}&to=${iso(end)}`;
      const dense = 3;
      const sparse = DEVICES - 7;

      figures.push(
        figure(
          'history, 1 day of a device (1,440 fixes)',
          await timed(admin, `/api/positions?deviceId=${dense}&${range(1)}`),
          QUERY_TARGET_MS,
          'GET /api/positions?deviceId&from&to',
        ),
        figure(
          'history, 7 days of a device (10,080 fixes)',
          await timed(admin, `/api/positions?deviceId=${dense}&${range(7)}`),
          QUERY_TARGET_MS,
          'spans one or two month partitions',
        ),
        figure(
          'history, 29 days of a device (41,760 fixes)',
          await timed(admin, `/api/positions?deviceId=${dense}&${range(29)}`, 5),
          3 * QUERY_TARGET_MS,
          'two month partitions',
        ),
        figure(
          'history, a year of a sparse device (4,380 fixes)',
          await timed(admin, `/api/positions?deviceId=${sparse}&${range(364, now)}`),
          QUERY_TARGET_MS,
          'all 13 month partitions',
        ),
        figure(
          'trips report, 7 days',
          await timed(admin, `/api/reports/trips?deviceId=${dense}&${range(7)}`),
          QUERY_TARGET_MS,
          '/api/reports/trips',
        ),
        figure(
          'summary report, 29 days',
          await timed(admin, `/api/reports/summary?deviceId=${dense}&${range(29)}`, 5),
          2 * QUERY_TARGET_MS,
          '/api/reports/summary',
        ),
        figure(
          'stops report, 7 days',
          await timed(admin, `/api/reports/stops?deviceId=${dense}&${range(7)}`),
          QUERY_TARGET_MS,
          '/api/reports/stops',
        ),
        figure(
          `latest position of all ${DEVICES} devices`,
          await timed(admin, '/api/positions', 5),
          LATEST_TARGET_MS,
          'GET /api/positions, by id across the partitions',
        ),
      );
      const trips = (await (
        await admin.get(`/api/reports/trips?deviceId=${dense}&${range(7)}`)
      ).json()) as unknown[];
      log(`the dense device made ${trips.length} trips in 7 days`);
    } finally {
      await server.stop();
    }

    // Lookups by id alone probe every partition's primary key index.
    const ids = await sql<{ id: number }>`select position_id as id from devices
      order by random() limit 200`.execute(db.kysely);
    const byId = performance.now();
    for (const { id } of ids.rows) {
      await sql`select * from positions where id = ${id}`.execute(db.kysely);
    }
    figures.push({
      name: 'one position by id (no fix time known)',
      value: Number((elapsed(byId) / ids.rows.length).toFixed(2)),
      unit: 'ms',
      note: `mean of ${ids.rows.length}, ${partitions.length} partitions probed`,
    });

    // Retention: the oldest months go by DROP TABLE, whatever their size.
    if (!reuse) {
      const drop = performance.now();
      const result = await maintainPositionPartitions(db, now, {
        retentionDays: 300,
        maxFixAgeDays: 30,
      });
      figures.push({
        name: 'retention: drop the months older than 300 days',
        value: Math.round(elapsed(drop)),
        unit: 'ms',
        note: `${result.dropped.length} partitions (${result.dropped.join(', ')})`,
      });
    }
  } finally {
    await db.close();
    if (temp && process.env.BENCH_SCALE_KEEP !== '1') await temp.drop();
    else log(`database kept: ${url}`);
  }
  printFigures('Positions at scale on PostgreSQL (partitioned by month)', figures);
  return figures;
}

runIfMain(import.meta.url, main);
