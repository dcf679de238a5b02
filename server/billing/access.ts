import type { User } from '../../model';
import type { Db } from '../db/database';
import { getServerSettings } from '../db/servers';
import { toUser } from '../db/users';
import { billingOn } from './settings';

interface RequestUser {
  user: User;
  /** Suspended for non-payment and outside any grace (trust or temporary admin unlock). */
  billingLocked: boolean;
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
  if (!billingSuspended || inGrace) return { user, billingLocked: false };
  const server = await getServerSettings(db);
  return { user, billingLocked: billingOn(server.attributes) };
}
