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
  /** The API token the session was started from, if any: the session ends with it. */
  tokenId: number | null;
  /**
   * While the session acts as another user (`GET /api/session/{id}`): the user who signed in,
   * the only one the session may go back to.
   */
  impersonatorId: number | null;
  /** Whether the cookie outlives the browser; an impersonation keeps the original's choice. */
  remember: boolean;
}

export interface NewSession {
  userId: number;
  origin: string | null;
  remember?: boolean;
  /** Defaults to now + 30 days; capped there. */
  expires?: number;
  tokenId?: number | null;
  impersonatorId?: number | null;
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
    tokenId: input.tokenId ?? null,
    impersonatorId: input.impersonatorId ?? null,
    remember: input.remember ?? false,
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
      tokenId: session.tokenId,
      impersonatorId: session.impersonatorId,
    })
    .execute();
  return { cookie, session };
}

/**
 * The live session for a cookie value, or null when unknown or expired, or when the token it was
 * started from has been revoked or has expired.
 */
export async function findSession(
  db: Db,
  cookie: string,
  now = Date.now(),
): Promise<Session | null> {
  const id = sha256(cookie);
  const row = await db.kysely
    .selectFrom('sessions')
    .leftJoin('tokens', 'tokens.id', 'sessions.tokenId')
    .select([
      'sessions.id',
      'sessions.userId',
      'sessions.expires',
      'sessions.origin',
      'sessions.lastSeen',
      'sessions.tokenId',
      'sessions.impersonatorId',
      'sessions.remember',
      'tokens.revoked as tokenRevoked',
      'tokens.expires as tokenExpires',
    ])
    .where('sessions.id', '=', id)
    .executeTakeFirst();
  if (!row) return null;
  const tokenGone =
    row.tokenId !== null &&
    (row.tokenExpires === null || Boolean(row.tokenRevoked) || row.tokenExpires <= now);
  if (row.expires <= now || tokenGone) {
    await deleteSessionById(db, id);
    return null;
  }
  if (now - row.lastSeen > TOUCH_INTERVAL_MS) {
    await db.kysely.updateTable('sessions').set({ lastSeen: now }).where('id', '=', id).execute();
  }
  const tokenId = row.tokenId === null ? null : Number(row.tokenId);
  const impersonatorId = row.impersonatorId === null ? null : Number(row.impersonatorId);
  return {
    id: row.id,
    userId: row.userId,
    expires: row.expires,
    origin: row.origin,
    tokenId,
    impersonatorId,
    remember: Boolean(row.remember),
  };
}

export async function deleteSessionById(db: Db, id: string): Promise<void> {
  await db.kysely.deleteFrom('sessions').where('id', '=', id).execute();
}

/** Ends the user's sessions, and the sessions they opened as someone else. */
export async function deleteUserSessions(db: Db, userId: number): Promise<void> {
  await db.kysely
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('userId', '=', userId), eb('impersonatorId', '=', userId)]))
    .execute();
}

/** The credential a request used, which a password change leaves alive. */
export interface KeptCredential {
  sessionId: string | null;
  /** The bearer token, or the token the kept session was started from. */
  tokenId: number | null;
}

/**
 * After a password change: ends every session and revokes every API token of the user but the
 * credential that made the change (null: none is kept, as when an administrator or a manager
 * set another user's password).
 */
export async function endOtherCredentials(
  db: Db,
  userId: number,
  keep: KeptCredential | null,
): Promise<void> {
  // Sessions the user opened as someone else rest on the user's own sign-in: they end too.
  let sessions = db.kysely
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('userId', '=', userId), eb('impersonatorId', '=', userId)]));
  if (keep?.sessionId) sessions = sessions.where('id', '<>', keep.sessionId);
  await sessions.execute();
  let tokens = db.kysely
    .updateTable('tokens')
    .set({ revoked: flag(db, true) })
    .where('userId', '=', userId);
  if (keep?.tokenId != null) tokens = tokens.where('id', '<>', keep.tokenId);
  await tokens.execute();
}

export async function deleteExpiredSessions(db: Db, now = Date.now()): Promise<void> {
  await db.kysely.deleteFrom('sessions').where('expires', '<=', now).execute();
}
