import { flag, type Db } from '../db/database';
import { randomToken, sha256 } from './secrets';

const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
/** last_seen is only rewritten when older than this, to avoid a write per request. */
const TOUCH_INTERVAL_MS = 60 * 1000;

export interface Session {
  /** SHA-256 of the cookie value; safe to log and to key sockets by. */
  id: string;
  userId: number;
  expires: number;
  origin: string | null;
}

export interface NewSession {
  userId: number;
  origin: string | null;
  remember?: boolean;
  /** Defaults to now + 30 days; capped there. */
  expires?: number;
}

/** Creates a session; returns the cookie value (shown once) and the stored session. */
export async function createSession(
  db: Db,
  input: NewSession,
  now = Date.now(),
): Promise<{ cookie: string; session: Session }> {
  const cookie = randomToken();
  const expires = Math.min(input.expires ?? Infinity, now + SESSION_LIFETIME_MS);
  const session: Session = {
    id: sha256(cookie),
    userId: input.userId,
    expires,
    origin: input.origin,
  };
  await db.kysely
    .insertInto('sessions')
    .values({
      id: session.id,
      userId: session.userId,
      created: now,
      expires,
      lastSeen: now,
      origin: session.origin,
      remember: flag(db, input.remember ?? false),
    })
    .execute();
  return { cookie, session };
}

/** The live session for a cookie value, or null when unknown or expired. */
export async function findSession(
  db: Db,
  cookie: string,
  now = Date.now(),
): Promise<Session | null> {
  const id = sha256(cookie);
  const row = await db.kysely
    .selectFrom('sessions')
    .select(['id', 'userId', 'expires', 'origin', 'lastSeen'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return null;
  if (row.expires <= now) {
    await deleteSessionById(db, id);
    return null;
  }
  if (now - row.lastSeen > TOUCH_INTERVAL_MS) {
    await db.kysely.updateTable('sessions').set({ lastSeen: now }).where('id', '=', id).execute();
  }
  return { id: row.id, userId: row.userId, expires: row.expires, origin: row.origin };
}

export async function deleteSessionById(db: Db, id: string): Promise<void> {
  await db.kysely.deleteFrom('sessions').where('id', '=', id).execute();
}

export async function deleteUserSessions(db: Db, userId: number): Promise<void> {
  await db.kysely.deleteFrom('sessions').where('userId', '=', userId).execute();
}

export async function deleteExpiredSessions(db: Db, now = Date.now()): Promise<void> {
  await db.kysely.deleteFrom('sessions').where('expires', '<=', now).execute();
}
