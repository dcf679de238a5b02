import type { ImpersonationState, User } from '../../model';
import { findRequestUser } from '../billing/access';
import type { Db } from '../db/database';
import { findUserById } from '../db/users';
import { SecurityException, notFound } from '../errors';
import type { Actor } from '../access/actor';
import { accessDenial } from '../permissions/checkAccess';
import { manages } from '../permissions/objects';
import { accountProblem } from '../users/accountState';

/**
 * Signing in as another user (`GET /api/session/{id}`, docs/traccar-api.md): an administrator as
 * anyone, a manager as a user they manage. Never a non-administrator as an administrator, even
 * one they were linked to: that would hand them every right.
 */
export async function mayImpersonate(db: Db, original: User, target: User): Promise<boolean> {
  if (original.administrator) return true;
  if (target.administrator) return false;
  return manages(db, original.id, target.id);
}

/**
 * The user `actor` may become, or the error the API answers: 404 when there is no such user,
 * `User access denied` when the rule above (or the manager's advanced permission to edit users)
 * refuses, and the account-state message when the target could not use the session anyway
 * (disabled, expired, suspended for non-payment): every request of it would be refused.
 */
export async function impersonationTarget(
  db: Db,
  actor: Actor,
  targetId: number,
  now = Date.now(),
): Promise<User> {
  const found = await findRequestUser(db, targetId, now);
  if (!found) throw notFound();
  const target = found.user;
  if (!actor.admin) {
    const denial = accessDenial(actor, 'users', 'edit');
    if (denial) throw new SecurityException(denial);
  }
  if (!(await mayImpersonate(db, actor.user, target))) {
    throw new SecurityException('User access denied');
  }
  const problem = accountProblem(target, now);
  if (problem) throw new SecurityException(problem);
  if (found.billingLocked) throw new SecurityException('Account is suspended');
  return target;
}

/** What the web app shows while a session acts as another user (docs/extension-api.md). */
export async function impersonationState(
  db: Db,
  impersonatorId: number | null,
): Promise<ImpersonationState> {
  if (impersonatorId === null) return { original: null };
  const found = await findUserById(db, impersonatorId);
  if (!found) return { original: null };
  const { id, name, email } = found.user;
  return { original: { id, name, email } };
}
