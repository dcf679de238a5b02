/**
 * The reports over a real database (SQLite file, and PostgreSQL or PGlite): a scripted night
 * drive across midnight with known trips, stops and daily summary, motion- and ignition-based,
 * and the position scan's query plan.
 */
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flag, type Db } from '../../../../server/db/database';
import { getServerSettings } from '../../../../server/db/servers';
import { findUserByEmail } from '../../../../server/db/users';
import type { Ctx } from '../../../../server/access/context';
import { insertPositions } from '../../../../server/ingest/store';
import { InProcessChangeFeed } from '../../../../server/changes';
import { makeActor } from '../../../../server/access/actor';
import type { PositionRecord } from '../../../../server/processing/types';
import {
  prepareReport,
  routeReportPages,
  stopsReport,
  summaryReport,
  tripsReport,
} from '../../../../server/reports/service';
import { readerSql, scanQuery, scanTrack } from '../../../../server/reports/source';
import { knotsFromMps } from '../../../../model/units';
import { ensureFirstAdmin } from '../../../../server/users/firstAdmin';
import { closeTarget, openMigrated, postgresTarget, sqliteTarget } from '../../../support/dialects';
import { positionRecord } from '../../../support/positionRecord';

const M = (6378137 * Math.PI) / 180;
/** 2025-03-10 23:00 in São Paulo. */
const START = Date.parse('2025-03-10T23:00:00-03:00');
const STEP = 30_000;
const COUNT = 240;
/** Parked 23:00–23:40 (0–79), driving 80 × 300 m to 00:20 (80–159), parked to 01:00. */
const driving = (i: number) => i >= 80 && i <= 159;
/** Engine on from a position before leaving to one after arriving. */
const ignitionOn = (i: number) => i >= 79 && i <= 160;

function track(deviceId: number): PositionRecord[] {
  const positions: PositionRecord[] = [];
  let y = 0;
  let hours = 0;
  for (let i = 0; i < COUNT; i++) {
    if (driving(i)) y += 300;
    if (i > 0 && ignitionOn(i) && ignitionOn(i - 1)) hours += STEP;
    const speed = driving(i) ? knotsFromMps(10) : 0;
    positions.push(
      positionRecord({
        id: 0,
        deviceId,
        serverTime: START + i * STEP,
        deviceTime: START + i * STEP,
        fixTime: START + i * STEP,
        latitude: y / M,
        longitude: 0,
        speed,
        address: i === 79 ? 'Rua de Casa, 1' : null,
        attributes: { ignition: ignitionOn(i), motion: speed > 0, totalDistance: y, hours },
      }),
    );
  }
  return positions;
}

const iso = (millis: number) => new Date(millis).toISOString();
const at = (i: number) => iso(START + i * STEP);

