import type { User } from '../../model';
import { isValidPerms, permsWithin } from '../../model/advancedPerms';
import { attributeSetter } from '../../model/userAttributes';
import { IllegalArgumentException, SecurityException } from '../errors';

/**
 * Who is writing a user record: an administrator, a manager over that user, or anyone else (the
 * user on their own account, or someone registering), who reaches only their preferences.
 */
export type Editor = 'admin' | 'manager' | 'self';

const PERMS = 'tarkan.advancedPerms';

function reaches(editor: Editor, key: string): boolean {
  const setter = attributeSetter(key);
  return setter === null || editor === 'admin' || (setter === 'manager' && editor === 'manager');
}

/**
 * The attributes to store: the request's, except that every key `editor` may not set keeps its
 * stored value in `before` (or stays absent). So a user sending `attributes: {}` for their own
 * account clears their preferences but not their advanced permissions, reseller limit or billing
 * terms; and a changed value there is ignored, as `administrator` and `userLimit` are.
 */
export function keepProtectedAttributes(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  editor: Editor,
): Record<string, unknown> {
  if (editor === 'admin') return after;
  const kept = Object.fromEntries(Object.entries(after).filter(([key]) => reaches(editor, key)));
  for (const [key, value] of Object.entries(before)) {
    if (!reaches(editor, key)) kept[key] = value;
  }
  return kept;
}

/** A user's advanced permissions, or null when they have none (and so may do everything). */
function permsOf(attributes: Record<string, unknown>): string | null {
  const value = attributes[PERMS];
  return typeof value === 'string' && value !== '' ? value : null;
}

/**
 * A manager hands out advanced permissions only within their own: with a permission string of
 * their own (whether or not the server enforces it at the moment), the managed user's may set no
 * bit theirs lacks, and may not be removed (no string means everything). A new user they create
 * without one gets the manager's. A value left as stored is not a grant and passes. `before` is
 * null for a new user. Returns the attributes to store.
 */
export function limitGrantedPerms(
  manager: User,
  before: Record<string, unknown> | null,
  after: Record<string, unknown>,
): Record<string, unknown> {
  const own = permsOf(manager.attributes);
  if (own === null) return after;
  const next = after[PERMS];
  if (before === null && next === undefined) return { ...after, [PERMS]: own };
  if (before !== null && JSON.stringify(before[PERMS]) === JSON.stringify(next)) return after;
  if (typeof next === 'string' && next !== '' && !isValidPerms(next)) {
    throw new IllegalArgumentException('Invalid advanced permissions');
  }
  if (typeof next !== 'string' || !permsWithin(next, own)) {
    throw new SecurityException('Advanced permissions exceed your own');
  }
  return after;
}
