/**
 * Shared pieces of the benchmarks: a real server process on loopback with a temporary DATA_DIR
 * (tests/support/server.ts), an admin API client, bulk device creation, OsmAnd sending and
 * percentiles. Every loop here is bounded in count and in time.
 */
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { connect } from '../server/db/connect';
import { OsmAndSender } from '../server/simulator/sender';
import { machineCpuMs } from './cpuQuota';
import { Client } from '../tests/support/http';
import { createTempPostgres, type TempPostgres } from '../tests/support/postgres';
import { TEST_ADMIN, startServer, type TestServer } from '../tests/support/server';

export interface Figure {
  name: string;
  value: number;
  unit: string;
  /** e.g. `≥ 3000` or `< 200`. */
  target?: string;
  /** null: the machine, not the code, decided the figure, so it is no verdict ("not measured"). */
  met?: boolean | null;
  note?: string;
}

/**
 * `BENCH_DATABASE_URL` (a PostgreSQL server where the bench may create databases) runs the
 * server benches on a temporary PostgreSQL database instead of SQLite.
 */
export const benchPostgresUrl = (): string | null => process.env.BENCH_DATABASE_URL || null;

/** The database a bench server runs on, dropped by `dropBenchDatabase`. */
const benchDatabases = new WeakMap<TestServer, TempPostgres>();

