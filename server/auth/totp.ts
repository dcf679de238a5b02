import { Secret, TOTP } from 'otpauth';
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

/**
 * Whether `code` is the key's current code. The code is Traccar's integer form field: leading
 * zeros may be missing ("012345" is sent as 12345), so it is padded back to 6 digits.
 */
export function verifyTotp(key: string, code: string, now = Date.now()): boolean {
  if (!/^\d{1,6}$/.test(code.trim())) return false;
  const token = code.trim().padStart(6, '0');
  const totp = new TOTP({ secret: Secret.fromBase32(key) });
  return totp.validate({ token, timestamp: now, window: WINDOW }) !== null;
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
