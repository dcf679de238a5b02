import { sql, type Insertable, type Kysely, type Selectable, type Transaction } from 'kysely';
import { flag, type Db, type DialectName } from '../db/database';
import type { EventsTable, PositionsTable, Tables } from '../db/schema';
import type { EventRecord, NewEvent, PositionRecord } from '../processing/types';

/**
 * The batch writes of the tracking core, each one statement for many rows, so a batch of
 * positions costs a handful of round trips on either dialect. Every row of `positions` and
 * `events` is written here: by ingest's batches, and through `storeLatestPosition` and
 * `storeEvents` by the few writers outside a batch, in their own transactions.
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
  if (dialect === 'postgres' && positions.every(hasFiniteNumbers)) {
    return insertPositionsAsJson(trx, positions);
  }
  return insertReturningIds(
    trx,
    'positions',
    positions.map((p) => positionRow(dialect, p)),
  );
}

const hasFiniteNumbers = (p: PositionRecord): boolean =>
  Number.isFinite(p.serverTime) &&
  Number.isFinite(p.deviceTime) &&
  Number.isFinite(p.fixTime) &&
  Number.isFinite(p.latitude) &&
  Number.isFinite(p.longitude) &&
  Number.isFinite(p.altitude) &&
  Number.isFinite(p.speed) &&
  Number.isFinite(p.course) &&
  Number.isFinite(p.accuracy);

/**
 * PostgreSQL: the whole batch as one JSON parameter, unpacked by `json_to_recordset`. Every fix
 * of the fleet goes through here, and as a multi-row `VALUES` the query builder made and
 * compiled a node per column per row and the driver encoded sixteen parameters per position,
 * which cost this process about twice the CPU per position (docs/scaling.md, "Cost").
 *
 * Each row is the one the other path inserts (`positionRow`), so the JSON columns (`attributes`,
 * `network`, `geofence_ids`) go as their texts, strings inside the array, not as nested values:
 * PostgreSQL refuses to unpack a `\u0000` escape into any field, even a `json` one, so a device
 * sending a NUL in one attribute would have failed the whole batch, while its escaped text
 * (`\\u0000` here) stores as it did before. A non-finite number has no JSON form (NaN would
 * arrive as null), so a batch holding one takes the other path.
 */
async function insertPositionsAsJson(
  trx: Trx,
  positions: readonly PositionRecord[],
): Promise<number[]> {
  if (positions.length === 0) return [];
  const rows = JSON.stringify(positions.map((p) => positionRow('postgres', p)));
  const result = await sql<{ id: string | number }>`
    insert into positions (protocol, device_id, server_time, device_time, fix_time, valid,
      latitude, longitude, altitude, speed, course, address, accuracy, network, geofence_ids,
      attributes)
    select protocol, "deviceId", "serverTime", "deviceTime", "fixTime", valid,
      latitude, longitude, altitude, speed, course, address, accuracy, network, "geofenceIds",
      attributes
    from json_to_recordset(cast(${rows} as json)) as r(protocol text, "deviceId" bigint,
      "serverTime" bigint, "deviceTime" bigint, "fixTime" bigint, valid boolean,
      latitude double precision, longitude double precision, altitude double precision,
      speed double precision, course double precision, address text, accuracy double precision,
      network text, "geofenceIds" text, attributes text)
    returning id`.execute(trx);
  // Rows take ascending ids in the order the function yields them, which is the array's.
  return result.rows.map((r) => Number(r.id)).sort((a, b) => a - b);
}

export function insertEvents(trx: Trx, events: readonly NewEvent[]): Promise<number[]> {
  if (events.length === 0) return Promise.resolve([]);
  return insertReturningIds(trx, 'events', events.map(eventRow));
}

/**
 * A position made outside a batch that becomes its device's latest at once (the latest copied
 * with new totals, `PUT /api/devices/:id/accumulators`). The caller holds the device row's lock,
 * as a batch does, so no fix stored meanwhile can be overtaken. Returns the new position's id.
 */
