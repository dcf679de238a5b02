/**
 * (d) Reports on a device-year: one device with a year of positions at 30 s (~1,050,000 rows, a
 * commuter's week: four trips on weekdays, two on Saturdays, parked on Sundays, with ignition,
 * engine hours, odometer and a few data gaps) written straight into a temporary SQLite database,
 * plus a second device with a month, then the real server started on it. Timed to the last byte:
 * trips, stops, summary and daily summary over the year (target < 2 s each), the route report of
 * 100,000 positions (two devices × the 50,000 cap) as JSON, and as an .xlsx (target < 10 s).
 * Loopback only; every step is bounded in time.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import SQLite from 'better-sqlite3';
import { connect } from '../server/db/connect';
import { migrateToLatest } from '../server/db/migrate';
import { distance } from '../server/processing/geometry';
import { knotsFromKmh } from '../model/units';
import { readerSql } from '../server/reports/source';
import { TEST_ADMIN, startServer } from '../tests/support/server';
import { Client } from '../tests/support/http';
import {
  log,
  percentile,
  printFigures,
  runIfMain,
  timedVerdict,
  watchSpareCores,
  type Figure,
} from './support';

const STEP_MS = 30_000;
const DAY_MS = 86_400_000;
/** 2025-01-01 00:00 in São Paulo (UTC-3, no DST since 2019). */
const YEAR_START = Date.UTC(2025, 0, 1, 3);
const TZ_OFFSET_MS = -3 * 3_600_000;
const REPORT_TARGET_MS = 2_000;
const EXPORT_TARGET_MS = 10_000;
const REQUEST_TIMEOUT_MS = 120_000;

/** Small deterministic PRNG (mulberry32), so every run generates the same year. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Place {
  lat: number;
  lon: number;
}

interface Leg {
  /** Local seconds of the day when the engine starts. */
  depart: number;
  to: Place;
}

export interface GeneratedTrack {
  positions: number;
  trips: number;
}

/**
 * Writes `days` days of 30-second positions for `deviceId` into an open SQLite database, in
 * transactions of one day each. Returns the number of rows and of driven legs.
 */
