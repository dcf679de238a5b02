import type { Selectable } from 'kysely';
import { randomToken } from '../auth/secrets';
import { flag, type Db } from '../db/database';
import type { SharesTable } from '../db/schema';
import { findUserById, insertUser } from '../db/users';
import { inTransaction, type Ctx } from '../access/context';
import { SecurityException, notFound } from '../errors';
import type { Change } from '../changes';
import { assertReference } from '../permissions/objects';
import { newUserFields } from '../users/defaults';
import { accountProblem } from '../users/accountState';
import {
  INVALID_SHARE,
  shareDenial,
  shareDeviceIds,
  shareExpiration,
  shareLimitCommands,
  type ShareAction,
} from './rules';

/** A share as the API answers it (Tarkan's, plus `deviceIds` and `userId`). */
interface ShareJson {
  id: number;
  name: string;
  /** The first shared device, for Tarkan's single-device clients. */
  deviceId: number;
  deviceIds: number[];
  expirationTime: string;
  limitCommands: boolean;
  token: string;
  /** The owner. */
  userId: number;
}

export interface ShareInput {
  name?: string;
  deviceId?: number;
  deviceIds?: number[];
  expirationTime?: string | null;
  limitCommands?: boolean;
}

type ShareRow = Selectable<SharesTable>;

function deny(ctx: Ctx, action: ShareAction): void {
  const denial = shareDenial(ctx.actor, action);
  if (denial) throw new SecurityException(denial);
}

async function deviceIdsOf(db: Db, shareIds: number[]): Promise<Map<number, number[]>> {
  const map = new Map<number, number[]>();
  if (shareIds.length === 0) return map;
  const rows = await db.kysely
    .selectFrom('shareDevice')
    .select(['shareId', 'deviceId'])
    .where('shareId', 'in', shareIds)
    .orderBy('deviceId')
    .execute();
  for (const row of rows) map.set(row.shareId, [...(map.get(row.shareId) ?? []), row.deviceId]);
  return map;
}

function toJson(row: ShareRow, deviceIds: number[]): ShareJson {
  return {
    id: row.id,
    name: row.name,
    deviceId: deviceIds[0] ?? 0,
    deviceIds,
    expirationTime: new Date(Number(row.expirationTime)).toISOString(),
    limitCommands: Boolean(row.limitCommands),
    token: row.token,
    userId: row.userId,
  };
}

/**
 * `GET /tarkan/shares`: the caller's live shares (an admin's list holds everyone's), newest
 * first; `deviceId` narrows to the shares of one device.
 */
export async function listShares(ctx: Ctx, deviceId?: number, now = Date.now()) {
  deny(ctx, 'read');
  let select = ctx.db.kysely
    .selectFrom('shares')
    .selectAll()
    .where('expirationTime', '>', now)
    .orderBy('id', 'desc');
  if (!ctx.actor.admin) select = select.where('userId', '=', ctx.actor.user.id);
  if (deviceId) {
    select = select.where((eb) =>
      eb(
        'id',
        'in',
        eb.selectFrom('shareDevice').select('shareId').where('deviceId', '=', deviceId),
      ),
    );
  }
  const rows = await select.execute();
  const devices = await deviceIdsOf(
    ctx.db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => toJson(row, devices.get(row.id) ?? []));
}

async function ownedShare(ctx: Ctx, id: number): Promise<ShareRow> {
  const row = await ctx.db.kysely
    .selectFrom('shares')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound();
  if (!ctx.actor.admin && row.userId !== ctx.actor.user.id) {
    throw new SecurityException('Share access denied');
  }
  return row;
}

async function assertDevices(ctx: Ctx, ids: number[]): Promise<void> {
  for (const id of ids) await assertReference(ctx.db, ctx.actor, 'device', id);
}

async function linkDevices(
  db: Db,
  changes: Change[],
  shareId: number,
  shareUserId: number,
  ids: number[],
): Promise<void> {
  const old = await db.kysely
    .selectFrom('shareDevice')
    .select('deviceId')
    .where('shareId', '=', shareId)
    .execute();
  const deviceLink = (deviceId: number, action: 'link' | 'unlink'): Change => ({
    kind: 'permission',
    owner: 'user',
    property: 'device',
    ownerId: shareUserId,
    propertyId: deviceId,
    action,
  });
  for (const { deviceId } of old) changes.push(deviceLink(deviceId, 'unlink'));
  await db.kysely.deleteFrom('shareDevice').where('shareId', '=', shareId).execute();
  await db.kysely.deleteFrom('userDevice').where('userId', '=', shareUserId).execute();
  await db.kysely
    .insertInto('shareDevice')
    .values(ids.map((deviceId) => ({ shareId, deviceId })))
    .execute();
  await db.kysely
    .insertInto('userDevice')
    .values(ids.map((deviceId) => ({ userId: shareUserId, deviceId })))
    .execute();
  for (const deviceId of ids) changes.push(deviceLink(deviceId, 'link'));
}

/**
 * `POST /tarkan/shares`: a share of devices the caller sees, plus its temporary share user
 * (`isShared` = owner, readonly, no password so no password login, expiring with the share).
 */