/** A temporary PostgreSQL database on `BENCH_DATABASE_URL`. */
export async function benchPostgres(): Promise<TempPostgres> {
  const url = benchPostgresUrl();
  if (url === null) throw new Error('BENCH_DATABASE_URL is not set');
  const previous = process.env.DATABASE_URL;
  process.env.DATABASE_URL = url;
  try {
    return await createTempPostgres('dir');
  } finally {
    if (previous === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = previous;
  }
}

/**
 * A server for a bench: on SQLite, or on a new temporary PostgreSQL database with
 * BENCH_DATABASE_URL; `extraEnv.DATABASE_URL` joins an existing database instead (a second
 * instance).
 */
export async function startBenchServer(extraEnv: Record<string, string> = {}): Promise<TestServer> {
  const database = benchPostgresUrl() && !extraEnv.DATABASE_URL ? await benchPostgres() : null;
  // Quiet logs: a line per request would measure the logger.
  const server = await startServer({
    env: {
      LOG_LEVEL: 'warn',
      DEMO_DEVICES: '0',
      ...(database ? { DATABASE_URL: database.url } : {}),
      ...extraEnv,
    },
    startTimeoutMs: 60_000,
  });
  if (database) benchDatabases.set(server, database);
  return server;
}

/** Stops a bench server and drops its temporary PostgreSQL database, if it had one. */
export async function stopBenchServer(server: TestServer): Promise<void> {
  await server.stop();
  await benchDatabases.get(server)?.drop();
}

export async function adminClient(server: TestServer): Promise<Client> {
  const client = new Client(server.url);
  await client.login(TEST_ADMIN.email, TEST_ADMIN.password);
  return client;
}

export const osmandUrl = (server: TestServer) => `http://127.0.0.1:${server.env.OSMAND_PORT}`;

export interface CreatedDevice {
  id: number;
  uniqueId: string;
}

/** Creates `count` devices through POST /api/devices, `concurrency` at a time. */
export async function createDevices(
  client: Client,
  count: number,
  prefix = 'bench-',
  concurrency = 16,
): Promise<CreatedDevice[]> {
  const devices: CreatedDevice[] = new Array(count);
  let next = 0;
  const deadline = Date.now() + 10 * 60_000;
  const worker = async () => {
    while (next < count) {
      if (Date.now() > deadline) throw new Error('device creation took over 10 minutes');
      const index = next++;
      const uniqueId = `${prefix}${String(index).padStart(6, '0')}`;
      const res = await client.json('/api/devices', { name: `Bench ${index}`, uniqueId });
      if (res.status !== 200) {
        throw new Error(`POST /api/devices: HTTP ${res.status} ${await res.text()}`);
      }
      const device = (await res.json()) as { id: number };
      devices[index] = { id: device.id, uniqueId };
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return devices;
}

/** One OsmAnd query with an explicit fix time (epoch ms), somewhere in São Paulo. */
export function osmAndMessage(uniqueId: string, fixTime: number, seq: number): string {
  const lat = (-23.55 + ((seq * 7) % 1000) * 0.0001).toFixed(6);
  const lon = (-46.63 - ((seq * 13) % 1000) * 0.0001).toFixed(6);
  return `id=${encodeURIComponent(uniqueId)}&timestamp=${fixTime}&lat=${lat}&lon=${lon}&speed=${seq % 40}&bearing=${seq % 360}&ignition=true&batt=90`;
}

export function newSender(server: TestServer, concurrency: number): OsmAndSender {
  return new OsmAndSender({
    url: osmandUrl(server),
    concurrency,
    maxQueue: concurrency * 64,
    retries: 0,
    timeoutMs: 30_000,
    breakerThreshold: 1_000_000,
  });
}

/** Rows in `positions`, read from the server's database (SQLite's WAL allows a concurrent reader). */
export async function storedPositions(server: TestServer): Promise<number> {
  const url = server.env.DATABASE_URL;
  const db = await connect(
    url
      ? { kind: 'postgres', url }
      : { kind: 'sqlite', file: path.join(server.dataDir, 'frota.db') },
  );
  try {
    const row = await db.kysely
      .selectFrom('positions')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  } finally {
    await db.close();
  }
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank];
}

/** `runs` timed GETs of `path`; throws on any answer but 200. Returns the times and the last body. */
export async function timeGets(
  client: Client,
  path: string,
  runs: number,
): Promise<{ times: number[]; body: string }> {
  const times: number[] = [];
  let body = '';
  for (let run = 0; run < runs; run++) {
    const start = performance.now();
    const res = await client.get(path);
    body = await res.text();
    times.push(performance.now() - start);
    if (res.status !== 200)
      throw new Error(`GET ${path}: HTTP ${res.status} ${body.slice(0, 200)}`);
  }
  return { times, body };
}

/** The median and the p95 of a response time, the p95 held to `targetMs`. */
export function responseFigures(
  label: string,
  times: number[],
  targetMs: number,
  note: string,
): Figure[] {
  const p95 = percentile(times, 95);
  return [
    { name: `${label} median`, value: percentile(times, 50), unit: 'ms', note },
    {
      name: `${label} p95 (${times.length} runs)`,
      value: p95,
      unit: 'ms',
      target: `< ${targetMs}`,
      met: p95 < targetMs,
    },
  ];
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Less idle CPU than this (cores) left on the machine while a step ran: the machine was the limit. */
export const MACHINE_SPARE = 0.05;

/**
 * Starts watching the machine's idle CPU (Linux, /proc/stat); the function returned gives the
 * cores that were idle on average since.
 */
export function watchSpareCores(): () => number {
  const from = machineCpuMs().idle;
  const started = performance.now();
  return () => (machineCpuMs().idle - from) / Math.max(1, performance.now() - started);
}

/**
 * The verdict on a timed step against its target. A miss while the machine had no idle CPU left
 * (under `MACHINE_SPARE` cores on average over the runs) waited for the CPU as much as for its
 * own work, and a step cut short ran fewer times than asked: both are the machine's figures, not
 * a verdict on the code, so they are "not measured". The note says the runs asked and done and
 * the idle CPU, measured over the same runs.
 */
export function timedVerdict(
  met: boolean,
  runs: { asked: number; done: number },
  spareCores: number,
): { met: boolean | null; note: string } {
  const cutShort = runs.done < runs.asked;
  const machineBusy = spareCores < MACHINE_SPARE;
  return {
    met: cutShort || (!met && machineBusy) ? null : met,
    note: `${runs.done} of ${runs.asked} runs asked; machine idle ${spareCores.toFixed(2)} of ${os.cpus().length} cores during them`,
  };
}

export function log(line: string): void {
  console.log(`[bench] ${line}`);
}

export function printFigures(title: string, figures: Figure[]): void {
  console.log(`\n${title}`);
  for (const f of figures) {
    const digits = Math.abs(f.value) < 10 ? 2 : 1;
    const value = Number.isInteger(f.value) ? String(f.value) : f.value.toFixed(digits);
    const verdict = f.met === null ? 'not measured' : f.met ? 'OK' : 'MISSED';
    const target = f.target ? `  target ${f.target} ${verdict}` : '';
    const note = f.note ? `  (${f.note})` : '';
    console.log(`  ${f.name.padEnd(44)} ${value.padStart(10)} ${f.unit}${target}${note}`);
  }
}

/** Runs `main` when the file is executed directly (`tsx bench/x.ts`). */
export function runIfMain(url: string, main: () => Promise<unknown>): void {
  const entry = process.argv[1] ? path.resolve(process.argv[1]) : '';
  if (entry !== new URL(url).pathname) return;
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}

/**
 * CPU time (user + system, ms) a server process has used so far, from /proc (Linux); null where
 * that is not available.
 */
export function serverCpuMs(server: TestServer): number | null {
  return processCpuMs(server.pid);
}

/** CPU time (user + system, ms) process `pid` has used so far; null where /proc is missing. */
export function processCpuMs(pid: number | null): number | null {
  if (pid === null) return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which may hold spaces: utime and stime are 14th and 15th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return (ticks * 1000) / 100;
  } catch {
    return null;
  }
}
