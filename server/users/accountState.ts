import type { User } from '../../src/model';

/** Why a user may not sign in right now, or null when they may. */
export function accountProblem(user: User, now = Date.now()): string | null {
  if (user.disabled) return 'Account is disabled';
  if (user.expirationTime !== null && Date.parse(user.expirationTime) <= now) {
    return 'Account has expired';
  }
  return null;
}
