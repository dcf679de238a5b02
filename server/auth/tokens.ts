import { IllegalArgumentException } from '../errors';
import { flag, type Db } from '../db/database';
import { randomToken, sha256 } from './secrets';

const DAY_MS = 24 * 60 * 60 * 1000;
const TOKEN_DEFAULT_MS = 30 * DAY_MS;
const TOKEN_MAX_MS = 365 * DAY_MS;

/**
 * Expiry for a new token from the optional ISO `expiration` form field: default 30 days,
 * capped at one year so a stolen token cannot live forever.
 */
export function tokenExpiry(expiration: string | undefined, now = Date.now()): number {
  if (expiration === undefined || expiration.trim() === '') return now + TOKEN_DEFAULT_MS;
  const value = Date.parse(expiration);
  if (Number.isNaN(value)) throw new IllegalArgumentException('Invalid expiration date');
  if (value <= now) throw new IllegalArgumentException('Expiration must be in the future');
  return Math.min(value, now + TOKEN_MAX_MS);
}

/** Issues an opaque token (only its hash is stored). */
export async function createToken(
  db: Db,
  userId: number,
  expires: number,
  now = Date.now(),
): Promise<string> {
  const token = randomToken();
  await db.kysely
    .insertInto('tokens')
    .values({ hash: sha256(token), userId, created: now, expires, revoked: flag(db, false) })
    .execute();
  return token;
}

/** The user and expiry behind a valid token, or null when unknown, revoked or expired. */
export async function verifyToken(
  db: Db,
  token: string,
  now = Date.now(),
): Promise<{ userId: number; expires: number } | null> {
  const row = await db.kysely
    .selectFrom('tokens')
    .select(['userId', 'expires', 'revoked'])
    .where('hash', '=', sha256(token))
    .executeTakeFirst();
  if (!row || Boolean(row.revoked) || row.expires <= now) return null;
  return { userId: row.userId, expires: row.expires };
}

/** Revoking needs only the token itself: whoever holds it could use it anyway. */
export async function revokeToken(db: Db, token: string): Promise<void> {
  await db.kysely
    .updateTable('tokens')
    .set({ revoked: flag(db, true) })
    .where('hash', '=', sha256(token))
    .execute();
}