describe.each([sqliteTarget('frota-reports-'), postgresTarget()])('reports on $name', (target) => {
  let db: Db;
  let ctx: Ctx;
  let motionId = 0;
  let ignitionId = 0;

  beforeAll(async () => {
    db = await openMigrated(target);
    await ensureFirstAdmin(db, 'admin@frota.test', 'admin-secret-1');
    const device = async (name: string, attributes: Record<string, unknown>) =>
      Number(
        (
          await db.kysely
            .insertInto('devices')
            .values({
              name,
              uniqueId: name,
              disabled: flag(db, false),
              state: '{}',
              attributes: JSON.stringify(attributes),
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      );
    motionId = await device('motion', {});
    ignitionId = await device('ignition', { 'report.trip.useIgnition': true });
    await insertPositions(db.kysely, db.dialect, track(motionId));
    await insertPositions(db.kysely, db.dialect, track(ignitionId));
    const admin = await findUserByEmail(db, 'admin@frota.test');
    ctx = {
      db,
      actor: makeActor(admin!.user, await getServerSettings(db), true),
      changes: new InProcessChangeFeed(),
    };
  }, 60_000);

  afterAll(async () => {
    await closeTarget(target, db);
  });

  const request = (deviceId: number, from = START, to = START + COUNT * STEP) =>
    prepareReport(ctx, 'trips', { deviceId: [deviceId], from: iso(from), to: iso(to) });

  it('stops a report whose client has gone, before reading further', async () => {
    const gone = new AbortController();
    gone.abort();
    await expect(
      prepareReport(
        ctx,
        'trips',
        { deviceId: [motionId], from: iso(START), to: iso(START + COUNT * STEP) },
        gone.signal,
      ),
    ).rejects.toThrow(/aborted/i);

    // Aborted while it runs: no further page or device is read.
    const leaving = new AbortController();
    const prepared = await prepareReport(
      ctx,
      'trips',
      { deviceId: [motionId, ignitionId], from: iso(START), to: iso(START + COUNT * STEP) },
      leaving.signal,
    );
    leaving.abort();
    await expect(tripsReport(ctx, prepared)).rejects.toThrow(/aborted/i);
    await expect(stopsReport(ctx, prepared)).rejects.toThrow(/aborted/i);
    await expect(summaryReport(ctx, prepared, false)).rejects.toThrow(/aborted/i);
    const pages = routeReportPages(ctx, prepared);
    await expect(pages.next()).rejects.toThrow(/aborted/i);

    let pushed = 0;
    const counting = { push: () => void pushed++, finish: () => [] };
    await expect(
      scanTrack(db, motionId, START, START + COUNT * STEP, counting, false, leaving.signal),
    ).rejects.toThrow(/aborted/i);
    expect(pushed).toBe(0);
  });

  it('motion-based: one trip across midnight, from the last parked position to 180 s after arrival', async () => {
    const trips = await tripsReport(ctx, await request(motionId));
    expect(trips).toHaveLength(1);
    expect(trips[0]).toMatchObject({
      deviceName: 'motion',
      startTime: at(79),
      endTime: at(165),
      duration: (165 - 79) * STEP,
      distance: 24_000,
      startOdometer: 0,
      endOdometer: 24_000,
      startAddress: 'Rua de Casa, 1',
      driverUniqueId: null,
    });
    expect(trips[0].maxSpeed).toBeCloseTo(knotsFromMps(10), 9);
    expect(trips[0].averageSpeed).toBeCloseTo(knotsFromMps(24_000 / ((165 - 79) * 30)), 9);

    const stops = await stopsReport(ctx, await request(motionId));
    expect(stops.map((s) => [s.startTime, s.endTime])).toEqual([
      [at(0), at(79)],
      [at(165), at(239)],
    ]);
    expect(stops[1].engineHours).toBe(0);
  });

  it('ignition-based: the trip runs from ignition on to the engine-off position', async () => {
    const trips = await tripsReport(ctx, await request(ignitionId));
    expect(trips.map((t) => [t.startTime, t.endTime, t.distance])).toEqual([
      [at(79), at(161), 24_000],
    ]);
    const stops = await stopsReport(ctx, await request(ignitionId));
    expect(stops.map((s) => [s.startTime, s.endTime])).toEqual([
      [at(0), at(79)],
      [at(161), at(239)],
    ]);
  });

  it('ranges over a day report maxSpeed 0 (Traccar fast path)', async () => {
    const trips = await tripsReport(ctx, await request(motionId, START - 86_400_000));
    expect(trips).toHaveLength(1);
    expect(trips[0].maxSpeed).toBe(0);
    const [summary] = await summaryReport(ctx, await request(motionId, START - 86_400_000), false);
    expect(summary.maxSpeed).toBe(0);
  });

  it('summary and daily summary split at local midnight', async () => {
    const [whole] = await summaryReport(ctx, await request(ignitionId), false);
    const engineHours = 81 * STEP;
    expect(whole).toMatchObject({
      distance: 24_000,
      startHours: 0,
      endHours: engineHours,
      engineHours,
      startTime: at(0),
      endTime: at(239),
    });
    expect(whole.averageSpeed).toBeCloseTo(knotsFromMps(24_000 / (engineHours / 1000)), 9);
    expect(whole.maxSpeed).toBeCloseTo(knotsFromMps(10), 9);

    const days = await summaryReport(ctx, await request(ignitionId), true);
    // Position 120 is at exactly 00:00 and belongs to both days (Traccar's inclusive bounds).
    expect(days.map((d) => [d.startTime, d.endTime, d.distance])).toEqual([
      [at(0), at(120), 12_300],
      [at(120), at(239), 11_700],
    ]);
  });

  it('a device without positions in the range gives no items', async () => {
    const empty = await request(motionId, START - 10 * 86_400_000, START - 9 * 86_400_000);
    expect(await tripsReport(ctx, empty)).toEqual([]);
    expect(await stopsReport(ctx, empty)).toEqual([]);
    expect(await summaryReport(ctx, empty, true)).toEqual([]);
  });

  it('the position scan reads through the (device_id, fix_time) index', async () => {
    if (db.dialect !== 'sqlite') return;
    const plans: string[] = [];
    for (const first of [true, false]) {
      const query = scanQuery(
        db,
        motionId,
        START,
        START + 1,
        first ? null : { time: START, id: 1 },
        true,
      );
      const { rows } = await sql<{ detail: string }>`explain query plan ${query}`.execute(
        db.kysely,
      );
      plans.push(rows.map((r) => r.detail).join('\n'));
    }
    // The reports' own read-only connection runs the same page through a SQL function.
    const { rows: files } = await sql<{
      file: string;
    }>`select file from pragma_database_list where name = 'main'`.execute(db.kysely);
    const reader = new SQLite(files[0].file, { readonly: true });
    try {
      reader.function('frota_report_feed', { varargs: true }, () => null);
      for (const first of [true, false]) {
        const rows = reader.prepare(`explain query plan ${readerSql(true, first)}`).all({
          device: motionId,
          from: START,
          to: START + 1,
          limit: 10,
          ...(first ? {} : { time: START, id: 1 }),
        }) as { detail: string }[];
        plans.push(rows.map((r) => r.detail).join('\n'));
      }
    } finally {
      reader.close();
    }
    for (const plan of plans) {
      expect(plan).toMatch(
        /USING INDEX positions_device_fix_time \(device_id=\? AND fix_time>\? AND fix_time<\?\)/,
      );
      expect(plan).not.toMatch(/TEMP B-TREE/);
    }
  });
});
