import type { Event, Position } from '../../model';
import { IllegalArgumentException, SecurityException, notFound } from '../errors';
import type { Ctx } from '../entities/context';
import { notDeletedDevice } from '../devices/deviceLimit';
import { assertVisible } from '../permissions/objects';
import { visibleFilter } from '../permissions/visibility';
import { eventFromRow, eventJson, positionFromRow, positionJson } from '../serialize';
import type { PositionsTable } from '../db/schema';
import type { Selectable } from 'kysely';
import { reportDenial } from '../reports/access';

const toPosition = (row: Selectable<PositionsTable>): Position =>
  positionJson(positionFromRow(row));

/** `report.maxPositions`: the most a history request returns. */
const MAX_POSITIONS = 50_000;

interface PositionQuery {
  deviceId?: number;
  from?: string;
  to?: string;
  id?: number[];
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
      const rows = await db.kysely
        .selectFrom('positions')
        .selectAll()
        .where('deviceId', '=', query.deviceId)
        .where('fixTime', '>=', parseDate('from', query.from))
        .where('fixTime', '<=', parseDate('to', query.to))
        .orderBy('fixTime')
        .orderBy('id')
        .limit(MAX_POSITIONS)
        .execute();
      return rows.map(toPosition);
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