export async function createShare(ctx: Ctx, input: ShareInput, now = Date.now()) {
  deny(ctx, 'create');
  const ids = shareDeviceIds(input.deviceId, input.deviceIds);
  await assertDevices(ctx, ids);
  const expiration = shareExpiration(input.expirationTime, now);
  const limitCommands = shareLimitCommands(ctx.actor, input.limitCommands);
  const name = input.name?.trim() || 'Share';
  const token = randomToken();
  const owner = ctx.actor.user;
  return inTransaction(ctx, async (db, changes) => {
    const shareUser = await insertUser(
      db,
      {
        ...newUserFields(),
        name,
        // Unique and unusable as a sign-in name: there is no password to go with it.
        email: `share-${randomToken().slice(0, 16).toLowerCase()}@share.invalid`,
        readonly: true,
        deviceReadonly: true,
        limitCommands,
        disableReports: true,
        temporary: true,
        deviceLimit: 0,
        expirationTime: new Date(expiration).toISOString(),
        map: owner.map,
        coordinateFormat: owner.coordinateFormat,
        twelveHourFormat: owner.twelveHourFormat,
        attributes: {
          isShared: owner.id,
          ...(owner.attributes.language ? { language: owner.attributes.language } : {}),
          ...(owner.attributes.speedUnit ? { speedUnit: owner.attributes.speedUnit } : {}),
        },
      },
      // No password hash can match: '!' is not a valid hash format.
      '!',
    );
    changes.push({ kind: 'user', id: shareUser.id, action: 'create' });
    const row = await db.kysely
      .insertInto('shares')
      .values({
        userId: owner.id,
        shareUserId: shareUser.id,
        name,
        expirationTime: expiration,
        limitCommands: flag(db, limitCommands),
        token,
        created: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await linkDevices(db, changes, row.id, shareUser.id, ids);
    return toJson(row, ids);
  });
}

/** `PUT /tarkan/shares/:id`: name, devices, expiration and limitCommands; the token stays. */
export async function updateShare(ctx: Ctx, id: number, input: ShareInput, now = Date.now()) {
  deny(ctx, 'edit');
  const row = await ownedShare(ctx, id);
  const ids = shareDeviceIds(input.deviceId, input.deviceIds);
  await assertDevices(ctx, ids);
  const expiration = shareExpiration(input.expirationTime, now);
  const limitCommands = shareLimitCommands(ctx.actor, input.limitCommands);
  const name = input.name?.trim() || row.name;
  return inTransaction(ctx, async (db, changes) => {
    const updated = await db.kysely
      .updateTable('shares')
      .set({ name, expirationTime: expiration, limitCommands: flag(db, limitCommands) })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await db.kysely
      .updateTable('users')
      .set({ name, expirationTime: expiration, limitCommands: flag(db, limitCommands) })
      .where('id', '=', row.shareUserId)
      .execute();
    // Open sessions end with the share, never later.
    await db.kysely
      .updateTable('sessions')
      .set({ expires: expiration })
      .where('userId', '=', row.shareUserId)
      .where('expires', '>', expiration)
      .execute();
    changes.push({ kind: 'user', id: row.shareUserId, action: 'update' });
    await linkDevices(db, changes, id, row.shareUserId, ids);
    return toJson(updated, ids);
  });
}

/** Deletes shares and their users (sessions, tokens and links go with the user rows). */
async function removeShares(db: Db, rows: Pick<ShareRow, 'id' | 'shareUserId'>[]) {
  if (rows.length === 0) return;
  await db.kysely
    .deleteFrom('shares')
    .where(
      'id',
      'in',
      rows.map((r) => r.id),
    )
    .execute();
  await db.kysely
    .deleteFrom('users')
    .where(
      'id',
      'in',
      rows.map((r) => r.shareUserId),
    )
    .execute();
}

/** `DELETE /tarkan/shares/:id`: revokes it; returns the share user so its sockets can close. */
export async function deleteShare(ctx: Ctx, id: number): Promise<number> {
  deny(ctx, 'delete');
  const row = await ownedShare(ctx, id);
  await inTransaction(ctx, async (db, changes) => {
    await removeShares(db, [row]);
    changes.push({ kind: 'user', id: row.shareUserId, action: 'delete' });
  });
  return row.shareUserId;
}

/**
 * The share user a link signs in as, and when that session must end. Unknown, expired and
 * revoked tokens all answer the same `Invalid share`.
 */
export async function shareSession(
  db: Db,
  token: string,
  now = Date.now(),
): Promise<{ userId: number; expires: number }> {
  const row = token
    ? await db.kysely
        .selectFrom('shares')
        .select(['shareUserId', 'expirationTime'])
        .where('token', '=', token)
        .executeTakeFirst()
    : undefined;
  const expires = row ? Number(row.expirationTime) : 0;
  const found = row && expires > now ? await findUserById(db, row.shareUserId) : null;
  if (!row || !found || accountProblem(found.user, now)) {
    throw new SecurityException(INVALID_SHARE);
  }
  return { userId: row.shareUserId, expires };
}

/** Deletes expired shares and their users; returns those users' ids (to close their sockets). */
export async function cleanupExpiredShares(db: Db, now = Date.now()): Promise<number[]> {
  const rows = await db.kysely
    .selectFrom('shares')
    .select(['id', 'shareUserId'])
    .where('expirationTime', '<=', now)
    .execute();
  await db.kysely.transaction().execute((trx) => removeShares({ ...db, kysely: trx }, rows));
  return rows.map((r) => r.shareUserId);
}
