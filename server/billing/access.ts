import type { User } from '../../model';
import type { Db } from '../db/database';
import { getServerSettings } from '../db/servers';
import { toUser } from '../db/users';
import { accountProblem } from '../users/accountState';
import { billingOn } from './settings';

interface RequestUser {
  user: User;
  /** Suspended for non-payment and outside any grace (trust or temporary admin unlock). */
  billingLocked: boolean;
  /** When a suspended account's grace runs out; null when it is not suspended within one. */
  graceEnds: number | null;
}

/** Whether a user may use the server now, and when that ends by itself (null: not by time). */
export interface AccessState {
  allowed: boolean;
  endsAt: number | null;
}

/**
 * The user behind an authenticated request and their billing lock, read in one query (the
 * account row joined to the user), so every request sees a suspension the moment the job or an
 * administrator writes it without a second lookup. Only a locked row costs one more query: the
 * server's billing switch, which turns suspension off as a whole.
 */
export async function findRequestUser(
  db: Db,
  userId: number,
  now = Date.now(),
): Promise<RequestUser | null> {
  const row = await db.kysely
    .selectFrom('users')
    .leftJoin('billingAccounts', 'billingAccounts.userId', 'users.id')
    .selectAll('users')
    .select([
      'billingAccounts.suspended as billingSuspended',
      'billingAccounts.graceUntil as billingGraceUntil',
    ])
    .where('users.id', '=', userId)
    .executeTakeFirst();
  if (!row) return null;
  const { billingSuspended, billingGraceUntil, ...userRow } = row;
  const user = toUser(userRow);
  const inGrace = billingGraceUntil !== null && Number(billingGraceUntil) > now;
  if (!billingSuspended) return { user, billingLocked: false, graceEnds: null };
  if (inGrace) return { user, billingLocked: false, graceEnds: Number(billingGraceUntil) };
  const server = await getServerSettings(db);
  return { user, billingLocked: billingOn(server.attributes), graceEnds: null };
}

/**
 * What a long-lived connection (the live socket) needs: whether the user is let in, as any request
 * would be, and the moment that stops without anyone acting: a trust or temporary unlock running
 * out, or the account's expiration time.
 */
export async function accessState(db: Db, userId: number, now = Date.now()): Promise<AccessState> {
  const found = await findRequestUser(db, userId, now);
  if (!found || found.billingLocked || accountProblem(found.user, now)) {
    return { allowed: false, endsAt: null };
  }
  // A grace only ends anything while the billing switch is on.
  const graceEnds =
    found.graceEnds !== null && billingOn((await getServerSettings(db)).attributes)
      ? found.graceEnds
      : null;
  const expires = found.user.expirationTime ? Date.parse(found.user.expirationTime) : NaN;
  const ends = [graceEnds, Number.isFinite(expires) ? expires : null].filter(
    (t): t is number => t !== null,
  );
  return { allowed: true, endsAt: ends.length > 0 ? Math.min(...ends) : null };
}
