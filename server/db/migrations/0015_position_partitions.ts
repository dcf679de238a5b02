import { sql, type Kysely } from 'kysely';
import type { FrotaMigration } from './types';

/**
 * PostgreSQL: `positions` becomes a table partitioned by `fix_time`, one partition per calendar
 * month (UTC), plus a default partition so an insert never fails (docs/scaling.md). The
 * rows already stored are not copied: the old table is attached whole as the partition
 * `positions_legacy`, covering every fix time before the first month partition, and is dropped
 * whole once the retention passes its end. SQLite keeps one table.
 *
 * A partitioned table's primary key must include the partition key; a key on `(id, fix_time)`
 * would mean building a new index over the old table. Each partition has its own primary key on
 * `id` instead (the old table keeps its own), and one identity sequence on the parent numbers
 * every row, so ids stay unique across partitions.
 */

/** First instant (epoch ms, UTC) of the month `offset` months after the one holding `time`. */
const monthStart = (time: number, offset = 0): number => {
  const date = new Date(time);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + offset, 1);
};

const monthName = (start: number): string => {
  const date = new Date(start);
  return `positions_${date.getUTCFullYear()}_${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
};

/** The current month and the two after it exist from the start; the maintenance job follows. */
const MONTHS_AHEAD = 2;

async function createMonth(db: Kysely<unknown>, start: number): Promise<void> {
  const name = sql.id(monthName(start));
  await sql`create table ${name} partition of positions
    for values from (${sql.lit(start)}) to (${sql.lit(monthStart(start, 1))})`.execute(db);
  await sql`alter table ${name} add primary key (id)`.execute(db);
}

export const positionPartitions: FrotaMigration = {
  async up(db, dialect) {
    if (dialect !== 'postgres') return;
    const now = Date.now();
    const { rows } = await sql<{
      stored: boolean;
      next: string;
    }>`select exists (select 1 from positions) as stored,
         coalesce(max(id), 0) + 1 as next from positions`.execute(db);
    const { stored, next } = rows[0];

    await sql`alter table positions rename to positions_legacy`.execute(db);
    await sql`alter index positions_pkey rename to positions_legacy_pkey`.execute(db);
    await sql`alter index positions_device_fix_time
      rename to positions_legacy_device_fix_time`.execute(db);
    await sql`create table positions (like positions_legacy including defaults including identity)
      partition by range (fix_time)`.execute(db);
    await sql`alter table positions alter column id restart with ${sql.lit(Number(next))}`.execute(
      db,
    );
    await sql`create index positions_device_fix_time on positions (device_id, fix_time)`.execute(
      db,
    );
    await sql`create table positions_default partition of positions default`.execute(db);
    await sql`alter table positions_default add primary key (id)`.execute(db);

    let first = monthStart(now);
    if (!stored) {
      await sql`drop table positions_legacy`.execute(db);
    } else {
      // The old table takes every fix time up to the end of this month; fixes dated later
      // (from a clock far ahead, before such fixes were refused) move to the new partitions.
      first = monthStart(now, 1);
      for (let month = 0; month <= MONTHS_AHEAD; month++) {
        await createMonth(db, monthStart(first, month));
      }
      await sql`with moved as (
          delete from positions_legacy where fix_time >= ${sql.lit(first)} returning *)
        insert into positions select * from moved`.execute(db);
      // The parent's identity numbers new rows; the old table's sequence would only mislead.
      await sql`alter table positions_legacy alter column id drop identity`.execute(db);
      // Checks every row's fix time (one read of the table, no copy); the existing index on
      // (device_id, fix_time) becomes the partition's part of the parent's index.
      await sql`alter table positions attach partition positions_legacy
        for values from (minvalue) to (${sql.lit(first)})`.execute(db);
      return;
    }
    for (let month = 0; month <= MONTHS_AHEAD; month++) {
      await createMonth(db, monthStart(first, month));
    }
  },

  async down(db, dialect) {
    if (dialect !== 'postgres') return;
    await sql`create table positions_plain (like positions including defaults including identity)`.execute(
      db,
    );
    await sql`insert into positions_plain select * from positions`.execute(db);
    const { rows } = await sql<{
      next: string;
    }>`select coalesce(max(id), 0) + 1 as next from positions_plain`.execute(db);
    await sql`alter table positions_plain alter column id restart with ${sql.lit(
      Number(rows[0].next),
    )}`.execute(db);
    await sql`drop table positions`.execute(db);
    await sql`alter table positions_plain rename to positions`.execute(db);
    await sql`alter table positions add constraint positions_pkey primary key (id)`.execute(db);
    await sql`create index positions_device_fix_time on positions (device_id, fix_time)`.execute(
      db,
    );
  },
};
