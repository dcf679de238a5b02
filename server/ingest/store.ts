import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import { flag, type DialectName } from '../db/database';
import type { EventsTable, PositionsTable, Tables } from '../db/schema';
import type { NewEvent, PositionRecord } from '../processing/types';

/**
 * The batch writes of the tracking core, each one statement for many rows, so a batch of
 * positions costs a handful of round trips on either dialect.
 */

type Trx = Transaction<Tables> | Kysely<Tables>;

function positionRow(dialect: DialectName, p: PositionRecord): Insertable<PositionsTable> {
  return {
    protocol: p.protocol,
    deviceId: p.deviceId,
    serverTime: p.serverTime,
    deviceTime: p.deviceTime,
    fixTime: p.fixTime,
    valid: flag({ dialect }, p.valid),
    latitude: p.latitude,
    longitude: p.longitude,
    altitude: p.altitude,
    speed: p.speed,
    course: p.course,
    address: p.address,
    accuracy: p.accuracy,
    network: p.network ? JSON.stringify(p.network) : null,
    geofenceIds: p.geofenceIds && p.geofenceIds.length > 0 ? JSON.stringify(p.geofenceIds) : null,
    attributes: JSON.stringify(p.attributes),
  };
}

function eventRow(e: NewEvent): Insertable<EventsTable> {
  return {
    type: e.type,
    eventTime: e.eventTime,
    deviceId: e.deviceId,
    positionId: e.positionId || null,
    geofenceId: e.geofenceId || null,
    maintenanceId: e.maintenanceId || null,
    attributes: JSON.stringify(e.attributes),
  };
}

/**
 * Ids in insertion order. One multi-row INSERT assigns ascending ids in VALUES order on both
 * SQLite and PostgreSQL, while the order RETURNING lists them in is not promised; so sort.
 */
async function insertReturningIds<T extends 'positions' | 'events'>(
  trx: Trx,
  table: T,
  rows: Insertable<Tables[T]>[],
): Promise<number[]> {
  const ids: number[] = [];
  // 500 rows of ≤ 17 columns stays far below both dialects' bound-parameter limits.
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = rows.slice(i, i + 500);
    const result = await trx
      .insertInto(table as 'positions')
      .values(chunk as Insertable<PositionsTable>[])
      .returning('id')
      .execute();
    ids.push(...result.map((r) => Number(r.id)).sort((a, b) => a - b));
  }
  return ids;
}

export function insertPositions(
  trx: Trx,
  dialect: DialectName,
  positions: readonly PositionRecord[],
): Promise<number[]> {
  return insertReturningIds(
    trx,
    'positions',
    positions.map((p) => positionRow(dialect, p)),
  );
}

export function insertEvents(trx: Trx, events: readonly NewEvent[]): Promise<number[]> {
  if (events.length === 0) return Promise.resolve([]);
  return insertReturningIds(trx, 'events', events.map(eventRow));
}

export interface DeviceUpdate {
  id: number;
  status: string | null;
  lastUpdate: number | null;
  positionId: number | null;
  /** Null keeps the stored state. */
  state: string | null;
}

/** Updates many devices' server-managed columns in one statement per chunk. */
export async function updateDevices(
  trx: Trx,
  dialect: DialectName,
  updates: readonly DeviceUpdate[],
): Promise<void> {
  const cast = (value: unknown, type: string) =>
    dialect === 'postgres' ? sql`cast(${value} as ${sql.raw(type)})` : sql`${value}`;
  for (let i = 0; i < updates.length; i += 1000) {
    const rows = updates
      .slice(i, i + 1000)
      .map(
        (u) =>
          sql`(${cast(u.id, 'bigint')}, ${cast(u.status, 'text')}, ${cast(u.lastUpdate, 'bigint')}, ${cast(
            u.positionId,
            'bigint',
          )}, ${cast(u.state, 'text')})`,
      );
    await sql`
      with v(id, status, last_update, position_id, state) as (values ${sql.join(rows)})
      update devices set
        status = v.status,
        last_update = v.last_update,
        position_id = coalesce(v.position_id, devices.position_id),
        state = coalesce(v.state, devices.state)
      from v where devices.id = v.id`.execute(trx);
  }
}

export interface QueuedCommandRow {
  id: number;
  deviceId: number;
  type: string;
  attributes: string;
}

/** Pending commands of these devices, oldest first. */
export async function queuedCommandsFor(
  trx: Trx,
  deviceIds: readonly number[],
): Promise<QueuedCommandRow[]> {
  if (deviceIds.length === 0) return [];
  return trx
    .selectFrom('queuedCommands')
    .select(['id', 'deviceId', 'type', 'attributes'])
    .where('deviceId', 'in', [...deviceIds])
    .orderBy('id')
    .execute();
}

export async function deleteQueuedCommands(trx: Trx, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await trx
    .deleteFrom('queuedCommands')
    .where('id', 'in', [...ids])
    .execute();
}
