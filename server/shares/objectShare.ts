import { createToken, tokenMaxLifetimeMs } from '../auth/tokens';
import { findUserByEmail, insertUser } from '../db/users';
import { inTransaction, type Ctx } from '../access/context';
import { IllegalArgumentException, SecurityException } from '../errors';
import { hasBit } from '../permissions/checkAccess';
import { assertReference } from '../permissions/objects';
import { newUserFields } from '../users/defaults';
import { isShareUser } from './rules';

/**
 * Traccar's `POST /api/share/device|group`: a temporary read-only user that sees one device or
 * group, and an API token for it that the link carries (`{origin}?token=…`, signed in with
 * `GET /api/session?token=`). The user is not linked to the one who shared, so it shows in no
 * manager's list, and the hourly clean-up removes it once expired, as Traccar's does.
 */

export type SharedKind = 'device' | 'group';

/** Server attribute that turns sharing off for everyone (Traccar's `disableShare`). */
const DISABLE_SHARE = 'disableShare';
/** Server attributes that let a shared link send commands or run reports (Traccar's config). */
const SHARE_COMMANDS = 'web.shareDevice.commands';
const SHARE_REPORTS = 'web.shareDevice.reports';
/** Traccar's token lifetime when no expiration is given. */
const DEFAULT_MS = 7 * 86_400_000;

const isTrue = (value: unknown) => value === true || value === 'true';

/** The expiration asked, no later than the sharer's own account and the server's token cap. */
function shareExpiry(
  ctx: Ctx,
  expiration: string | undefined,
  serverAttributes: Record<string, unknown>,
  now: number,
): number {
  let expires = now + DEFAULT_MS;
  if (expiration !== undefined && expiration.trim() !== '') {
    expires = Date.parse(expiration);
    if (Number.isNaN(expires)) throw new IllegalArgumentException('Invalid expiration date');
    if (expires <= now) throw new IllegalArgumentException('Expiration must be in the future');
  }
  const own = ctx.actor.user.expirationTime ? Date.parse(ctx.actor.user.expirationTime) : NaN;
  if (!Number.isNaN(own)) expires = Math.min(expires, own);
  return Math.min(expires, now + tokenMaxLifetimeMs(serverAttributes));
}

/** Returns the token of a temporary user that sees the object until the expiration. */
export async function shareObject(
  ctx: Ctx,
  kind: SharedKind,
  id: number,
  expiration: string | undefined,
  now = Date.now(),
): Promise<string> {
  const { actor } = ctx;
  const attributes = actor.server.attributes;
  if (isTrue(attributes[DISABLE_SHARE])) throw new SecurityException('Sharing is disabled');
  if (actor.user.temporary || isShareUser(actor.user.attributes)) {
    throw new SecurityException('Temporary user');
  }
  if (!actor.admin && !hasBit(actor, 'shareCreate')) {
    throw new SecurityException('Write access denied');
  }
  if (!Number.isSafeInteger(id) || id <= 0) {
    throw new IllegalArgumentException(`Invalid ${kind} id`);
  }
  await assertReference(ctx.db, actor, kind, id);
  const expires = shareExpiry(ctx, expiration, attributes, now);

  const object =
    kind === 'device'
      ? await ctx.db.kysely
          .selectFrom('devices')
          .select(['name', 'uniqueId'])
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      : {
          ...(await ctx.db.kysely
            .selectFrom('groups')
            .select('name')
            .where('id', '=', id)
            .executeTakeFirstOrThrow()),
          uniqueId: '',
        };
  // Traccar's naming: one temporary user per sharer and object, found again on the next share.
  const email =
    kind === 'device'
      ? `${actor.user.email}:${object.uniqueId}`
      : `${actor.user.email}:group:${id}`;

  return inTransaction(ctx, async (db, changes) => {
    const existing = await findUserByEmail(db, email);
    let userId: number;
    if (existing && existing.user.temporary) {
      userId = existing.user.id;
      // Every token handed out stays usable until its own expiration.
      const current = existing.user.expirationTime ? Date.parse(existing.user.expirationTime) : 0;
      if (expires > current) {
        await db.kysely
          .updateTable('users')
          .set({ expirationTime: expires })
          .where('id', '=', userId)
          .execute();
        changes.push({ kind: 'user', id: userId, action: 'update' });
      }
    } else if (existing) {
      throw new SecurityException('Share user exists');
    } else {
      const user = await insertUser(
        db,
        {
          ...newUserFields(),
          name: object.name,
          email,
          readonly: true,
          deviceReadonly: true,
          temporary: true,
          deviceLimit: 0,
          limitCommands: actor.restrictions.limitCommands || !isTrue(attributes[SHARE_COMMANDS]),
          disableReports: actor.restrictions.disableReports || !isTrue(attributes[SHARE_REPORTS]),
          expirationTime: new Date(expires).toISOString(),
          attributes: {
            isShared: actor.user.id,
            ...(actor.user.attributes.language ? { language: actor.user.attributes.language } : {}),
          },
        },
        // No password hash can match: '!' is not a valid hash format.
        '!',
      );
      userId = user.id;
      changes.push({ kind: 'user', id: userId, action: 'create' });
      if (kind === 'device') {
        await db.kysely.insertInto('userDevice').values({ userId, deviceId: id }).execute();
      } else {
        await db.kysely.insertInto('userGroup').values({ userId, groupId: id }).execute();
      }
      changes.push({
        kind: 'permission',
        owner: 'user',
        property: kind,
        ownerId: userId,
        propertyId: id,
        action: 'link',
      });
    }
    return createToken(db, userId, expires, now);
  });
}

/**
 * Removes the temporary users of object shares whose expiration has passed (the users of
 * `/tarkan/shares` links go with their shares). Returns their ids, to close their sockets.
 */
export async function cleanupExpiredTemporaryUsers(
  db: Ctx['db'],
  now = Date.now(),
): Promise<number[]> {
  const rows = await db.kysely
    .selectFrom('users')
    .select('id')
    .where('temporary', '=', db.dialect === 'sqlite' ? 1 : true)
    .where('expirationTime', '<', now)
    .where((eb) =>
      eb.not(
        eb.exists(eb.selectFrom('shares').select('id').whereRef('shareUserId', '=', 'users.id')),
      ),
    )
    .execute();
  const ids = rows.map((row) => row.id);
  if (ids.length > 0) await db.kysely.deleteFrom('users').where('id', 'in', ids).execute();
  return ids;
}
