import SQLite from 'better-sqlite3';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Db } from '../db/database';
import { parseAttributes } from '../db/json';
import type { Tables } from '../db/schema';
import { notDeletedDevice } from '../db/devices';
import { accessDenied } from '../permissions/objects';
import type { Actor } from '../access/actor';
import { visibleFilter } from '../permissions/visibility';
import type { AttributeSource } from '../processing/lookup';
import type { DeviceInfo, EdgePosition } from './items';
import type { Segmenter } from './segments';
import { groupChain } from '../../model/groupChain';

/**
 * The reports' reads. Positions are read in fix-time order in keyset pages through the
 * (device_id, fix_time) index, with only the columns a pass needs and without Kysely's
 * CamelCasePlugin (it would copy every row). Whole rows are read only for the few positions that
 * end up at the ends of an item.
 */

export interface ReportDevice extends DeviceInfo {
  groupId: number;
  /** Settings lookup order: device, its groups (nearest first, up to 3), server. */
  sources: AttributeSource[];
}

/** Rows per page of a position scan. */
const PAGE = 50_000;

const raw = (db: Db): Kysely<Tables> => db.kysely.withoutPlugins();

async function visibleIds(
  db: Db,
  actor: Actor,
  kind: 'device' | 'group',
  ids: number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const table = kind === 'device' ? 'devices' : 'groups';
  const rows = await db.kysely
    .selectFrom(table)
    .select('id')
    .where('id', 'in', ids)
    .where(visibleFilter(kind, actor.admin ? null : actor.user.id, `${table}.id`))
    .execute();
  return new Set(rows.map((r) => Number(r.id)));
}

/**
 * The devices of a report: the given devices plus the devices of the given groups
 * and their sub-groups, all of them ones the caller sees; with neither, every device the caller
 * sees. An explicit device or group the caller cannot see is a SecurityException. Sorted by name.
 */
export async function resolveDevices(
  db: Db,
  actor: Actor,
  deviceIds: readonly number[],
  groupIds: readonly number[],
  serverAttributes: Record<string, unknown>,
): Promise<ReportDevice[]> {
  const devices = [...new Set(deviceIds)];
  const groups = [...new Set(groupIds)];
  const seenDevices = await visibleIds(db, actor, 'device', devices);
  if (!actor.admin && devices.some((id) => !seenDevices.has(id))) throw accessDenied('device');
  const seenGroups = await visibleIds(db, actor, 'group', groups);
  if (!actor.admin && groups.some((id) => !seenGroups.has(id))) throw accessDenied('group');

  const allGroups = await db.kysely
    .selectFrom('groups')
    .select(['id', 'groupId', 'attributes'])
    .execute();
  const groupById = new Map(allGroups.map((g) => [Number(g.id), g]));

  const userId = actor.admin ? null : actor.user.id;
  let query = db.kysely
    .selectFrom('devices')
    .select(['id', 'name', 'groupId', 'attributes'])
    .where(visibleFilter('device', userId, 'devices.id'));
  if (devices.length === 0 && groups.length === 0) {
    query = query.where(notDeletedDevice());
  } else {
    const expanded = new Set(groups);
    let level = groups;
    for (let depth = 0; depth < 10 && level.length > 0; depth++) {
      level = allGroups
        .filter((g) => g.groupId !== null && level.includes(Number(g.groupId)))
        .map((g) => Number(g.id))
        .filter((id) => !expanded.has(id));
      for (const id of level) expanded.add(id);
    }
    const groupList = [...expanded];
    query = query.where((eb) =>
      eb.or([
        ...(devices.length > 0 ? [eb('id', 'in', devices)] : []),
        ...(groupList.length > 0 ? [eb('groupId', 'in', groupList)] : []),
      ]),
    );
  }
  const rows = await query.orderBy('name').orderBy('id').execute();
  return rows.map((row) => {
    const attributes = parseAttributes(row.attributes);
    const sources: AttributeSource[] = [attributes];
    for (const id of groupChain(Number(row.groupId ?? 0), (id) => groupById.get(id)?.groupId)) {
      const group = groupById.get(id);
      if (group) sources.push(parseAttributes(group.attributes));
    }
    sources.push(serverAttributes);
    return {
      id: Number(row.id),
      name: row.name,
      groupId: Number(row.groupId ?? 0),
      attributes,
      sources,
    };
  });
}

