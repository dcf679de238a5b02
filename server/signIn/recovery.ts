import type { User } from '../../model';
import type { Db } from '../db/database';
import { findUserByEmail, findUserById, setPasswordHash } from '../db/users';
import { IllegalArgumentException, SecurityException, notFound } from '../errors';
import type { Mailer } from '../mail/mailer';
import { recoveryMessage } from '../mail/recoveryMessage';
import { ancestorsOf } from '../resellers/store';
import { accountProblem } from '../users/accountState';
import { checkPassword } from '../users/validation';
import { hashPassword } from '../auth/password';
import { randomToken, sha256 } from '../auth/secrets';
import { endOtherCredentials } from '../auth/sessions';

const RESET_LIFETIME_MS = 60 * 60 * 1000;

/**
 * The origin of a reset link: the configured public URL or, for a reseller's account asking on
 * that reseller's configured domain, that domain on the public URL's scheme and port. Nothing the request
 * supplies ends up in the link (the Host only chooses among configured domains), or anyone could
 * have us mail a victim a link to their own site carrying the victim's token (link poisoning).
 */
export function recoveryOrigin(publicOrigin: string, brandDomain: string | null): string {
  if (brandDomain === null) return publicOrigin;
  const url = new URL(publicOrigin);
  url.hostname = brandDomain;
  return url.origin;
}

/** The link `POST /api/session/password` mails: the web app's recovery screen. */
export function recoveryLink(origin: string, token: string): string {
  return `${origin}/login/recover/${encodeURIComponent(token)}`;
}

/**
 * The link `POST /api/password/reset` mails, Traccar's own: its web app (and Frota's) opens the
 * reset form at `/reset-password?passwordReset=`.
 */
export function resetPasswordLink(origin: string, token: string): string {
  return `${origin}/reset-password?passwordReset=${encodeURIComponent(token)}`;
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

/** Where a recovery mail links and the brand name it signs with. */
export interface RecoveryTarget {
  /** From `recoveryOrigin`. */
  origin: string;
  brandName: string;
}

/**
 * The targets a request may mail: the main site's, and the reseller's whose configured domain
 * the request reached (null elsewhere), which only that reseller's own accounts get.
 */
export interface RecoveryTargets {
  main: RecoveryTarget;
  reseller: (RecoveryTarget & { resellerId: number }) | null;
}

interface RecoveryRequest {
  email: string | undefined;
  targets: RecoveryTargets;
  /** Builds the link from the origin and token; `recoveryLink` unless given. */
  link?: (origin: string, token: string) => string;
}

/**
 * The target for `user`: the reseller domain the request reached when the account is that
 * reseller's (the reseller or anyone under them), else the main site. Anyone may ask for a reset
 * on a reseller's domain, so without this the reseller's site would receive, and could read from
 * its logs, live reset links of accounts that are not theirs (the administrator's included).
 */
async function targetFor(db: Db, user: User, targets: RecoveryTargets): Promise<RecoveryTarget> {
  const { reseller } = targets;
  if (reseller === null) return targets.main;
  if (user.id === reseller.resellerId) return reseller;
  return (await ancestorsOf(db, user.id)).includes(reseller.resellerId) ? reseller : targets.main;
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
  const target = await targetFor(db, reset.user, request.targets);
  const link = (request.link ?? recoveryLink)(target.origin, reset.token);
  const to = reset.user.email;
  if (mailer) {
    const message = recoveryMessage(reset.user.attributes.language, link, target.brandName);
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
  checkPassword(password);
  // The account the token is for: the password may not be its e-mail or name. Checked before the
  // token is spent, so a refused password leaves it usable.
  const pending = await db.kysely
    .selectFrom('passwordResets')
    .select('userId')
    .where('tokenHash', '=', sha256(token))
    .where('usedAt', 'is', null)
    .where('expires', '>', now)
    .executeTakeFirst();
  if (!pending) throw invalidToken();
  const owner = await findUserById(db, pending.userId);
  const valid = checkPassword(password, owner?.user);
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
  // Tokens go with their user, so this is a user deleted while the token was being spent.
  if (!found) throw notFound();
  const hashed = await hashPassword(valid);
  await db.kysely.transaction().execute(async (trx) => {
    const tx: Db = { ...db, kysely: trx };
    await setPasswordHash(tx, found.user.id, hashed);
    await endOtherCredentials(tx, found.user.id, null);
  });
  return found.user;
}
