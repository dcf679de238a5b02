import type { User } from '../../src/model';
import type { Db } from '../db/database';
import { findUserById, findUserByLogin } from '../db/users';
import { SecurityException, TooManyAttemptsException, unauthorized } from '../errors';
import { accountProblem } from '../users/accountState';
import type { LoginThrottle } from './loginThrottle';
import { verifyAgainstDummy, verifyPassword } from './password';
import { verifyToken } from './tokens';

export interface Credentials {
  /** Client address, for the per-address throttle. */
  address: string;
  email: string;
  password: string;
}

/**
 * Checks credentials; returns the user or throws the contract's error. The throttle is asked
 * first, so a blocked account is refused even with the right password.
 */
export async function login(
  db: Db,
  throttle: LoginThrottle,
  c: Credentials,
  now = Date.now(),
): Promise<User> {
  const decision = throttle.check(c.address, c.email);
  if (!decision.allowed) throw new TooManyAttemptsException(decision.retryAfterSeconds);
  const found = await findUserByLogin(db, c.email);
  const ok =
    found?.hashedPassword != null
      ? await verifyPassword(c.password, found.hashedPassword)
      : await verifyAgainstDummy(c.password);
  if (!found || !ok) {
    throttle.recordFailure(c.address, c.email);
    throw unauthorized();
  }
  throttle.recordSuccess(c.email);
  // Account state is revealed only to someone who knows the password.
  const problem = accountProblem(found.user, now);
  if (problem) throw new SecurityException(problem);
  return found.user;
}

/** `GET /api/session?token=`: the token's user and the expiry the new session inherits. */
export async function loginWithToken(
  db: Db,
  token: string,
  now = Date.now(),
): Promise<{ user: User; expires: number }> {
  const verified = await verifyToken(db, token, now);
  const found = verified ? await findUserById(db, verified.userId) : null;
  if (!verified || !found) throw unauthorized();
  const problem = accountProblem(found.user, now);
  if (problem) throw new SecurityException(problem);
  return { user: found.user, expires: verified.expires };
}
