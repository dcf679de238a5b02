/**
 * Positions on PostgreSQL (a temporary database on DATABASE_URL when set, else PGlite): one
 * partition per month with a default one, the month partitions made ahead and back, retention by
 * dropping whole partitions, and the migration of an existing table without copying its rows.
 */
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { connect } from '../../../../server/db/connect';
import type { Db } from '../../../../server/db/database';
import { migrateToLatest, migrator } from '../../../../server/db/migrate';
import { insertPositions } from '../../../../server/ingest/store';
import { maxFixAgeMs } from '../../../../server/ingest/fixAge';
import {
  listPartitions,
  maintainPositionPartitions,
  monthPartitionName,
  monthStart,
  parseBound,
} from '../../../../server/positions/partitions';
import type { PositionRecord } from '../../../../server/processing/types';
import { createTempPostgres, type TempPostgres } from '../../../support/postgres';
import { positionRecord } from '../../../support/positionRecord';

const DAY = 86_400_000;

let temp: TempPostgres | null = null;
const open: Db[] = [];

async function database(): Promise<Db> {
  temp = await createTempPostgres('memory');
  const db = await connect(
    temp.kind === 'postgres' ? { kind: 'postgres', url: temp.url } : { kind: 'pglite', dir: null },
  );
  open.push(db);
  return db;
}

afterEach(async () => {
  for (const db of open.splice(0)) await db.close();
  await temp?.drop();
  temp = null;
});

function position(deviceId: number, fixTime: number): PositionRecord {
  return positionRecord({
    id: 0,
    deviceId,
    serverTime: fixTime,
    deviceTime: fixTime,
    fixTime,
    latitude: -23.55,
    longitude: -46.63,
  });
}

/** Where each position row is stored: id → partition name. */
async function placement(db: Db): Promise<Map<number, string>> {
  const { rows } = await sql<{
    id: number;
    partition: string;
  }>`select id, tableoid::regclass::text as partition from positions`.execute(db.kysely);
  return new Map(rows.map((row) => [Number(row.id), row.partition]));
}

const names = async (db: Db) => (await listPartitions(db.kysely)).map((p) => p.name);

