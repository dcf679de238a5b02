import { IllegalArgumentException } from '../errors';
import { flag, type Db } from '../db/database';
import { randomToken, sha256 } from './secrets';

const DAY_MS = 24 * 60 * 60 * 1000;
const TOKEN_DEFAULT_MS = 30 * DAY_MS;

/** Server attribute: the longest an API token may live, in days (`PUT /api/server`). */
export const TOKEN_MAX_DAYS = 'frota.tokenMaxDays';
const TOKEN_MAX_DAYS_DEFAULT = 90;
const TOKEN_MAX_DAYS_LIMIT = 3650;

function parseMaxDays(value: unknown): number | null {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' &&
    Number.isInteger(number) &&
    number >= 1 &&
    number <= TOKEN_MAX_DAYS_LIMIT
    ? number
    : null;
}

/** Refuses a server attribute the cap could not be read from, before it is saved. */
export function checkTokenMaxDays(attributes: Record<string, unknown>): void {
  const value = attributes[TOKEN_MAX_DAYS];
  if (value === undefined || value === null || value === '') return;
  if (parseMaxDays(value) === null) {
    throw new IllegalArgumentException(
      `${TOKEN_MAX_DAYS} must be a whole number of days from 1 to ${TOKEN_MAX_DAYS_LIMIT}`,
    );
  }
}

/** The server's token lifetime cap in milliseconds: its attribute, else 90 days. */
export function tokenMaxLifetimeMs(serverAttributes: Record<string, unknown>): number {
  return (parseMaxDays(serverAttributes[TOKEN_MAX_DAYS]) ?? TOKEN_MAX_DAYS_DEFAULT) * DAY_MS;
}

/**
 * Expiry for a new token from the optional ISO `expiration` form field: default 30 days, and
 * never past the server's cap. A later date is clamped rather than refused: Traccar clients ask
 * for dates of their own choosing and do not expect an error for a valid one, while they must
 * handle an expired token anyway; a stolen token still cannot live forever.
 */
export function tokenExpiry(
  expiration: string | undefined,
  maxLifetimeMs: number,
  now = Date.now(),
): number {
  const latest = now + maxLifetimeMs;
  if (expiration === undefined || expiration.trim() === '') {
    return Math.min(now + TOKEN_DEFAULT_MS, latest);
  }
  const value = Date.parse(expiration);
  if (Number.isNaN(value)) throw new IllegalArgumentException('Invalid expiration date');
  if (value <= now) throw new IllegalArgumentException('Expiration must be in the future');
  return Math.min(value, latest);
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

interface VerifiedToken {
  /** The row id: sessions started from the token point at it. */
  id: number;
  userId: number;
  expires: number;
}

/** The token's row when valid; null when unknown, revoked or expired. */
export async function verifyToken(
  db: Db,
  token: string,
  now = Date.now(),
): Promise<VerifiedToken | null> {
  const row = await db.kysely
    .selectFrom('tokens')
    .select(['id', 'userId', 'expires', 'revoked'])
    .where('hash', '=', sha256(token))
    .executeTakeFirst();
  if (!row || Boolean(row.revoked) || row.expires <= now) return null;
  return { id: Number(row.id), userId: row.userId, expires: row.expires };
}

/**
 * Revokes the token and ends the cookie sessions started from it; returns its id (null for an
 * unknown token) so the sockets resting on it can be closed. Needs only the token itself:
 * whoever holds it could use it anyway.
 */
export async function revokeToken(db: Db, token: string): Promise<number | null> {
  return db.kysely.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('tokens')
      .set({ revoked: flag(db, true) })
      .where('hash', '=', sha256(token))
      .returning('id')
      .executeTakeFirst();
    if (!row) return null;
    const id = Number(row.id);
    await trx.deleteFrom('sessions').where('tokenId', '=', id).execute();
    return id;
  });
}
