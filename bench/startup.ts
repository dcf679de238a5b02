/**
 * Cold start of the compiled server (`node build/server/main.js`, what `npm start` and the
 * systemd sample run): from spawning the process to the first 200 of `/api/health`, the median of
 * several runs, for each database the server starts on:
 *
 * - empty: a new database each run, so the start migrates it, creates the first administrator
 *   and the demo fleet (the defaults of a first `npm start`);
 * - 10,000 devices: a migrated database with 10,000 devices, each with a latest position, started
 *   on again and again (the caches read every device and position at start).
 *
 * On SQLite (under a temporary DATA_DIR) and, with BENCH_DATABASE_URL (a PostgreSQL server where
 * the bench may create databases), on PostgreSQL. Beside the wall time it prints the server's CPU
 * time up to that answer, which a busy machine inflates less. BENCH_STARTUP_RUNS sets the runs
 * per setup (default 5). The device ports listen on free ports, as a deployment's would listen.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { buildServerIfStale, SERVER_OUTDIR } from '../scripts/buildServer.mjs';
import { freePort } from '../scripts/freePort.mjs';
import { portVariable } from '../server/config';
import type { DatabaseConfig } from '../server/db/databaseConfig';
import { connect } from '../server/db/connect';
import { flag, type Db } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrate';
import { maintainPositionPartitions } from '../server/positions/partitions';
import { DEVICE_PROTOCOLS } from '../server/protocol';
import { ensureFirstAdmin } from '../server/users/firstAdmin';
import { Client } from '../tests/support/http';
import { TEST_ADMIN, REPO_ROOT } from '../tests/support/server';
import {
  benchPostgres,
  benchPostgresUrl,
  log,
  printFigures,
  processCpuMs,
  runIfMain,
  timedVerdict,
  watchSpareCores,
  type Figure,
} from './support';

const RUNS = Number(process.env.BENCH_STARTUP_RUNS ?? 5);
const DEVICES = 10_000;
const TARGET_MS = 3_000;
/** A start taking longer than this is a failure, not a figure. */
const START_TIMEOUT_MS = 120_000;

interface Start {
  wallMs: number;
  cpuMs: number | null;
  /** The machine's idle CPU (cores) while this start ran. */
  spareCores: number;
}

interface Database {
  /** Frota's DATABASE_URL, or null for SQLite under DATA_DIR. */
  url: string | null;
  dataDir: string;
  drop(): Promise<void>;
}

async function sqliteDatabase(): Promise<Database> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'frota-startup-'));
  return { url: null, dataDir, drop: () => rm(dataDir, { recursive: true, force: true }) };
}

async function postgresDatabase(): Promise<Database> {
  const database = await benchPostgres();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'frota-startup-'));
  return {
    url: database.url,
    dataDir,
    async drop() {
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Spawns the compiled server, times it to its first healthy answer, and stops it. */
async function timeStart(
  database: Database,
): Promise<Start & { url: string; stop(): Promise<void> }> {
  const port = await freePort();
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: database.dataDir,
    LOG_LEVEL: 'warn',
    ADMIN_EMAIL: TEST_ADMIN.email,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    OSMAND_PORT: '0',
    ...Object.fromEntries(DEVICE_PROTOCOLS.map((p) => [portVariable(p.name), '0'])),
    ...(database.url ? { DATABASE_URL: database.url } : {}),
  };
  const output: string[] = [];
  const started = performance.now();
  const spareCores = watchSpareCores();
  const child = spawn(
    process.execPath,
    ['--enable-source-maps', path.join(SERVER_OUTDIR, 'main.js')],
    { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child.stdout.on('data', (chunk: Buffer) => output.push(String(chunk)));
  child.stderr.on('data', (chunk: Buffer) => output.push(String(chunk)));
  let exited: number | null | undefined;
  const exit = new Promise<void>((resolve) =>
    child.on('exit', (code) => {
      exited = code;
      resolve();
    }),
  );
  const stop = async () => {
    if (exited === undefined) child.kill('SIGTERM');
    await exit;
  };
  const url = `http://127.0.0.1:${port}`;
  while (performance.now() - started < START_TIMEOUT_MS) {
    if (exited !== undefined) {
      throw new Error(`server exited with ${exited} during start\n${output.join('')}`);
    }
    try {
      const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) });
      await res.arrayBuffer();
      if (res.status === 200) {
        const wallMs = performance.now() - started;
        return {
          wallMs,
          cpuMs: processCpuMs(child.pid ?? null),
          spareCores: spareCores(),
          url,
          stop,
        };
      }
    } catch {
      // Not listening yet.
    }
    await delay(5);
  }
  await stop();
  throw new Error(`server not healthy after ${START_TIMEOUT_MS} ms\n${output.join('')}`);
}