interface ScanRow {
  id: number;
  t: number;
  la: number;
  lo: number;
  s: number;
  ig?: number | null;
}

/** `ignition` as 1, 0 or null, read by the database from the attributes text. */
function ignitionColumn(db: Db): RawBuilder<unknown> {
  return db.dialect === 'sqlite'
    ? sql`case json_type(attributes, '$.ignition') when 'true' then 1 when 'false' then 0 end`
    : sql`case attributes::json->>'ignition' when 'true' then 1 when 'false' then 0 end`;
}

/** The page query of `scanTrack`; exported for the query-plan test. */
export function scanQuery(
  db: Db,
  deviceId: number,
  from: number,
  to: number,
  after: { time: number; id: number } | null,
  withIgnition: boolean,
  limit = PAGE,
): RawBuilder<ScanRow> {
  const ignition = withIgnition ? sql`, ${ignitionColumn(db)} as ig` : sql``;
  const keyset = after
    ? sql`and fix_time >= ${after.time} and (fix_time > ${after.time} or id > ${after.id})`
    : sql`and fix_time >= ${from}`;
  return sql<ScanRow>`select id, fix_time as t, latitude as la, longitude as lo, speed as s${ignition}
    from positions
    where device_id = ${deviceId} ${keyset} and fix_time <= ${to}
    order by fix_time, id
    limit ${limit}`;
}

/**
 * SQLite: a read-only connection of the reports' own (WAL lets it read beside the writer) with a
 * SQL function that hands each row straight to the segmenter, so a page of 50,000 positions costs
 * no JavaScript object per row (about 4× faster than reading rows). Null for other databases.
 */
interface Reader {
  database: SQLite.Database;
  statements: Map<string, SQLite.Statement>;
}

const readers = new Map<string, Reader | null>();

interface Feed {
  segmenter: Segmenter | null;
  count: number;
  lastTime: number;
  lastId: number;
  unordered: boolean;
}

const feed: Feed = { segmenter: null, count: 0, lastTime: -Infinity, lastId: 0, unordered: false };

function feedRow(id: number, time: number, lat: number, lon: number, speed: number, ig: unknown) {
  if (time < feed.lastTime || (time === feed.lastTime && id <= feed.lastId)) feed.unordered = true;
  feed.lastTime = time;
  feed.lastId = id;
  feed.count++;
  feed.segmenter?.push(
    id,
    time,
    lat,
    lon,
    speed,
    ig === null || ig === undefined ? -1 : Number(ig),
  );
  return null;
}

async function sqliteReader(db: Db): Promise<Reader | null> {
  if (db.dialect !== 'sqlite') return null;
  const { rows } = await sql<{
    file: string;
  }>`select file from pragma_database_list where name = 'main'`.execute(raw(db));
  const file = rows[0]?.file;
  if (!file) return null;
  if (readers.has(file)) return readers.get(file) ?? null;
  let reader: Reader | null = null;
  try {
    const database = new SQLite(file, { readonly: true, fileMustExist: true });
    database.pragma('busy_timeout = 5000');
    database.function('frota_report_feed', { deterministic: false, directOnly: true }, feedRow);
    reader = { database, statements: new Map() };
  } catch {
    reader = null;
  }
  readers.set(file, reader);
  return reader;
}

/** The SQL of a reader page (named parameters); exported for the query-plan test. */
export function readerSql(withIgnition: boolean, first: boolean): string {
  const ignition = withIgnition
    ? `case json_type(attributes, '$.ignition') when 'true' then 1 when 'false' then 0 end`
    : 'null';
  const keyset = first
    ? 'fix_time >= @from'
    : 'fix_time >= @time and (fix_time > @time or id > @id)';
  return `select count(frota_report_feed(id, t, la, lo, s, ig)) as n
    from (select id, fix_time as t, latitude as la, longitude as lo, speed as s, ${ignition} as ig
      from positions where device_id = @device and ${keyset} and fix_time <= @to
      order by fix_time, id limit @limit)`;
}

function readerStatement(reader: Reader, withIgnition: boolean, first: boolean): SQLite.Statement {
  const key = `${withIgnition}:${first}`;
  let statement = reader.statements.get(key);
  if (!statement) {
    statement = reader.database.prepare(readerSql(withIgnition, first));
    reader.statements.set(key, statement);
  }
  return statement;
}