export function generateTrack(
  database: SQLite.Database,
  deviceId: number,
  days: number,
  seed: number,
  home: Place,
): GeneratedTrack {
  const rnd = random(seed);
  const work = { lat: home.lat + 0.08, lon: home.lon + 0.06 };
  const lunch = { lat: work.lat + 0.012, lon: work.lon - 0.01 };
  const market = { lat: home.lat - 0.03, lon: home.lon + 0.04 };
  const insert = database.prepare(
    `insert into positions (protocol, device_id, server_time, device_time, fix_time, valid,
      latitude, longitude, altitude, speed, course, accuracy, attributes)
     values ('osmand', ?, ?, ?, ?, 1, ?, ?, 760, ?, ?, 5, ?)`,
  );
  let lat = home.lat;
  let lon = home.lon;
  let totalDistance = 0;
  let hours = 0;
  let lastIgnition = false;
  let positions = 0;
  let trips = 0;

  const writeDay = database.transaction((day: number) => {
    const dayStart = YEAR_START + day * DAY_MS;
    const weekday = new Date(dayStart - TZ_OFFSET_MS).getUTCDay(); // 0 = Sunday
    const legs: Leg[] = [];
    const jitter = (minutes: number) => Math.round((rnd() - 0.5) * 2 * minutes * 60);
    if (weekday >= 1 && weekday <= 5) {
      legs.push({ depart: 7.5 * 3600 + jitter(10), to: work });
      legs.push({ depart: 12 * 3600 + jitter(15), to: lunch });
      legs.push({ depart: 13.25 * 3600 + jitter(5), to: work });
      legs.push({ depart: 17.75 * 3600 + jitter(20), to: home });
    } else if (weekday === 6) {
      legs.push({ depart: 10 * 3600 + jitter(30), to: market });
      legs.push({ depart: 11.75 * 3600 + jitter(20), to: home });
    }
    // Some nights the tracker is silent for two hours (no data while parked).
    const silentFrom = day % 23 === 5 ? 2 * 3600 : -1;
    let leg = 0;
    let driving = false;
    let cruise = 0;
    let redLight = 0;
    let offAt = -1;
    for (let second = 0; second < 86_400; second += STEP_MS / 1000) {
      const fixTime = dayStart + second * 1000;
      let speedKmh = 0;
      let course = 0;
      let ignition = false;
      let moved = 0;
      const next = legs[leg];
      if (!driving && next && second >= next.depart - 60) {
        ignition = true; // engine warming up a minute before leaving
        if (second >= next.depart) {
          driving = true;
          cruise = 30 + rnd() * 30;
          trips++;
        }
      }
      if (driving && next) {
        ignition = true;
        if (redLight > 0) {
          redLight--;
        } else if (rnd() < 0.04) {
          redLight = 1 + Math.floor(rnd() * 3);
        } else {
          speedKmh = Math.max(5, cruise + (rnd() - 0.5) * 20);
          const remaining = distance(lat, lon, next.to.lat, next.to.lon);
          const step = (speedKmh / 3.6) * (STEP_MS / 1000);
          const dLat = next.to.lat - lat;
          const dLon = next.to.lon - lon;
          course = ((Math.atan2(dLon, dLat) * 180) / Math.PI + 360) % 360;
          if (step >= remaining) {
            lat = next.to.lat;
            lon = next.to.lon;
            moved = remaining;
            driving = false;
            leg++;
            offAt = second + 60;
          } else {
            const f = step / remaining;
            lat += dLat * f + (rnd() - 0.5) * 0.0002;
            lon += dLon * f + (rnd() - 0.5) * 0.0002;
            moved = step;
          }
        }
      } else if (offAt >= second) {
        ignition = true; // a minute before switching off
      }
      if (silentFrom >= 0 && second >= silentFrom && second < silentFrom + 7200) continue;
      if (!driving && !ignition) {
        // Parked: GPS jitter of a few metres.
        moved = 0;
      }
      const jitterLat = driving ? 0 : (rnd() - 0.5) * 0.00003;
      const jitterLon = driving ? 0 : (rnd() - 0.5) * 0.00003;
      totalDistance += moved;
      if (ignition && lastIgnition) hours += STEP_MS;
      lastIgnition = ignition;
      const speed = knotsFromKmh(speedKmh);
      const attributes = `{"sat":9,"ignition":${ignition},"motion":${speed > 0.01},"distance":${moved.toFixed(
        2,
      )},"totalDistance":${totalDistance.toFixed(2)},"hours":${hours}}`;
      insert.run(
        deviceId,
        fixTime + 1000,
        fixTime,
        fixTime,
        lat + jitterLat,
        lon + jitterLon,
        speed,
        course,
        attributes,
      );
      positions++;
    }
  });
  for (let day = 0; day < days; day++) writeDay(day);
  return { positions, trips };
}

interface Timed {
  ms: number;
  bytes: number;
  body: Buffer;
}

