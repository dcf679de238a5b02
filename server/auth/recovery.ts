import type { User } from '../../model';
import { flag, type Db } from '../db/database';
import { findUserByEmail, findUserById, setPasswordHash } from '../db/users';
import { IllegalArgumentException, SecurityException } from '../errors';
import type { Mailer } from '../mail/mailer';
import { recoveryMessage } from '../mail/recoveryMessage';
import { accountProblem } from '../users/accountState';
import { checkPassword } from '../users/validation';
import { hashPassword } from './password';
import { randomToken, sha256 } from './secrets';
import { deleteUserSessions } from './sessions';

const RESET_LIFETIME_MS = 60 * 60 * 1000;

/**
 * The origin to put in a reset link. The client's `requested_from` is trusted only when its
 * host is the host the request was sent to; otherwise anyone could have us mail a link to
 * their own site carrying a victim's token (link poisoning).
 */
export function recoveryOrigin(
  requestedFrom: string | undefined,
  hostHeader: string | undefined,
  requestOrigin: string,
): string {
  if (requestedFrom && hostHeader) {
    try {
      const url = new URL(requestedFrom);
      const sameHost = url.host.toLowerCase() === hostHeader.toLowerCase();
      if (sameHost && (url.protocol === 'http:' || url.protocol === 'https:')) return url.origin;
    } catch {
      // Not a URL: fall through to the request's own origin.
    }
  }
  return requestOrigin;
}

export function recoveryLink(origin: string, token: string): string {
  return `${origin}/login/recover/${encodeURIComponent(token)}`;
}

/** Records a single-use token for an enabled user; null (and nothing stored) otherwise. */
export async function createPasswordReset(
  db: Db,
  email: string,
  now = Date.now(),
): Promise<{ user: User; token: string } | null> {
  const found = await findUserByEmail(db, email.trim());
  if (!found || accountProblem(found.user, now)) return null;
  const token = randomToken();
  await db.kysely
    .insertInto('passwordResets')
    .values({
      tokenHash: sha256(token),
      userId: found.user.id,
      created: now,
      expires: now + RESET_LIFETIME_MS,
    })
    .execute();
  return { user: found.user, token };
}

/** Where a recovery request came from, for the link's origin. */
interface RecoveryRequest {
  email: string | undefined;
  /** The web app's page, sent by the client (`requested_from`). */
  requestedFrom: string | undefined;
  hostHeader: string | undefined;
  /** The origin the request was sent to (`<protocol>://<host>`). */
  requestOrigin: string;
}

interface RecoveryLog {
  info(message: string): void;
  error(object: unknown, message?: string): void;
}

/**
 * Starts a password recovery: mails the reset link to an enabled account, or writes it to the
 * log when no mail is configured. Nothing tells the caller whether the account exists: the mail
 * is not awaited, so a slow or failing mail server cannot reveal it either.
 */
export async function requestPasswordReset(
  db: Db,
  mailer: Mailer | null,
  request: RecoveryRequest,
  log: RecoveryLog,
): Promise<void> {
  const { email } = request;
  if (!email?.trim()) throw new IllegalArgumentException('Email is required');
  const reset = await createPasswordReset(db, email);
  if (!reset) return;
  const origin = recoveryOrigin(request.requestedFrom, request.hostHeader, request.requestOrigin);
  const link = recoveryLink(origin, reset.token);
  const to = reset.user.email;
  if (mailer) {
    const message = recoveryMessage(reset.user.attributes.language, link);
    mailer
      .send({ to, ...message })
      .catch((err: unknown) => log.error({ err }, 'password reset mail failed'));
  } else {
    log.info(`password reset link for ${to}: ${link}`);
  }
}

const invalidToken = () => new SecurityException('Invalid or expired token');

/**
 * Spends the token and sets the new password. Ends the user's sessions and API tokens, since
 * a reset often follows a suspected compromise. Returns the user whose password changed.
 */
export async function resetPassword(
  db: Db,
  token: string,
  password: string | undefined,
  now = Date.now(),
): Promise<User> {
  const valid = checkPassword(password);
  // One conditional update claims the token, so two concurrent uses cannot both succeed.
  const claimed = await db.kysely
    .updateTable('passwordResets')
    .set({ usedAt: now })
    .where('tokenHash', '=', sha256(token))
    .where('usedAt', 'is', null)
    .where('expires', '>', now)
    .returning('userId')
    .executeTakeFirst();
  if (!claimed) throw invalidToken();
  const found = await findUserById(db, claimed.userId);
  if (!found) throw invalidToken();
  await setPasswordHash(db, found.user.id, await hashPassword(valid));
  await deleteUserSessions(db, found.user.id);
  await db.kysely
    .updateTable('tokens')
    .set({ revoked: flag(db, true) })
    .where('userId', '=', found.user.id)
    .execute();
  return found.user;
}
