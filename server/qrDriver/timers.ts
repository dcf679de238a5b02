import type { Generated, Kysely } from 'kysely';
import type { Db } from '../db/database';

/** `logout`: check the driver out after ignition off; `lock`: stop a device left without driver. */
export type TimerKind = 'logout' | 'lock';

interface QrDriverTimersTable {
  id: Generated<number>;
  kind: string;
  deviceId: number;
  userId: number | null;
  due: number;
}

export interface QrTimer {
  kind: TimerKind;
  deviceId: number;
  /** The driver user an auto-logout is for. */
  userId: number | null;
  due: number;
}

/** The timers table belongs to this module; the shared `Tables` type does not list it. */
const table = (db: Db) =>
  db.kysely.withTables<{ qrDriverTimers: QrDriverTimersTable }>() as unknown as Kysely<{
    qrDriverTimers: QrDriverTimersTable;
  }>;

/** Sets (or moves) the one timer of this kind for the device. */
export async function setTimer(db: Db, timer: QrTimer): Promise<void> {
  await cancelTimer(db, timer.kind, timer.deviceId);
  await table(db).insertInto('qrDriverTimers').values(timer).execute();
}

export async function cancelTimer(db: Db, kind: TimerKind, deviceId: number): Promise<void> {
  await table(db)
    .deleteFrom('qrDriverTimers')
    .where('kind', '=', kind)
    .where('deviceId', '=', deviceId)
    .execute();
}

export async function findTimer(db: Db, kind: TimerKind, deviceId: number) {
  const row = await table(db)
    .selectFrom('qrDriverTimers')
    .select(['kind', 'deviceId', 'userId', 'due'])
    .where('kind', '=', kind)
    .where('deviceId', '=', deviceId)
    .executeTakeFirst();
  return row ? toTimer(row) : null;
}

/** Timers due at `now`, oldest first. */
export async function dueTimers(db: Db, now: number): Promise<QrTimer[]> {
  const rows = await table(db)
    .selectFrom('qrDriverTimers')
    .select(['kind', 'deviceId', 'userId', 'due'])
    .where('due', '<=', now)
    .orderBy('due')
    .limit(500)
    .execute();
  return rows.map(toTimer);
}

function toTimer(row: Omit<QrDriverTimersTable, 'id'>): QrTimer {
  return {
    kind: row.kind as TimerKind,
    deviceId: Number(row.deviceId),
    userId: row.userId === null ? null : Number(row.userId),
    due: Number(row.due),
  };
}
