import { sql, type Transaction } from 'kysely';
import type { Db } from '../db/database';
import type { Tables } from '../db/schema';

/**
 * PostgreSQL keeps positions in a table partitioned by fix time, one partition per calendar month
 * (UTC), a default partition for any fix time no month covers, and after a migration the old
 * table as `positions_legacy` (docs/scaling.md). This maintenance creates the months
 * ahead and the months recent fixes may still fall in, and drops whole partitions once the
 * retention has passed their end: old positions go by DROP TABLE, never row by row.
 *
 * It is safe to run on several instances at once: every step runs under one PostgreSQL advisory
 * lock, taken without waiting (an instance that finds it taken leaves the work to the holder),
 * and decides from the catalog as it is under that lock, so a step already done is not redone.
 * Each step waits at most `LOCK_TIMEOUT` for the table locks it needs, so a long report never
 * makes ingest queue behind it; a step that gives up is tried again on the next run.
 */

/** Months created ahead of the current one. */
export const MONTHS_AHEAD = 2;
/** How often the maintenance runs on each instance (it is cheap when there is nothing to do). */
export const PARTITION_MAINTENANCE_MS = 6 * 3_600_000;
/** Advisory lock key of the maintenance ("frota:positions:partitions"). */
const LOCK_KEY = 0x46524f544150;
const LOCK_TIMEOUT = '5s';
const DAY_MS = 86_400_000;

export interface PartitionSettings {
  /** Partitions wholly older than this many days are dropped; null keeps everything. */
  retentionDays: number | null;
  /** Fixes this old are still accepted, so their months must exist; null: no age limit. */
  maxFixAgeDays: number | null;
}

export interface Partition {
  name: string;
  /** Epoch ms, inclusive; null for MINVALUE. Both null for the default partition. */
  from: number | null;
  /** Epoch ms, exclusive; null for MAXVALUE. */
  to: number | null;
  isDefault: boolean;
}

export interface MaintenanceResult {
  created: string[];
  dropped: string[];
  /** Rows of the default partition moved into a month created for them. */
  moved: number;
  /** Rows of the default partition older than the retention, deleted (strays only). */
  deletedStrays: number;
  /** Another instance held the maintenance lock: it does the work. */
  busy: boolean;
}

/** First instant (epoch ms, UTC) of the month `offset` months after the one holding `time`. */
export function monthStart(time: number, offset = 0): number {
  const date = new Date(time);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + offset, 1);
}