/** 10,000 devices, each with a latest position, in a migrated database with an administrator. */
async function seedDevices(database: Database): Promise<void> {
  const config: DatabaseConfig = database.url
    ? { kind: 'postgres', url: database.url }
    : { kind: 'sqlite', file: path.join(database.dataDir, 'frota.db') };
  const db: Db = await connect(config);
  try {
    await migrateToLatest(db);
    await ensureFirstAdmin(db, TEST_ADMIN.email, TEST_ADMIN.password);
    const now = Date.now();
    // PostgreSQL keeps positions in month partitions, which must exist before rows arrive.
    await maintainPositionPartitions(db, now, { retentionDays: null, maxFixAgeDays: 30 });
    for (let from = 0; from < DEVICES; from += 500) {
      const indexes = Array.from({ length: Math.min(500, DEVICES - from) }, (_, i) => from + i);
      const devices = await db.kysely
        .insertInto('devices')
        .values(
          indexes.map((i) => ({
            name: `Startup ${i}`,
            uniqueId: `startup-${String(i).padStart(5, '0')}`,
            status: 'offline',
            lastUpdate: now - i * 1000,
            disabled: flag(db, false),
            state: '{}',
            attributes: '{}',
          })),
        )
        .returning('id')
        .execute();
      await db.kysely
        .insertInto('positions')
        .values(
          devices.map(({ id }, k) => ({
            protocol: 'osmand',
            deviceId: id,
            serverTime: now - indexes[k] * 1000,
            deviceTime: now - indexes[k] * 1000,
            fixTime: now - indexes[k] * 1000,
            valid: flag(db, true),
            latitude: -23.5 - (indexes[k] % 100) * 0.01,
            longitude: -46.6 - Math.floor(indexes[k] / 100) * 0.01,
            altitude: 760,
            speed: indexes[k] % 40,
            course: indexes[k] % 360,
            accuracy: 5,
            attributes: '{"ignition":false,"batteryLevel":90}',
          })),
        )
        .execute();
    }
    await sql`update devices set position_id =
      (select max(p.id) from positions p where p.device_id = devices.id)`.execute(db.kysely);
  } finally {
    await db.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

function startFigure(name: string, starts: Start[], note: string): Figure {
  const walls = starts.map((s) => s.wallMs);
  const cpus = starts.flatMap((s) => (s.cpuMs === null ? [] : [s.cpuMs]));
  const value = Math.round(median(walls));
  const range = `${Math.round(Math.min(...walls))}–${Math.round(Math.max(...walls))} ms`;
  const cpu = cpus.length > 0 ? `, server CPU ${Math.round(median(cpus))} ms median` : '';
  // The machine's idle CPU over the starts, taken as their median like the time itself.
  const spare = median(starts.map((s) => s.spareCores));
  const verdict = timedVerdict(value < TARGET_MS, { asked: RUNS, done: starts.length }, spare);
  return {
    name,
    value,
    unit: 'ms median',
    target: `< ${TARGET_MS}`,
    met: verdict.met,
    note: `${range}${cpu}; ${verdict.note}; ${note}`,
  };
}

/** Every run on a database of its own, new each time. */
async function emptyStarts(open: () => Promise<Database>): Promise<Start[]> {
  const starts: Start[] = [];
  for (let run = 0; run < RUNS; run++) {
    const database = await open();
    try {
      const start = await timeStart(database);
      await start.stop();
      starts.push(start);
    } finally {
      await database.drop();
    }
  }
  return starts;
}

/** Every run on the same database of 10,000 devices. */
async function fleetStarts(open: () => Promise<Database>): Promise<Start[]> {
  const database = await open();
  try {
    const seeded = performance.now();
    await seedDevices(database);
    log(`${DEVICES} devices written in ${((performance.now() - seeded) / 1000).toFixed(1)} s`);
    const starts: Start[] = [];
    for (let run = 0; run < RUNS; run++) {
      const start = await timeStart(database);
      try {
        if (run === RUNS - 1) {
          // The figure is a start that serves this fleet, not one that missed it.
          const admin = new Client(start.url);
          await admin.login(TEST_ADMIN.email, TEST_ADMIN.password);
          const devices = (await (await admin.get('/api/devices')).json()) as unknown[];
          if (devices.length < DEVICES) {
            throw new Error(`the server lists ${devices.length} devices, not ${DEVICES}`);
          }
        }
      } finally {
        await start.stop();
      }
      starts.push(start);
    }
    return starts;
  } finally {
    await database.drop();
  }
}

export async function main(): Promise<Figure[]> {
  await buildServerIfStale(REPO_ROOT);
  const setups: [string, () => Promise<Database>][] = [['SQLite', sqliteDatabase]];
  if (benchPostgresUrl()) setups.push(['PostgreSQL', postgresDatabase]);
  else log('BENCH_DATABASE_URL is not set: SQLite only');
  const figures: Figure[] = [];
  for (const [name, open] of setups) {
    log(`${name}: empty database, ${RUNS} runs`);
    figures.push(
      startFigure(
        `${name}, empty database`,
        await emptyStarts(open),
        'migrations, first admin, 25 demo devices',
      ),
    );
    log(`${name}: ${DEVICES} devices, ${RUNS} runs`);
    figures.push(
      startFigure(
        `${name}, ${DEVICES.toLocaleString('en')} devices`,
        await fleetStarts(open),
        'each with a latest position',
      ),
    );
  }
  printFigures('Cold start of the compiled server (spawn → first 200 of /api/health)', figures);
  return figures;
}

runIfMain(import.meta.url, main);