/**
 * Feeds every position of a device in [from, to] (fix-time order) to `segmenter`, page by page
 * (the event loop runs between pages). Returns the number of positions read; an aborted `signal`
 * stops it before the next page.
 */
export async function scanTrack(
  db: Db,
  deviceId: number,
  from: number,
  to: number,
  segmenter: Segmenter,
  withIgnition: boolean,
  signal?: AbortSignal,
): Promise<number> {
  const reader = await sqliteReader(db);
  if (reader) {
    let total = 0;
    let after: { time: number; id: number } | null = null;
    for (;;) {
      signal?.throwIfAborted();
      const statement = readerStatement(reader, withIgnition, after === null);
      Object.assign(feed, { segmenter, count: 0, unordered: false });
      feed.lastTime = after ? after.time : -Infinity;
      feed.lastId = after ? after.id : 0;
      try {
        statement.get({ device: deviceId, from, to, limit: PAGE, ...(after ?? {}) });
      } finally {
        feed.segmenter = null;
      }
      if (feed.unordered) throw new Error('positions were not read in fix-time order');
      total += feed.count;
      if (feed.count < PAGE) return total;
      after = { time: feed.lastTime, id: feed.lastId };
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  }
  const kysely = raw(db);
  let after: { time: number; id: number } | null = null;
  let count = 0;
  for (;;) {
    signal?.throwIfAborted();
    const { rows }: { rows: ScanRow[] } = await scanQuery(
      db,
      deviceId,
      from,
      to,
      after,
      withIgnition,
    ).execute(kysely);
    for (let i = 0; i < rows.length; i++) {
      const r = rows[i];
      const ignition = r.ig === undefined || r.ig === null ? -1 : Number(r.ig);
      segmenter.push(Number(r.id), Number(r.t), r.la, r.lo, r.s, ignition);
    }
    count += rows.length;
    if (rows.length < PAGE) return count;
    const last: ScanRow = rows[rows.length - 1];
    after = { time: Number(last.t), id: Number(last.id) };
  }
}

interface FullRow {
  id: number;
  fix_time: number;
  latitude: number;
  longitude: number;
  speed: number;
  address: string | null;
  attributes: string;
}

const edgeFromRow = (row: FullRow): EdgePosition => ({
  id: Number(row.id),
  fixTime: Number(row.fix_time),
  latitude: row.latitude,
  longitude: row.longitude,
  speed: row.speed,
  address: row.address,
  attributes: parseAttributes(row.attributes),
});

/** The first (or last) position of a device in [from, to]. */
export async function edgePosition(
  db: Db,
  deviceId: number,
  from: number,
  to: number,
  last: boolean,
): Promise<EdgePosition | null> {
  const order = last ? sql`fix_time desc, id desc` : sql`fix_time, id`;
  const { rows } =
    await sql<FullRow>`select id, fix_time, latitude, longitude, speed, address, attributes
    from positions where device_id = ${deviceId} and fix_time >= ${from} and fix_time <= ${to}
    order by ${order} limit 1`.execute(raw(db));
  return rows.length > 0 ? edgeFromRow(rows[0]) : null;
}

/** Positions by id, for the ends of trips and stops. */
export async function positionsByIds(
  db: Db,
  ids: readonly number[],
): Promise<Map<number, EdgePosition>> {
  const result = new Map<number, EdgePosition>();
  const unique = [...new Set(ids)];
  for (let i = 0; i < unique.length; i += 500) {
    const chunk = unique.slice(i, i + 500);
    const { rows } =
      await sql<FullRow>`select id, fix_time, latitude, longitude, speed, address, attributes
      from positions where id in (${sql.join(chunk)})`.execute(raw(db));
    for (const row of rows) result.set(Number(row.id), edgeFromRow(row));
  }
  return result;
}

/** Highest speed (knots) of a device in [from, to]; 0 without positions. */
export async function maxSpeed(
  db: Db,
  deviceId: number,
  from: number,
  to: number,
): Promise<number> {
  const { rows } = await sql<{ m: number | null }>`select max(speed) as m from positions
    where device_id = ${deviceId} and fix_time >= ${from} and fix_time <= ${to}`.execute(raw(db));
  return Number(rows[0]?.m ?? 0);
}

/** Driver names by uniqueId. */
export async function driverNames(
  db: Db,
  uniqueIds: readonly string[],
): Promise<Map<string, string>> {
  const unique = [...new Set(uniqueIds)];
  if (unique.length === 0) return new Map();
  const rows = await db.kysely
    .selectFrom('drivers')
    .select(['uniqueId', 'name'])
    .where('uniqueId', 'in', unique)
    .execute();
  return new Map(rows.map((r) => [r.uniqueId, r.name]));
}

/** A stored position as the route report reads it (snake_case columns, JSON as text). */
export interface RouteRow {
  id: number;
  device_id: number;
  protocol: string | null;
  server_time: number;
  device_time: number;
  fix_time: number;
  valid: number | boolean;
  latitude: number;
  longitude: number;
  altitude: number;
  speed: number;
  course: number;
  address: string | null;
  accuracy: number;
  network: string | null;
  geofence_ids: string | null;
  attributes: string;
}

/** Route positions of one device in [from, to] by fix time, at most `limit`, page by page. */
export async function* routePages(
  db: Db,
  deviceId: number,
  from: number,
  to: number,
  limit: number,
  page = 10_000,
): AsyncGenerator<RouteRow[]> {
  const kysely = raw(db);
  let after: { time: number; id: number } | null = null;
  let remaining = limit;
  while (remaining > 0) {
    const size = Math.min(page, remaining);
    const keyset: RawBuilder<unknown> = after
      ? sql`and fix_time >= ${after.time} and (fix_time > ${after.time} or id > ${after.id})`
      : sql`and fix_time >= ${from}`;
    const { rows }: { rows: RouteRow[] } =
      await sql<RouteRow>`select id, device_id, protocol, server_time, device_time,
      fix_time, valid, latitude, longitude, altitude, speed, course, address, accuracy, network,
      geofence_ids, attributes
      from positions where device_id = ${deviceId} ${keyset} and fix_time <= ${to}
      order by fix_time, id limit ${size}`.execute(kysely);
    if (rows.length > 0) yield rows;
    remaining -= rows.length;
    if (rows.length < size) return;
    const last: RouteRow = rows[rows.length - 1];
    after = { time: Number(last.fix_time), id: Number(last.id) };
  }
}

export interface EventRow {
  id: number;
  type: string;
  event_time: number;
  device_id: number;
  position_id: number | null;
  geofence_id: number | null;
  maintenance_id: number | null;
  attributes: string;
}

/**
 * Stored events of one device in [from, to] by event time; `types` empty = all. Events that
 * point at a geofence or maintenance the caller cannot see are left out.
 */
export async function deviceEvents(
  db: Db,
  actor: Actor,
  deviceId: number,
  from: number,
  to: number,
  types: readonly string[],
): Promise<EventRow[]> {
  const userId = actor.admin ? null : actor.user.id;
  let query = db.kysely
    .selectFrom('events')
    .selectAll()
    .where('deviceId', '=', deviceId)
    .where('eventTime', '>=', from)
    .where('eventTime', '<=', to);
  if (types.length > 0) query = query.where('type', 'in', [...types]);
  if (userId !== null) {
    query = query
      .where((eb) =>
        eb.or([
          eb('geofenceId', 'is', null),
          visibleFilter('geofence', userId, 'events.geofence_id'),
        ]),
      )
      .where((eb) =>
        eb.or([
          eb('maintenanceId', 'is', null),
          visibleFilter('maintenance', userId, 'events.maintenance_id'),
        ]),
      );
  }
  const rows = await query.orderBy('eventTime').orderBy('id').execute();
  return rows.map((r) => ({
    id: Number(r.id),
    type: r.type,
    event_time: Number(r.eventTime),
    device_id: Number(r.deviceId),
    position_id: r.positionId === null ? null : Number(r.positionId),
    geofence_id: r.geofenceId === null ? null : Number(r.geofenceId),
    maintenance_id: r.maintenanceId === null ? null : Number(r.maintenanceId),
    attributes: r.attributes,
  }));
}

/** Names of geofences by id, for the events spreadsheet. */
export async function geofenceNames(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.kysely
    .selectFrom('geofences')
    .select(['id', 'name'])
    .where('id', 'in', unique)
    .execute();
  return new Map(rows.map((r) => [Number(r.id), r.name]));
}
