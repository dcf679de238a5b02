import type { Db } from '../db/database';
import type { QrDriverTimersTable } from '../db/schema';

/** `logout`: check the driver out after ignition off; `lock`: stop a device left without driver. */
type TimerKind = 'logout' | 'lock';

export interface QrTimer {
  kind: TimerKind;
  deviceId: number;
  /** A logout's driver account; a lock's rule owner, whose rights the engine stop goes out with. */
  userId: number | null;
  due: number;
}

/** Sets (or moves) the one timer of this kind for the device. */
export async function setTimer(db: Db, timer: QrTimer): Promise<void> {
  await cancelTimer(db, timer.kind, timer.deviceId);
  await db.kysely.insertInto('qrDriverTimers').values(timer).execute();
}

export async function cancelTimer(db: Db, kind: TimerKind, deviceId: number): Promise<void> {
  await db.kysely
    .deleteFrom('qrDriverTimers')
    .where('kind', '=', kind)
    .where('deviceId', '=', deviceId)
    .execute();
}

export async function findTimer(db: Db, kind: TimerKind, deviceId: number) {
  const row = await db.kysely
    .selectFrom('qrDriverTimers')
    .select(['kind', 'deviceId', 'userId', 'due'])
    .where('kind', '=', kind)
    .where('deviceId', '=', deviceId)
    .executeTakeFirst();
  return row ? toTimer(row) : null;
}

/** Timers due at `now`, oldest first. */
export async function dueTimers(db: Db, now: number): Promise<QrTimer[]> {
  const rows = await db.kysely
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
