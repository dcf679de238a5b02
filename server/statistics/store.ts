import type { Db } from '../db/database';
import { parseAttributes } from '../db/json';
import { STATISTICS_COUNTERS, type Statistics } from '../../model';
import { dayStart, type DayCounts, type StatisticsRecorder } from './recorder';

const DAY_MS = 86_400_000;

const isEmpty = (day: DayCounts) =>
  day.users.size === 0 &&
  day.devices.size === 0 &&
  STATISTICS_COUNTERS.every((n) => day.counts[n] === 0);

/** Adds one day's counts to its row (created at zero) and records its active ids. */
async function addDay(db: Db, day: DayCounts): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    await trx
      .insertInto('statistics')
      .values({ captureTime: day.day, ...day.counts })
      .onConflict((oc) =>
        oc.column('captureTime').doUpdateSet((eb) =>
          // Qualified: PostgreSQL finds a bare name ambiguous beside `excluded`.
          Object.fromEntries(
            STATISTICS_COUNTERS.map((name) => [
              name,
              eb(`statistics.${name}`, '+', day.counts[name]),
            ]),
          ),
        ),
      )
      .execute();
    const active = [
      ...[...day.users].map((id) => ({
        captureTime: day.day,
        kind: 'user' as const,
        objectId: id,
        protocol: null,
      })),
      ...[...day.devices].map(([id, protocol]) => ({
        captureTime: day.day,
        kind: 'device' as const,
        objectId: id,
        protocol,
      })),
    ];
    for (let i = 0; i < active.length; i += 500) {
      await trx
        .insertInto('statisticsActive')
        .values(active.slice(i, i + 500))
        .onConflict((oc) => oc.columns(['captureTime', 'kind', 'objectId']).doNothing())
        .execute();
    }
  });
}

interface ActiveTotals {
  users: number;
  devices: number;
  protocols: Record<string, number>;
}

function addActive(
  totals: Map<number, ActiveTotals>,
  row: { captureTime: number; kind: string; protocol: string | null; count: number },
) {
  const day = Number(row.captureTime);
  const entry = totals.get(day) ?? { users: 0, devices: 0, protocols: {} };
  totals.set(day, entry);
  const count = Number(row.count);
  if (row.kind === 'user') {
    entry.users += count;
    return;
  }
  entry.devices += count;
  const protocol = row.protocol ?? 'unknown';
  entry.protocols[protocol] = (entry.protocols[protocol] ?? 0) + count;
}

function mergeProtocols(
  stored: string | null,
  more: Record<string, number> | undefined,
): Record<string, number> | null {
  const merged: Record<string, number> = {};
  for (const [name, value] of Object.entries(parseAttributes(stored))) {
    if (typeof value === 'number') merged[name] = value;
  }
  for (const [name, value] of Object.entries(more ?? {})) {
    merged[name] = (merged[name] ?? 0) + value;
  }
  return Object.keys(merged).length > 0 ? merged : null;
}

/**
 * Folds the active ids of days before yesterday into their rows' totals and drops them, so the
 * id table holds two days at most. The ids are deleted first and only what this instance deleted
 * is added: two instances folding at once never count a day twice.
 */
async function foldOldDays(db: Db, now: number): Promise<void> {
  const cutoff = dayStart(dayStart(now) - DAY_MS / 2);
  const days = await db.kysely
    .selectFrom('statisticsActive')
    .select('captureTime')
    .distinct()
    .where('captureTime', '<', cutoff)
    .execute();
  for (const { captureTime } of days) {
    await db.kysely.transaction().execute(async (trx) => {
      const gone = await trx
        .deleteFrom('statisticsActive')
        .where('captureTime', '=', captureTime)
        .returning(['kind', 'protocol'])
        .execute();
      if (gone.length === 0) return;
      const totals = new Map<number, ActiveTotals>();
      for (const row of gone) addActive(totals, { ...row, captureTime, count: 1 });
      const day = totals.get(Number(captureTime))!;
      const row = await trx
        .selectFrom('statistics')
        .select('protocols')
        .where('captureTime', '=', captureTime)
        .executeTakeFirst();
      await trx
        .updateTable('statistics')
        .set((eb) => ({
          activeUsers: eb('activeUsers', '+', day.users),
          activeDevices: eb('activeDevices', '+', day.devices),
          protocols: JSON.stringify(mergeProtocols(row?.protocols ?? null, day.protocols) ?? {}),
        }))
        .where('captureTime', '=', captureTime)
        .execute();
    });
  }
}

/**
 * Writes what the recorder counted since the last flush; counts that could not be written go
 * back to it for the next try.
 */
export async function flushStatistics(
  db: Db,
  recorder: StatisticsRecorder,
  now = Date.now(),
): Promise<void> {
  const taken = recorder.take().filter((day) => !isEmpty(day));
  const failed: DayCounts[] = [];
  let error: unknown = null;
  for (const day of taken) {
    try {
      await addDay(db, day);
      recorder.markWritten(day);
    } catch (err) {
      failed.push(day);
      error = err;
    }
  }
  if (failed.length > 0) recorder.restore(failed);
  if (error) throw error;
  await foldOldDays(db, now);
}

/** `GET /api/statistics`: the days whose start falls in [from, to], oldest first. */
export async function listStatistics(db: Db, from: number, to: number): Promise<Statistics[]> {
  const rows = await db.kysely
    .selectFrom('statistics')
    .selectAll()
    .where('captureTime', '>=', from)
    .where('captureTime', '<=', to)
    .orderBy('captureTime')
    .execute();
  if (rows.length === 0) return [];
  const active = await db.kysely
    .selectFrom('statisticsActive')
    .select(['captureTime', 'kind', 'protocol', (eb) => eb.fn.countAll<number>().as('count')])
    .where('captureTime', '>=', from)
    .where('captureTime', '<=', to)
    .groupBy(['captureTime', 'kind', 'protocol'])
    .execute();
  const totals = new Map<number, ActiveTotals>();
  for (const row of active) addActive(totals, row);
  return rows.map((row) => {
    const more = totals.get(Number(row.captureTime));
    return {
      id: Number(row.id),
      captureTime: new Date(Number(row.captureTime)).toISOString(),
      activeUsers: Number(row.activeUsers) + (more?.users ?? 0),
      activeDevices: Number(row.activeDevices) + (more?.devices ?? 0),
      requests: Number(row.requests),
      messagesReceived: Number(row.messagesReceived),
      messagesStored: Number(row.messagesStored),
      mailSent: Number(row.mailSent),
      smsSent: Number(row.smsSent),
      geocoderRequests: Number(row.geocoderRequests),
      geolocationRequests: Number(row.geolocationRequests),
      protocols: mergeProtocols(row.protocols, more?.protocols),
      attributes: parseAttributes(row.attributes),
    };
  });
}
