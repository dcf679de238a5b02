import type { User } from '../../model';
import type { Db } from '../db/database';
import { findUserById, type UserFields } from '../db/users';
import { SecurityException } from '../errors';
import { manages } from '../permissions/objects';
import {
  resellerSettings,
  sameSettings,
  validateSettings,
  type ResellerSettings,
} from './attributes';
import { checkDomainFree, countUnder, managersOf } from './store';

/**
 * Reseller rules:
 * - a reseller's limit counts every user under them at any depth (their users, their
 *   sub-resellers and everything those create); -1 is unlimited;
 * - creating a user must fit the limit of the creator (when a reseller) and of every reseller
 *   above them;
 * - only an administrator, or a reseller allowed sub-resellers acting on a user they manage,
 *   changes reseller attributes; a sub-reseller's limit cannot exceed what the parent has left
 *   (their limit minus what is used outside that sub-reseller), and nobody raises their own;
 * - a reseller's `userLimit` follows their reseller limit, so the manager rules (list, edit,
 *   delete the users they manage) apply to them.
 */

const reserved = () => new SecurityException('Reseller settings require an administrator');

/** What `parent` may still hand out to `child` (an existing child's own usage given back). */
async function remainingFor(db: Db, parent: User, childId: number | null): Promise<number> {
  const { limit } = resellerSettings(parent.attributes);
  if (limit < 0) return Infinity;
  const used = await countUnder(db, parent.id);
  // A new child takes one place itself; an existing one already counts with everything under it.
  return childId === null ? limit - used - 1 : limit - used + (await countUnder(db, childId));
}

/**
 * Checks who changes the reseller attributes of `before` (null: a new user) into `fields`, and
 * validates them. Adjusts `fields.userLimit` for resellers. Returns the settings to store.
 */
export async function checkResellerFields(
  db: Db,
  actor: User | null,
  before: User | null,
  fields: UserFields,
): Promise<ResellerSettings> {
  const next = resellerSettings(fields.attributes);
  const previous = resellerSettings(before?.attributes ?? {});
  if (!sameSettings(next, previous)) {
    if (!actor) throw reserved();
    if (!actor.administrator) await checkParentGrant(db, actor, before, next);
    validateSettings(next);
    if (next.reseller && next.domain) await checkDomainFree(db, next.domain, before?.id);
  }
  if (next.reseller) fields.userLimit = next.limit;
  return next;
}

async function checkParentGrant(
  db: Db,
  actor: User,
  before: User | null,
  next: ResellerSettings,
): Promise<void> {
  const own = resellerSettings(actor.attributes);
  const managed = before === null || (await manages(db, actor.id, before.id));
  if (!own.reseller || !own.subReseller || !managed || before?.id === actor.id) throw reserved();
  if (!next.reseller) return;
  if (next.subReseller && !own.subReseller) throw reserved();
  const remaining = await remainingFor(db, actor, before?.id ?? null);
  if (remaining !== Infinity && (next.limit < 0 || next.limit > remaining)) {
    throw new SecurityException('Sub-reseller limit exceeds your remaining limit');
  }
}

/**
 * Before `creator` creates a user: the creator (when a reseller) and every reseller above them
 * must have room for one more.
 */
export async function checkResellerCapacity(db: Db, creator: User): Promise<void> {
  const seen = new Set<number>();
  let level: number[] = [creator.id];
  const users = new Map<number, User>([[creator.id, creator]]);
  while (level.length > 0) {
    const next: number[] = [];
    for (const id of level) {
      if (seen.has(id)) continue;
      seen.add(id);
      const user = users.get(id) ?? (await loadUser(db, id));
      if (!user) continue;
      const { reseller, limit } = resellerSettings(user.attributes);
      if (reseller && limit >= 0 && (await countUnder(db, id)) >= limit) {
        throw new SecurityException('Reseller user limit reached');
      }
      next.push(...(await managersOf(db, id)));
    }
    level = next;
  }
}

async function loadUser(db: Db, id: number): Promise<User | null> {
  return (await findUserById(db, id))?.user ?? null;
}
