import type { User } from '../../model';
import type { SuspendedLoginError } from '../../model/invoice';
import { WebApplicationException } from '../errors';

/** Why a user may not sign in right now, or null when they may. */
export function accountProblem(user: User, now = Date.now()): string | null {
  if (user.disabled) return 'Account is disabled';
  if (user.expirationTime !== null && Date.parse(user.expirationTime) <= now) {
    return 'Account has expired';
  }
  return null;
}

/**
 * A suspended account's sign-in with the right password: 401 with a JSON body (an object error,
 * docs/traccar-api.md) instead of the text one, carrying the open invoices and whether trust
 * unlock is offered.
 */
export class AccountSuspended extends WebApplicationException {
  constructor(readonly payload: SuspendedLoginError) {
    super(401, 'Account is suspended');
  }
}
