import { IllegalArgumentException } from '../errors';
import type { Actor } from '../access/actor';
import { DENIED, hasBit } from '../permissions/checkAccess';

export type ShareAction = 'read' | 'create' | 'edit' | 'delete';

/** Advanced bits 24–27 (`model/advancedPerms.ts`). */
const SHARE_BITS = {
  read: 'shares',
  create: 'shareCreate',
  edit: 'shareEdit',
  delete: 'shareDelete',
} as const;

/** The message of an invalid, expired or revoked link; the web app shows it as INVALID_SHARE. */
export const INVALID_SHARE = 'Invalid share';

/** Longest a share may last: the longest a session may (auth/sessions.ts). */
export const MAX_SHARE_MS = 30 * 24 * 60 * 60 * 1000;
export const DEFAULT_SHARE_MS = 30 * 60 * 1000;

export function isShareUser(attributes: Record<string, unknown>): boolean {
  const value = attributes.isShared;
  return value !== undefined && value !== null && value !== false && value !== 0 && value !== '';
}

/**
 * Whether `actor` may do `action` on shares at all. Share users never share further; writing is
 * refused to readonly accounts (a share creates a user); with advanced permissions each action
 * needs its bit. Admins are never restricted. Returns the denial message or null.
 */
export function shareDenial(actor: Actor, action: ShareAction): string | null {
  if (actor.admin) return null;
  if (isShareUser(actor.user.attributes)) return DENIED.read;
  if (action !== 'read' && actor.restrictions.readonly) return DENIED.readonly;
  if (!hasBit(actor, SHARE_BITS[action])) return action === 'read' ? DENIED.read : DENIED.write;
  return null;
}

/** Expiration as epoch ms: defaults to now + 30 min; must be in the future and at most 30 days. */
export function shareExpiration(value: string | null | undefined, now = Date.now()): number {
  if (value === undefined || value === null || value === '') return now + DEFAULT_SHARE_MS;
  const time = Date.parse(value);
  if (Number.isNaN(time)) throw new IllegalArgumentException('Invalid expiration time');
  if (time <= now) throw new IllegalArgumentException('Expiration must be in the future');
  if (time - now > MAX_SHARE_MS) throw new IllegalArgumentException('Expiration is too far');
  return time;
}

/**
 * A share can never allow commands its owner may not send: an owner under `limitCommands` makes
 * every share limited. Defaults to limited.
 */
export function shareLimitCommands(actor: Actor, requested: boolean | undefined): boolean {
  if (actor.restrictions.limitCommands) return true;
  return requested ?? true;
}

/** `deviceIds` when given and non-empty, else `[deviceId]`; unique, positive. */
export function shareDeviceIds(deviceId: number | undefined, deviceIds: number[] | undefined) {
  const ids = deviceIds && deviceIds.length > 0 ? deviceIds : deviceId ? [deviceId] : [];
  const unique = [...new Set(ids)];
  if (unique.length === 0 || unique.some((id) => !Number.isInteger(id) || id <= 0)) {
    throw new IllegalArgumentException('Device is required');
  }
  return unique;
}