export function monthPartitionName(start: number): string {
  const date = new Date(start);
  return `positions_${date.getUTCFullYear()}_${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
}

const BOUND = /FROM \((MINVALUE|'?(-?\d+)'?)\) TO \((MAXVALUE|'?(-?\d+)'?)\)/i;

/** Reads `pg_get_expr(relpartbound)`: `FOR VALUES FROM ('a') TO ('b')`, MINVALUE/MAXVALUE, DEFAULT. */
export function parseBound(name: string, bound: string): Partition {
  if (/^DEFAULT$/i.test(bound.trim())) return { name, from: null, to: null, isDefault: true };
  const match = BOUND.exec(bound);
  if (!match) throw new Error(`Unexpected partition bound of ${name}: ${bound}`);
  return {
    name,
    from: match[2] === undefined ? null : Number(match[2]),
    to: match[4] === undefined ? null : Number(match[4]),
    isDefault: false,
  };
}

type Executor = Transaction<Tables> | Db['kysely'];

/** The partitions of `positions` (empty when it is not partitioned: SQLite, or not migrated). */
export async function listPartitions(db: Executor): Promise<Partition[]> {
  const { rows } = await sql<{ name: string; bound: string }>`
    select c.relname as name, pg_get_expr(c.relpartbound, c.oid) as bound
    from pg_inherits i join pg_class c on c.oid = i.inhrelid
    where i.inhparent = to_regclass('positions')`.execute(db);
  return rows
    .map((row) => parseBound(row.name, row.bound))
    .sort((a, b) => (a.from ?? -Infinity) - (b.from ?? -Infinity));
}

const overlaps = (p: Partition, from: number, to: number): boolean =>
  !p.isDefault && (p.from ?? -Infinity) < to && (p.to ?? Infinity) > from;

/** The month starts that should exist at `now`: from the oldest accepted fix to MONTHS_AHEAD. */
export function wantedMonths(now: number, settings: PartitionSettings): number[] {
  const ages = [settings.maxFixAgeDays, settings.retentionDays].filter(
    (days): days is number => days !== null,
  );
  // Without any age limit, older months are left to the default partition (or the legacy one).
  const back = ages.length > 0 ? Math.min(...ages) * DAY_MS : 0;
  const months: number[] = [];
  for (let start = monthStart(now - back); start <= monthStart(now, MONTHS_AHEAD);) {
    months.push(start);
    start = monthStart(start, 1);
  }
  return months;
}

/**
 * Runs `step` in a transaction holding the maintenance lock; false when another session holds
 * it. Table locks wait at most LOCK_TIMEOUT.
 */
async function locked(db: Db, step: (trx: Transaction<Tables>) => Promise<void>): Promise<boolean> {
  return db.kysely.transaction().execute(async (trx) => {
    const { rows } = await sql<{
      ok: boolean;
    }>`select pg_try_advisory_xact_lock(${sql.lit(LOCK_KEY)}) as ok`.execute(trx);
    if (!rows[0].ok) return false;
    await sql`set local lock_timeout = ${sql.lit(LOCK_TIMEOUT)}`.execute(trx);
    await step(trx);
    return true;
  });
}

/**
 * Creates the month partition starting at `start`, unless a partition covers any of it by now.
 * Built as a table of its own and then attached, which takes a lighter lock on `positions` than
 * creating it in place (inserts go on); fixes of that month the default partition caught move
 * into it first.
 */
async function createMonth(trx: Transaction<Tables>, start: number): Promise<number | null> {
  const end = monthStart(start, 1);
  if ((await listPartitions(trx)).some((p) => overlaps(p, start, end))) return null;
  const name = sql.id(monthPartitionName(start));
  await sql`create table ${name} (like positions including defaults)`.execute(trx);
  await sql`alter table ${name} add primary key (id)`.execute(trx);
  const moved = await sql`with strays as (
      delete from positions_default
      where fix_time >= ${sql.lit(start)} and fix_time < ${sql.lit(end)} returning *)
    insert into ${name} select * from strays`.execute(trx);
  await sql`alter table positions attach partition ${name}
    for values from (${sql.lit(start)}) to (${sql.lit(end)})`.execute(trx);
  return Number(moved.numAffectedRows ?? 0);
}

/**
 * One maintenance pass at `now`: create the wanted months, drop the partitions the retention has
 * passed, and delete the default partition's rows older than the retention (fixes of months
 * that have no partition; ingest refuses fixes that old, so these are strays from before).
 */
export async function maintainPositionPartitions(
  db: Db,
  now: number,
  settings: PartitionSettings,
): Promise<MaintenanceResult> {
  const result: MaintenanceResult = {
    created: [],
    dropped: [],
    moved: 0,
    deletedStrays: 0,
    busy: false,
  };
  if (db.dialect !== 'postgres') return result;
  const partitions = await listPartitions(db.kysely);
  if (!partitions.some((p) => p.isDefault)) return result;

  for (const start of wantedMonths(now, settings)) {
    const end = monthStart(start, 1);
    if (partitions.some((p) => overlaps(p, start, end))) continue;
    const ok = await locked(db, async (trx) => {
      const moved = await createMonth(trx, start);
      if (moved === null) return;
      result.created.push(monthPartitionName(start));
      result.moved += moved;
    });
    if (!ok) return { ...result, busy: true };
  }

  if (settings.retentionDays === null) return result;
  const cutoff = now - settings.retentionDays * DAY_MS;
  for (const partition of partitions) {
    if (partition.isDefault || partition.to === null || partition.to > cutoff) continue;
    const ok = await locked(db, async (trx) => {
      const current = await listPartitions(trx);
      if (!current.some((p) => p.name === partition.name)) return;
      await sql`drop table ${sql.id(partition.name)}`.execute(trx);
      result.dropped.push(partition.name);
    });
    if (!ok) return { ...result, busy: true };
  }
  const ok = await locked(db, async (trx) => {
    const deleted = await sql`delete from positions_default
      where fix_time < ${sql.lit(cutoff)}`.execute(trx);
    result.deletedStrays = Number(deleted.numAffectedRows ?? 0);
  });
  return ok ? result : { ...result, busy: true };
}