// PGlite starts in seconds, and each test migrates a new database.
describe('positions partitioned by month on PostgreSQL', { timeout: 30_000 }, () => {
  it('reads partition bounds as the catalog prints them', () => {
    expect(parseBound('a', "FOR VALUES FROM ('1000') TO ('2000')")).toEqual({
      name: 'a',
      from: 1000,
      to: 2000,
      isDefault: false,
    });
    expect(parseBound('b', "FOR VALUES FROM (MINVALUE) TO ('2000')")).toMatchObject({
      from: null,
      to: 2000,
    });
    expect(parseBound('c', 'DEFAULT')).toMatchObject({ isDefault: true });
    expect(monthPartitionName(Date.UTC(2026, 0, 1))).toBe('positions_2026_01');
    expect(monthStart(Date.UTC(2026, 11, 31, 23), 1)).toBe(Date.UTC(2027, 0, 1));
  });

  it('starts with this month, two ahead and a default, and files each fix by its time', async () => {
    const db = await database();
    await migrateToLatest(db);
    const now = Date.now();
    expect(await names(db)).toEqual([
      'positions_default',
      monthPartitionName(monthStart(now)),
      monthPartitionName(monthStart(now, 1)),
      monthPartitionName(monthStart(now, 2)),
    ]);
    const [current, ahead, ancient] = await insertPositions(db.kysely, db.dialect, [
      position(1, now),
      position(1, monthStart(now, 1) + DAY),
      position(1, monthStart(now, -5) + DAY),
    ]);
    const where = await placement(db);
    expect(where.get(current)).toBe(monthPartitionName(monthStart(now)));
    expect(where.get(ahead)).toBe(monthPartitionName(monthStart(now, 1)));
    // No month holds it: the default partition does, so the insert never fails.
    expect(where.get(ancient)).toBe('positions_default');
  });

  it('makes the months fixes may still fall in, moving what the default caught', async () => {
    const db = await database();
    await migrateToLatest(db);
    const now = Date.now();
    const [old] = await insertPositions(db.kysely, db.dialect, [
      position(1, monthStart(now, -3) + 2 * DAY),
    ]);
    const result = await maintainPositionPartitions(db, now, {
      retentionDays: null,
      maxFixAgeDays: 120,
    });
    const expected: string[] = [];
    for (let start = monthStart(now - 120 * DAY); start < monthStart(now);) {
      expected.push(monthPartitionName(start));
      start = monthStart(start, 1);
    }
    expect(result.created).toEqual(expected);
    expect(result.moved).toBe(1);
    expect((await placement(db)).get(old)).toBe(monthPartitionName(monthStart(now, -3)));
    // Months ahead follow the clock; a second pass has nothing to do.
    const later = await maintainPositionPartitions(db, monthStart(now, 1) + DAY, {
      retentionDays: null,
      maxFixAgeDays: 120,
    });
    expect(later.created).toEqual([monthPartitionName(monthStart(now, 3))]);
    expect(
      (
        await maintainPositionPartitions(db, monthStart(now, 1) + DAY, {
          retentionDays: null,
          maxFixAgeDays: 120,
        })
      ).created,
    ).toEqual([]);
  });

  it('drops whole partitions past the retention, never rows of newer ones', async () => {
    const db = await database();
    await migrateToLatest(db);
    const now = Date.now();
    const settings = { retentionDays: null, maxFixAgeDays: 200 };
    await maintainPositionPartitions(db, now, settings);
    const times = [-6, -5, -4, -3, -2, -1, 0].map((m) => monthStart(now, m) + 3 * DAY);
    const ids = await insertPositions(
      db.kysely,
      db.dialect,
      times.map((t) => position(1, t)),
    );
    // 70 days: every month that ended more than 70 days ago goes; the one the cutoff falls in
    // stays whole (a month partition goes when all of it is past the retention).
    const cutoff = now - 70 * DAY;
    // Every month partition there is, back to the oldest fix accepted (200 days: six or seven
    // months, by the day of the month the test runs on).
    const months = (await listPartitions(db.kysely)).filter((p) => !p.isDefault);
    const result = await maintainPositionPartitions(db, now, {
      retentionDays: 70,
      maxFixAgeDays: 200,
    });
    const gone = months.filter((p) => p.to !== null && p.to <= cutoff).map((p) => p.name);
    expect(result.dropped.sort()).toEqual(gone.sort());
    expect(gone.length).toBeGreaterThanOrEqual(3);
    const left = await placement(db);
    ids.forEach((id, i) => {
      const dropped = monthStart(times[i], 1) <= cutoff;
      expect(left.has(id)).toBe(!dropped);
    });
  });

  it('is safe to run on several instances at once', async () => {
    const db = await database();
    await migrateToLatest(db);
    // Two connection pools on PostgreSQL; PGlite in memory is one database per handle, so there
    // the passes share it.
    let other = db;
    if (temp!.kind === 'postgres') {
      other = await connect({ kind: 'postgres', url: temp!.url });
      open.push(other);
    }
    const now = Date.now();
    const settings = { retentionDays: 100, maxFixAgeDays: 365 };
    const results = await Promise.all([
      maintainPositionPartitions(db, now, settings),
      maintainPositionPartitions(other, now, settings),
      maintainPositionPartitions(db, now, settings),
    ]);
    const created = results.flatMap((r) => r.created);
    expect(new Set(created).size).toBe(created.length);
    // Whoever was kept waiting left the work to the holder; one more pass finds it all done.
    const again = await maintainPositionPartitions(db, now, settings);
    expect(again.created).toEqual([]);
    const months = (await listPartitions(db.kysely)).filter((p) => !p.isDefault);
    expect(months[0].from).toBe(monthStart(now - 100 * DAY));
    expect(months.at(-1)!.to).toBe(monthStart(now, 3));
  });

  it('turns an existing table into the legacy partition without copying it', async () => {
    const db = await database();
    await migrator(db).migrateTo('0013_session_impersonation');
    const now = Date.now();
    const old = [-40, -20, -1].map((days) => position(7, now + days * DAY));
    // A fix dated far ahead, stored before such fixes were refused.
    const stray = position(7, monthStart(now, 1) + 5 * DAY);
    const ids = await insertPositions(db.kysely, db.dialect, [...old, stray]);
    const { rows: before } = await sql<{
      relfilenode: number;
    }>`select relfilenode from pg_class where relname = 'positions'`.execute(db.kysely);

    await migrateToLatest(db);

    const partitions = await listPartitions(db.kysely);
    const legacy = partitions.find((p) => p.name === 'positions_legacy');
    expect(legacy).toEqual({
      name: 'positions_legacy',
      from: null,
      to: monthStart(now, 1),
      isDefault: false,
    });
    // The same storage, renamed and attached, with its own indexes reused.
    const { rows: after } = await sql<{
      relfilenode: number;
    }>`select relfilenode from pg_class where relname = 'positions_legacy'`.execute(db.kysely);
    expect(after[0].relfilenode).toBe(before[0].relfilenode);
    const { rows: indexes } = await sql<{
      name: string;
    }>`select indexrelid::regclass::text as name from pg_index
       where indrelid = 'positions_legacy'::regclass order by 1`.execute(db.kysely);
    expect(indexes.map((i) => i.name)).toEqual([
      'positions_legacy_device_fix_time',
      'positions_legacy_pkey',
    ]);

    const where = await placement(db);
    ids.slice(0, 3).forEach((id) => expect(where.get(id)).toBe('positions_legacy'));
    expect(where.get(ids[3])).toBe(monthPartitionName(monthStart(now, 1)));
    // New rows continue the numbering and land in their month.
    const [fresh] = await insertPositions(db.kysely, db.dialect, [
      position(7, monthStart(now, 2) + DAY),
    ]);
    expect(fresh).toBeGreaterThan(Math.max(...ids));
    expect((await placement(db)).get(fresh)).toBe(monthPartitionName(monthStart(now, 2)));

    // The legacy partition goes whole once the retention passes its end.
    const result = await maintainPositionPartitions(db, monthStart(now, 1) + 31 * DAY, {
      retentionDays: 30,
      maxFixAgeDays: 30,
    });
    expect(result.dropped).toContain('positions_legacy');
    expect([...(await placement(db)).keys()].sort()).toEqual([ids[3], fresh].sort());
  });

  it('refuses fixes older than the retention on PostgreSQL only', () => {
    const config = { maxFixAgeDays: 30, positionsRetentionDays: 7 };
    expect(maxFixAgeMs(config, 'postgres')).toBe(7 * DAY);
    expect(maxFixAgeMs(config, 'sqlite')).toBe(30 * DAY);
    expect(maxFixAgeMs({ maxFixAgeDays: null, positionsRetentionDays: 90 }, 'postgres')).toBe(
      90 * DAY,
    );
    expect(maxFixAgeMs({ maxFixAgeDays: null, positionsRetentionDays: null }, 'postgres')).toBe(
      null,
    );
  });
});