export async function storeLatestPosition(
  trx: Trx,
  dialect: DialectName,
  position: PositionRecord,
): Promise<number> {
  const [positionId] = await insertPositions(trx, dialect, [position]);
  await trx
    .updateTable('devices')
    .set({ positionId })
    .where('id', '=', position.deviceId)
    .execute();
  return positionId;
}

/**
 * Events raised outside a batch (a scheduled notification firing), written in the caller's
 * transaction beside what it claims; returned with their ids, to be published.
 */
export async function storeEvents(trx: Trx, events: readonly NewEvent[]): Promise<EventRecord[]> {
  const ids = await insertEvents(trx, events);
  return events.map((event, index) => ({ ...event, id: ids[index] }));
}

export interface DeviceUpdate {
  id: number;
  status: string | null;
  lastUpdate: number | null;
  positionId: number | null;
  /** Null keeps the stored state. Built with `stateParameter`. */
  state: StateParameter;
}

/** A device state as `updateDevices` sends it: see `stateParameter`. */
export type StateParameter = string | Buffer | null;

/**
 * A device state's JSON as `updateDevices` takes it: its UTF-8 bytes where the driver takes
 * those for text (node-postgres, `Db.textAsBytes`), else the string. A state is a few kilobytes
 * built by concatenation, and instances sharing the database write one per device with every
 * batch: as a string, the driver flattens it into a copy on the JavaScript heap that stays alive
 * until the statement is answered, so young-generation collections in between copied it (and
 * promoted it). Bytes wait outside the heap, and the string is garbage at once.
 */
export const stateParameter = (db: Pick<Db, 'textAsBytes'>, text: string | null): StateParameter =>
  text !== null && db.textAsBytes ? Buffer.from(text) : text;

/**
 * Updates many devices' server-managed columns in one statement per chunk. With `versions`
 * (PostgreSQL only) it returns each updated row's new version (`xmin`, see `lockDevices`).
 */
export async function updateDevices(
  trx: Trx,
  dialect: DialectName,
  updates: readonly DeviceUpdate[],
  versions = false,
): Promise<Map<number, string>> {
  const written = new Map<number, string>();
  const returning = versions ? sql`returning devices.id, devices.xmin::text as version` : sql``;
  for (let i = 0; i < updates.length; i += 1000) {
    const chunk = updates.slice(i, i + 1000);
    const result = await sql<{ id: number; version: string }>`
      with v(id, status, last_update, position_id, state) as (${
        dialect === 'postgres' ? postgresRows(chunk) : valuesRows(chunk)
      })
      update devices set
        status = v.status,
        last_update = v.last_update,
        position_id = coalesce(v.position_id, devices.position_id),
        state = coalesce(v.state, devices.state)
      from v where devices.id = v.id ${returning}`.execute(trx);
    for (const row of result.rows) written.set(Number(row.id), row.version);
  }
  return written;
}

const asText = (state: StateParameter): string | null =>
  Buffer.isBuffer(state) ? state.toString() : state;

/** SQLite: one `VALUES` row of five parameters per device. */
const valuesRows = (chunk: readonly DeviceUpdate[]) =>
  sql`values ${sql.join(
    chunk.map(
      (u) => sql`(${u.id}, ${u.status}, ${u.lastUpdate}, ${u.positionId}, ${asText(u.state)})`,
    ),
  )}`;

/**
 * PostgreSQL: one array per column, so the statement is a handful of query-builder nodes
 * whatever the batch's size. Every batch writes each of its devices (in cluster mode with its
 * state), and building a typed fragment per column per device cost more CPU than sending the
 * values. The states, the largest column, go as one parameter each inside an array constructor
 * rather than in one array literal, which would escape every quote of their JSON.
 */
