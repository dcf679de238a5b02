import { Secret, TOTP } from 'otpauth';
import type { Db } from '../db/database';
import { IllegalArgumentException, SecurityException, WebApplicationException } from '../errors';

/**
 * Time-based one-time passwords (RFC 6238: SHA-1, 6 digits, 30 s), as Traccar and every
 * authenticator app use them. A user with a `totpKey` signs in with a password AND the current
 * code (docs/traccar-api.md).
 */

/** Steps of 30 s accepted either side of now, for phones whose clock drifts a little. */
const WINDOW = 1;
/** 160 bits, the size RFC 4226 recommends; 32 base32 characters. */
const SECRET_BYTES = 20;
/** Shorter keys (under 80 bits, Traccar's own size) are refused: too easy to guess. */
const MIN_KEY_LENGTH = 16;

export function generateTotpKey(): string {
  return new Secret({ size: SECRET_BYTES }).base32;
}

/**
 * A key as stored: upper case, no spaces or padding; null to clear it (`null` or `""`, what
 * clients send to turn the second step off). Anything that is not base32 is refused, so a typo
 * cannot lock a user out.
 */
export function normaliseTotpKey(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const key = value.replace(/[\s=]/g, '').toUpperCase();
  if (key === '') return null;
  if (!/^[A-Z2-7]+$/.test(key) || key.length < MIN_KEY_LENGTH) {
    throw new IllegalArgumentException('Invalid one-time password key');
  }
  return key;
}

/** The length of one step, in ms (RFC 6238's default of 30 s). */
const STEP_MS = 30_000;

/**
 * The time step `code` is the key's code for, within the window around now; null when it is none.
 * The code is Traccar's integer form field: leading zeros may be missing ("012345" is sent as
 * 12345), so it is padded back to 6 digits.
 */
export function totpStep(key: string, code: string, now = Date.now()): number | null {
  if (!/^\d{1,6}$/.test(code.trim())) return null;
  const token = code.trim().padStart(6, '0');
  const totp = new TOTP({ secret: Secret.fromBase32(key) });
  const delta = totp.validate({ token, timestamp: now, window: WINDOW });
  return delta === null ? null : Math.floor(now / STEP_MS) + delta;
}

/**
 * Spends the user's code of time step `step`: true the first time, false when a code of that
 * step or a later one was spent already (RFC 6238 §5.2). A code stays valid for its whole
 * window, so without this one seen over a shoulder or taken by a phishing page signs in again
 * within that minute. One conditional write, so two sign-ins racing with the same code (on any
 * instance) cannot both get in.
 */
export async function spendTotpStep(db: Db, userId: number, step: number): Promise<boolean> {
  const row = await db.kysely
    .insertInto('totpSteps')
    .values({ userId, step })
    .onConflict((conflict) =>
      conflict.column('userId').doUpdateSet({ step }).where('totpSteps.step', '<', step),
    )
    .returning('step')
    .executeTakeFirst();
  return row !== undefined;
}

/** A sign-in for a user with a key but no code: 401 with `WWW-Authenticate: TOTP`. */
export class CodeRequiredException extends WebApplicationException {
  constructor() {
    super(401);
    this.headers['www-authenticate'] = 'TOTP';
  }
}

export const wrongCode = () => new SecurityException('User authorization failed');

/** The server attribute that lets users turn the second step on (`POST /api/users/totp`). */
export const totpEnabled = (attributes: Record<string, unknown>): boolean =>
  attributes.totpEnable === true;

/** The server attribute that makes every user set a key (registration refuses one without). */
export const totpForced = (attributes: Record<string, unknown>): boolean =>
  attributes.totpForce === true;
