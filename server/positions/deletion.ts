import type { Db } from '../db/database';
import { lockDevice } from '../db/locks';
import type { Ctx } from '../access/context';
import { SecurityException, notFound } from '../errors';
import { DENIED } from '../permissions/checkAccess';
import { assertVisible } from '../permissions/objects';
import type { PositionRecord } from '../processing/types';
import { positionFromRow } from '../serialize';

/** What a deletion left behind for the device: its latest position, when that changed. */
export interface PositionsDeleted {
  deviceId: number;
  /** The latest position (`previousId`) was deleted: the one now latest (null: none left). */
  replaced: { previousId: number; latest: PositionRecord | null } | null;
  /** How many positions went. */
  count: number;
}

/** Traccar's rule for deleting positions: any account but a readonly one (admins always). */
function assertWritable(ctx: Ctx): void {
  if (ctx.actor.restrictions.readonly) throw new SecurityException(DENIED.readonly);
}

/**
 * After positions of the device went: when its latest was among them, the newest that remains
 * (by fix time, as ingest picks the latest) becomes its `positionId`. `lastUpdate` stays: it is
 * when the device last reported, which deleting history does not change. The caller holds the
 * device row's lock (ingest takes it too), so a fix stored meanwhile cannot be overwritten by an
 * older latest.
 */
async function settleLatest(db: Db, deviceId: number): Promise<PositionsDeleted['replaced']> {
  const device = await db.kysely
    .selectFrom('devices')
    .leftJoin('positions', 'positions.id', 'devices.positionId')
    .select(['devices.positionId', 'positions.id as kept'])
    .where('devices.id', '=', deviceId)
    .executeTakeFirst();
  if (!device || device.positionId === null || device.kept !== null) return null;
  const row = await db.kysely
    .selectFrom('positions')
    .selectAll()
    .where('deviceId', '=', deviceId)
    .orderBy('fixTime', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  await db.kysely
    .updateTable('devices')
    .set({ positionId: row ? row.id : null })
    .where('id', '=', deviceId)
    .execute();
  return { previousId: Number(device.positionId), latest: row ? positionFromRow(row) : null };
}

/** `DELETE /api/positions/{id}`: readonly refused, 404 when unknown, then the device's access. */
export async function deletePosition(ctx: Ctx, id: number): Promise<PositionsDeleted> {
  assertWritable(ctx);
  const position = await ctx.db.kysely
    .selectFrom('positions')
    .select(['id', 'deviceId'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!position) throw notFound();
  const deviceId = Number(position.deviceId);
  await assertVisible(ctx.db, ctx.actor, 'device', deviceId);
  return ctx.db.kysely.transaction().execute(async (trx) => {
    const db = { ...ctx.db, kysely: trx };
    await lockDevice(db, deviceId);
    await trx.deleteFrom('positions').where('id', '=', id).execute();
    return { deviceId, replaced: await settleLatest(db, deviceId), count: 1 };
  });
}

/** `DELETE /api/positions?deviceId&from&to`: the device's positions fixed in [from, to]. */
export async function deletePositionRange(
  ctx: Ctx,
  deviceId: number,
  from: number,
  to: number,
): Promise<PositionsDeleted> {
  await assertVisible(ctx.db, ctx.actor, 'device', deviceId);
  assertWritable(ctx);
  return ctx.db.kysely.transaction().execute(async (trx) => {
    const db = { ...ctx.db, kysely: trx };
    await lockDevice(db, deviceId);
    const result = await trx
      .deleteFrom('positions')
      .where('deviceId', '=', deviceId)
      .where('fixTime', '>=', from)
      .where('fixTime', '<=', to)
      .executeTakeFirst();
    const count = Number(result.numDeletedRows);
    return { deviceId, replaced: await settleLatest(db, deviceId), count };
  });
}
