import { findUserById } from '../db/users';
import { findLink, type Link } from '../db/links';
import { lockUsers } from '../db/locks';
import { checkUserDeviceLimit } from '../devices/deviceLimit';
import { inTransaction, type Ctx } from '../access/context';
import { IllegalArgumentException, SecurityException, notFound } from '../errors';
import type { ChangeKind } from '../access/kinds';
import { linkDenial } from '../permissions/checkAccess';
import { addLink, removeLink } from '../permissions/linkStore';
import {
  accessDenied,
  canManageUser,
  canSee,
  exists,
  manages,
  userSees,
} from '../permissions/objects';

/** One permission body resolved: `{"userId":1,"deviceId":5}` → the user→device link. */
interface PermissionItem {
  link: Link;
  ownerId: number;
  propertyId: number;
}

const invalid = () => new IllegalArgumentException('Invalid permission');

/**
 * Reads a body of exactly two `<name>Id` keys, owner first (docs/traccar-api.md). Key order tells
 * `{"userId":1,"deviceId":5}` from a reversed, unknown pair.
 */
export function parsePermission(body: Record<string, unknown>): PermissionItem {
  const keys = Object.keys(body);
  if (keys.length !== 2) throw invalid();
  const link = findLink(keys[0], keys[1]);
  const [ownerId, propertyId] = keys.map((key) => body[key]);
  if (!link || !isId(ownerId) || !isId(propertyId)) throw invalid();
  return { link, ownerId, propertyId };
}

function isId(value: unknown): value is number {
  return Number.isSafeInteger(value) && (value as number) > 0;
}

/** Every map of a bulk request must name the same keys in the same order. */
export function parsePermissions(bodies: Record<string, unknown>[]): PermissionItem[] {
  const shape = bodies.length > 0 ? Object.keys(bodies[0]).join() : '';
  return bodies.map((body) => {
    if (Object.keys(body).join() !== shape) {
      throw new IllegalArgumentException('Permissions must all have the same keys');
    }
    return parsePermission(body);
  });
}

type End = Link['owner'] | Link['property'];

/** The entity kind an end of a link points at (`linkedDevice` is a device). */
const kindOf = (end: End): ChangeKind | 'user' =>
  end === 'managedUser' ? 'user' : end === 'linkedDevice' ? 'device' : end;

async function endExists(ctx: Ctx, end: End, id: number): Promise<boolean> {
  const kind = kindOf(end);
  if (kind === 'user') return (await findUserById(ctx.db, id)) !== null;
  return exists(ctx.db, kind, id);
}

/** Non-admins must reach both ends: users they are or manage, objects they see. */
async function checkEnd(ctx: Ctx, end: End, id: number, owner: boolean): Promise<void> {
  const kind = kindOf(end);
  if (kind !== 'user') {
    if (!(await canSee(ctx.db, ctx.actor, kind, id))) throw accessDenied(kind);
    return;
  }
  const allowed =
    owner || end !== 'managedUser'
      ? await canManageUser(ctx.db, ctx.actor, id)
      : ctx.actor.admin || (await manages(ctx.db, ctx.actor.user.id, id));
  if (!allowed) throw new SecurityException('User access denied');
}

/** A user given a device they did not reach yet must stay within their device limit. */
async function checkDeviceLimit(ctx: Ctx, item: PermissionItem): Promise<void> {
  if (item.link.owner !== 'user' || item.link.property !== 'device') return;
  const target = (await findUserById(ctx.db, item.ownerId))!.user;
  if (await userSees(ctx.db, target, 'device', item.propertyId)) return;
  await checkUserDeviceLimit(ctx.db, target);
}

/**
 * `POST`/`DELETE /api/permissions[/bulk]`: checks every item, then writes them all in one
 * transaction, so a single denial leaves every link as it was.
 */
export async function changePermissions(
  ctx: Ctx,
  items: PermissionItem[],
  action: 'link' | 'unlink',
): Promise<void> {
  for (const { link, ownerId, propertyId } of items) {
    if (!(await endExists(ctx, link.owner, ownerId))) throw notFound();
    if (!(await endExists(ctx, link.property, propertyId))) throw notFound();
    if (ctx.actor.admin) continue;
    const denial = linkDenial(ctx.actor, link.owner, link.property);
    if (denial) throw new SecurityException(denial);
    await checkEnd(ctx, link.owner, ownerId, true);
    await checkEnd(ctx, link.property, propertyId, false);
  }
  await inTransaction(ctx, async (db, changes) => {
    // Every user about to be given a device is locked up front, in one ordered statement, so two
    // bulk requests naming the same users in another order wait for each other instead of
    // deadlocking on the per-item device limit check.
    if (action === 'link') {
      await lockUsers(
        db,
        items
          .filter(({ link }) => link.owner === 'user' && link.property === 'device')
          .map(({ ownerId }) => ownerId),
      );
    }
    for (const item of items) {
      const { link, ownerId, propertyId } = item;
      if (action === 'link') {
        await checkDeviceLimit({ ...ctx, db }, item);
        await addLink(db, link, ownerId, propertyId);
      } else {
        await removeLink(db, link, ownerId, propertyId);
      }
      changes.push({
        kind: 'permission',
        owner: link.owner,
        property: link.property,
        ownerId,
        propertyId,
        action,
      });
    }
  });
}