const postgresRows = (chunk: readonly DeviceUpdate[]) =>
  sql`select * from unnest(
    cast(${chunk.map((u) => u.id)} as bigint[]),
    cast(${chunk.map((u) => u.status)} as text[]),
    cast(${chunk.map((u) => u.lastUpdate)} as bigint[]),
    cast(${chunk.map((u) => u.positionId)} as bigint[]),
    cast(array[${sql.join(chunk.map((u) => u.state))}] as text[]))`;

/** A device row's server-managed columns as `lockDevices` read them. */
export interface LockedDevice {
  id: number;
  status: string | null;
  lastUpdate: number | null;
  positionId: number | null;
  /** Null when the row's version is the one the caller already knew (its copy is current). */
  state: string | null;
  /**
   * The row version: PostgreSQL's `xmin`, the transaction that last wrote the row, which changes
   * with every update by anyone (another instance's batch, its status sweep, an API edit) and with
   * nothing else, so an equal value proves that nothing wrote the row since it was read.
   */
  version: string;
  /** Whether commands wait for the device; false when the request did not ask. */
  commandsQueued: boolean;
}

/** A device to lock, with the row version the caller's copy of its state was read or written at. */
export interface LockRequest {
  id: number;
  known: string | null;
  /** Ask whether commands wait for it (a reply of this batch can carry one). */
  commands?: boolean;
}

/**
 * PostgreSQL only: locks the devices' rows until the transaction ends and reads them as they are
 * now. `FOR NO KEY UPDATE`, the lock an UPDATE takes, so two batches for one device run one after
 * the other, while rows that merely reference a device (a queued command, a link) can still be
 * inserted meanwhile. One statement locks in id order (rows are locked after the sort), so two
 * batches cannot deadlock. The state, the row's largest column, is only sent for rows whose
 * version is not the `known` one: comparing in the locked read itself leaves no gap in which
 * another writer could slip in unseen. For the requests that ask (`commands`), it also tells
 * whether commands are queued for the device, which saves the batch a statement when none are.
 */
export async function lockDevices(
  trx: Trx,
  requests: readonly LockRequest[],
): Promise<LockedDevice[]> {
  const known = new Map<number, LockRequest>();
  for (const r of requests) {
    const commands = r.commands === true || known.get(r.id)?.commands === true;
    known.set(r.id, { id: r.id, known: r.known, commands });
  }
  if (known.size === 0) return [];
  const ids = [...known.keys()];
  const versions = ids.map((id) => known.get(id)?.known ?? null);
  const commands = ids.map((id) => known.get(id)?.commands === true);
  const result = await sql<{
    id: string | number;
    status: string | null;
    lastUpdate: string | number | null;
    positionId: string | number | null;
    state: string | null;
    version: string;
    commandsQueued: boolean;
  }>`
    select d.id, d.status, d.last_update as "lastUpdate", d.position_id as "positionId",
      d.xmin::text as version,
      case when d.xmin::text = k.known then null else d.state end as state,
      case when k.commands
        then exists (select 1 from queued_commands q where q.device_id = d.id)
        else false end as "commandsQueued"
    from devices d
    join unnest(cast(${ids} as bigint[]), cast(${versions} as text[]),
      cast(${commands} as boolean[])) as k(id, known, commands)
      on d.id = k.id
    order by d.id
    for no key update of d`.execute(trx);
  return result.rows.map((row) => ({
    id: Number(row.id),
    status: row.status,
    lastUpdate: row.lastUpdate === null ? null : Number(row.lastUpdate),
    positionId: row.positionId === null ? null : Number(row.positionId),
    state: row.state,
    version: row.version,
    commandsQueued: row.commandsQueued,
  }));
}

/** Positions by id (any order). */
export async function positionsById(
  trx: Trx,
  ids: readonly number[],
): Promise<Selectable<PositionsTable>[]> {
  if (ids.length === 0) return [];
  return trx
    .selectFrom('positions')
    .selectAll()
    .where('id', 'in', [...ids])
    .execute();
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