async function timedGet(client: Client, url: string, accept: string): Promise<Timed> {
  const start = performance.now();
  const res = await client.request(url, {
    headers: { accept },
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const body = Buffer.from(await res.arrayBuffer());
  const ms = performance.now() - start;
  if (res.status !== 200)
    throw new Error(`GET ${url}: HTTP ${res.status} ${body.toString().slice(0, 300)}`);
  return { ms, bytes: body.length, body };
}

export async function main(): Promise<Figure[]> {
  const deadline = Date.now() + 20 * 60_000;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'frota-bench-reports-'));
  const file = path.join(dataDir, 'frota.db');
  try {
    const db = await connect({ kind: 'sqlite', file });
    await migrateToLatest(db);
    await db.close();

    const started = performance.now();
    const database = new SQLite(file);
    database.pragma('journal_mode = WAL');
    database.pragma('synchronous = OFF');
    const addDevice = database.prepare(
      `insert into devices (name, unique_id, disabled, state, attributes) values (?, ?, 0, '{}', '{}')`,
    );
    const yearId = Number(addDevice.run('Year truck', 'bench-year').lastInsertRowid);
    const monthId = Number(addDevice.run('Month van', 'bench-month').lastInsertRowid);
    const year = generateTrack(database, yearId, 365, 1, { lat: -23.55, lon: -46.63 });
    const month = generateTrack(database, monthId, 31, 2, { lat: -23.6, lon: -46.7 });
    database.pragma('wal_checkpoint(TRUNCATE)');
    database.function('frota_report_feed', { varargs: true }, () => null);
    const plan = database
      .prepare(`explain query plan ${readerSql(false, true)}`)
      .all({ device: yearId, from: 0, to: 1, limit: 1 }) as { detail: string }[];
    log(`scan plan: ${plan.map((p) => p.detail).join(' / ')}`);
    database.close();
    const generateMs = performance.now() - started;
    log(
      `generated ${year.positions} + ${month.positions} positions (${year.trips} legs driven in the year) in ${(generateMs / 1000).toFixed(1)} s`,
    );

    const server = await startServer({
      dataDir,
      env: { LOG_LEVEL: 'warn', DEMO_DEVICES: '0' },
      startTimeoutMs: 120_000,
    });
    try {
      const admin = new Client(server.url);
      await admin.login(TEST_ADMIN.email, TEST_ADMIN.password);
      const from = new Date(YEAR_START).toISOString();
      const to = new Date(YEAR_START + 365 * DAY_MS - 1).toISOString();
      const range = `from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;
      const figures: Figure[] = [
        {
          name: 'Generate and insert positions',
          value: generateMs,
          unit: 'ms',
          note: `${year.positions + month.positions} rows`,
        },
      ];

      const measure = async (
        name: string,
        url: string,
        accept: string,
        target: number,
        runs: number,
        describe: (body: Buffer) => string,
      ) => {
        const times: number[] = [];
        let last: Timed | null = null;
        const spareCores = watchSpareCores();
        for (let run = 0; run < runs && Date.now() < deadline; run++) {
          last = await timedGet(admin, url, accept);
          times.push(last.ms);
        }
        const median = percentile(times, 50);
        const verdict = timedVerdict(
          median < target,
          { asked: runs, done: times.length },
          spareCores(),
        );
        figures.push({
          name,
          value: median,
          unit: 'ms',
          target: `< ${target}`,
          met: verdict.met,
          note: last
            ? `${describe(last.body)}, ${(last.bytes / 1e6).toFixed(1)} MB; ${verdict.note}`
            : `not run; ${verdict.note}`,
        });
        log(`${name}: ${median.toFixed(0)} ms`);
      };
      const count = (body: Buffer) => `${(JSON.parse(body.toString()) as unknown[]).length} items`;
      const json = 'application/json';
      const xlsx = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

      await measure(
        'Trips, one device-year',
        `/api/reports/trips?deviceId=${yearId}&${range}`,
        json,
        REPORT_TARGET_MS,
        3,
        count,
      );
      await measure(
        'Stops, one device-year',
        `/api/reports/stops?deviceId=${yearId}&${range}`,
        json,
        REPORT_TARGET_MS,
        3,
        count,
      );
      await measure(
        'Summary, one device-year',
        `/api/reports/summary?deviceId=${yearId}&${range}`,
        json,
        REPORT_TARGET_MS,
        3,
        count,
      );
      await measure(
        'Daily summary, one device-year',
        `/api/reports/summary?deviceId=${yearId}&daily=true&${range}`,
        json,
        REPORT_TARGET_MS,
        3,
        count,
      );
      // 31 days of both devices: 50,000 positions each (the per-device cap) = 100,000.
      const routeRange = `from=${encodeURIComponent(from)}&to=${encodeURIComponent(new Date(YEAR_START + 31 * DAY_MS).toISOString())}`;
      const routeUrl = `/api/reports/route?deviceId=${yearId}&deviceId=${monthId}&${routeRange}`;
      await measure('Route JSON, 100,000 positions', routeUrl, json, REPORT_TARGET_MS, 3, count);
      await measure(
        'Route xlsx export, 100,000 rows',
        routeUrl,
        xlsx,
        EXPORT_TARGET_MS,
        2,
        (body) => (body.subarray(0, 2).toString() === 'PK' ? 'xlsx' : 'not a zip'),
      );
      await measure(
        'Trips xlsx export, one device-year',
        `/api/reports/trips/xlsx?deviceId=${yearId}&${range}`,
        json,
        EXPORT_TARGET_MS,
        2,
        (body) => (body.subarray(0, 2).toString() === 'PK' ? 'xlsx' : 'not a zip'),
      );
      return figures;
    } finally {
      await server.stop();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

runIfMain(import.meta.url, async () => printFigures('Reports on a device-year', await main()));
