import type { Event, Position } from '../../model';
import { IllegalArgumentException, SecurityException, notFound } from '../errors';
import type { Ctx } from '../access/context';
import { notDeletedDevice } from '../db/devices';
import { assertVisible } from '../permissions/objects';
import { visibleFilter } from '../permissions/visibility';
import { eventFromRow, eventJson, positionFromRow, positionJson } from '../serialize';
import type { PositionsTable } from '../db/schema';
import type { Selectable } from 'kysely';
import { reportDenial } from '../reports/access';
import { parseAttributes } from '../db/json';
import { geofenceContains } from '../processing/geofenceArea';
import { lookupNumber } from '../processing/lookup';
import type { PositionRecord } from '../processing/types';
import type { LatestPositionsJson, PositionRow } from './latestJson';

const toPosition = (row: Selectable<PositionsTable>): Position =>
  positionJson(positionFromRow(row));

/** `report.maxPositions` unless the server sets it: the most a history request returns. */
const MAX_POSITIONS = 50_000;

interface PositionQuery {
  deviceId?: number;
  from?: string;
  to?: string;
  id?: number[];
  geofenceId?: number;
}

/**
 * One device's positions between two instants by fixTime, bounds inclusive, oldest first, at most
 * the server's `report.maxPositions`. With a `geofenceId` (which the caller must see) only the
 * positions inside that geofence, as Traccar filters both its history and its file exports.
 * The caller has already checked the device and the report rights.
 */
export async function deviceHistory(
  ctx: Ctx,
  deviceId: number,
  from: number,
  to: number,
  geofenceId = 0,
): Promise<PositionRecord[]> {
  const { db, actor } = ctx;
  const limit = lookupNumber('report.maxPositions', [actor.server.attributes], MAX_POSITIONS);
  const rows = await db.kysely
    .selectFrom('positions')
    .selectAll()
    .where('deviceId', '=', deviceId)
    .where('fixTime', '>=', from)
    .where('fixTime', '<=', to)
    .orderBy('fixTime')
    .orderBy('id')
    .limit(Math.max(1, limit))
    .execute();
  const positions = rows.map(positionFromRow);
  if (geofenceId <= 0) return positions;
  await assertVisible(db, actor, 'geofence', geofenceId);
  const geofence = await db.kysely
    .selectFrom('geofences')
    .select(['id', 'area', 'attributes'])
    .where('id', '=', geofenceId)
    .executeTakeFirstOrThrow();
  const shape = { ...geofence, attributes: parseAttributes(geofence.attributes) };
  return positions.filter((position) => geofenceContains(shape, position));
}

function parseDate(name: string, text: string): number {
  const millis = Date.parse(text);
  if (Number.isNaN(millis)) throw new IllegalArgumentException(`Invalid ${name} date`);
  return millis;
}

/**
 * `GET /api/positions`: no parameters → the latest position of every device the
 * caller reaches; `deviceId` → [its latest]; `deviceId` + `from` + `to` → its history by fixTime,
 * bounds inclusive, at most 50000; `id` (repeatable) → those positions. One query each.
 */
export async function listPositions(ctx: Ctx, query: PositionQuery): Promise<Position[]> {
  const { db, actor } = ctx;
  const userId = actor.admin ? null : actor.user.id;
  const ids = query.id ?? [];

  if (ids.length > 0) {
    const rows = await db.kysely
      .selectFrom('positions')
      .selectAll()
      .where('id', 'in', ids)
      .where(visibleFilter('device', userId, 'positions.device_id'))
      .orderBy('id')
      .execute();
    return rows.map(toPosition);
  }

  if (query.deviceId !== undefined) {
    await assertVisible(db, actor, 'device', query.deviceId);
    if (query.from !== undefined || query.to !== undefined) {
      if (query.from === undefined || query.to === undefined) {
        throw new IllegalArgumentException('Both from and to are required');
      }
      // A device's history is its route report by another door: the same rule answers both.
      const denial = reportDenial(actor, 'route');
      if (denial) throw new SecurityException(denial);
      const from = parseDate('from', query.from);
      const to = parseDate('to', query.to);
      const history = await deviceHistory(ctx, query.deviceId, from, to, query.geofenceId);
      return history.map(positionJson);
    }
  }

  let latest = db.kysely
    .selectFrom('devices')
    .innerJoin('positions', 'positions.id', 'devices.positionId')
    .selectAll('positions');
  latest =
    query.deviceId !== undefined
      ? latest.where('devices.id', '=', query.deviceId)
      : latest.where(visibleFilter('device', userId, 'devices.id')).where(notDeletedDevice());
  const rows = await latest.execute();
  return rows.map(toPosition);
}

/** Rows a single `in (…)` reads at most: SQLite's bound-parameter limit is far above it. */
const ID_BATCH = 500;

/**
 * `GET /api/positions` with no filter: the latest position of every device the caller sees, as
 * JSON text, from the store of texts (one query for the ids, the rows it has not seen yet).
 */
export async function latestPositionsJson(ctx: Ctx, store: LatestPositionsJson): Promise<Buffer> {
  const { db, actor } = ctx;
  const rows = await db.kysely
    .selectFrom('devices')
    .select('devices.positionId')
    .where(visibleFilter('device', actor.admin ? null : actor.user.id, 'devices.id'))
    .where(notDeletedDevice())
    .where('devices.positionId', '>', 0)
    .orderBy('devices.id')
    .execute();
  const ids = rows.map((row) => row.positionId ?? 0);
  return store.list(ids, async (missing) => {
    const found: PositionRow[] = [];
    for (let from = 0; from < missing.length; from += ID_BATCH) {
      found.push(
        ...(await db.kysely
          .selectFrom('positions')
          .selectAll()
          .where('id', 'in', missing.slice(from, from + ID_BATCH))
          .execute()),
      );
    }
    return found;
  });
}

/** `GET /api/events/:id`: one event of a device the caller reaches (there is no list). */
export async function getEvent(ctx: Ctx, id: number): Promise<Event> {
  const row = await ctx.db.kysely
    .selectFrom('events')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound();
  await assertVisible(ctx.db, ctx.actor, 'device', row.deviceId);
  return eventJson(eventFromRow(row));
}
