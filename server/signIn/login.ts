import type { User } from '../../model';
import type { Db } from '../db/database';
import { findUserById, findUserByLogin, type StoredUser } from '../db/users';
import { SecurityException, TooManyAttemptsException, unauthorized } from '../errors';
import { suspendedLogin } from '../billing/service';
import { hostOf } from '../resellers/attributes';
import { homeDomains } from '../resellers/store';
import { AccountSuspended, accountProblem } from '../users/accountState';
import type { Throttle } from '../auth/loginThrottle';
import { verifyAgainstDummy, verifyPassword } from '../auth/password';
import { verifyToken } from '../auth/tokens';
import { CodeRequiredException, spendTotpStep, totpStep, wrongCode } from '../auth/totp';

interface Credentials {
  /** Client address, for the per-address throttle. */
  address: string;
  /** The host the request was sent to (`Host`, or `X-Forwarded-Host` from a trusted proxy). */
  host: string;
  email: string;
  password: string;
  /**
   * The one-time code of a user with a TOTP key (the form's `code`); undefined when not sent.
   */
  code?: string;
}

/**
 * The password check alone: the throttle first (a client made to wait is refused even with the
 * right password, so waiting cannot be skipped by guessing), then the password. A wrong one is
 * the plain 401, revealing nothing about the account.
 *
 * Then, for a user with a TOTP key (unless `secondStep` is false, for checks that open no
 * session): no code is a 401 with `WWW-Authenticate: TOTP`, a wrong one 400 `User authorization
 * failed`, and so is a code already spent (`spendTotpStep`). Both stay counted by the throttle until
 * a right code forgives them, or six-digit codes could be guessed without limit once the password
 * is known.
 */
export async function checkCredentials(
  db: Db,
  throttle: Throttle,
  c: Omit<Credentials, 'host'>,
  secondStep = true,
): Promise<User> {
  return (await checkStoredCredentials(db, throttle, c, secondStep)).user;
}

/** `checkCredentials`, answering the account row the password was checked against (its hash). */
export async function checkStoredCredentials(
  db: Db,
  throttle: Throttle,
  c: Omit<Credentials, 'host'>,
  secondStep = true,
): Promise<StoredUser> {
  // As Traccar, and as Basic credentials are read: a phone keyboard's trailing space is no typo.
  const email = c.email.trim();
  const attempt = await throttle.attempt(c.address, email);
  if (!attempt.allowed) throw new TooManyAttemptsException(attempt.retryAfterSeconds);
  const found = await findUserByLogin(db, email);
  const ok =
    found?.hashedPassword != null
      ? await verifyPassword(c.password, found.hashedPassword)
      : await verifyAgainstDummy(c.password);
  if (!found || !ok) throw unauthorized();
  const key = found.user.totpKey;
  if (secondStep && key) {
    if (c.code === undefined || c.code === '') throw new CodeRequiredException();
    const step = totpStep(key, c.code);
    // A code already used (or older than one used) is as wrong as a made-up one.
    if (step === null || !(await spendTotpStep(db, found.user.id, step))) throw wrongCode();
  }
  await attempt.succeeded();
  return found;
}

/**
 * Checks credentials, then the account's state; returns the user or the error the API answers
 * (docs/traccar-api.md).
 */
export async function login(
  db: Db,
  throttle: Throttle,
  c: Credentials,
  now = Date.now(),
): Promise<User> {
  const user = await checkCredentials(db, throttle, c);
  // Account state is revealed only to someone who knows the password.
  const problem = accountProblem(user, now);
  if (problem) throw new SecurityException(problem);
  await checkDomain(db, user, c.host);
  const suspended = await suspendedLogin(db, user, now);
  if (suspended) throw new AccountSuspended(suspended);
  return user;
}

/**
 * A reseller's users sign in only on a domain of a reseller they belong to, never on the main
 * domain; administrators sign in anywhere, and users outside any reseller keep every domain.
 */
export async function checkDomain(db: Db, user: User, host: string): Promise<void> {
  if (user.administrator) return;
  // Read from the database, not a per-process cache, so every instance sees a new domain at once;
  // the host is only compared with the configured domains.
  const allowed = await homeDomains(db, user.id);
  if (allowed !== null && !allowed.includes(hostOf(host))) {
    throw new SecurityException('Account belongs to another domain');
  }
}

/**
 * `GET /api/session?token=`: the token's user (no one-time code: like Traccar, a token stands for
 * a sign-in that already passed it, since only a signed-in user creates one), and the expiry and
 * token id the new session inherits (it ends with the token).
 */
export async function loginWithToken(
  db: Db,
  token: string,
  host: string,
  now = Date.now(),
): Promise<{ user: User; expires: number; tokenId: number }> {
  const verified = await verifyToken(db, token, now);
  const found = verified ? await findUserById(db, verified.userId) : null;
  if (!verified || !found) throw unauthorized();
  const problem = accountProblem(found.user, now);
  if (problem) throw new SecurityException(problem);
  await checkDomain(db, found.user, host);
  const suspended = await suspendedLogin(db, found.user, now);
  if (suspended) throw new AccountSuspended(suspended);
  return { user: found.user, expires: verified.expires, tokenId: verified.id };
}
