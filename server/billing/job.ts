import type { Invoice } from '../../model/invoice';
import { deleteUserSessions } from '../auth/sessions';
import type { Db } from '../db/database';
import { getServerSettings } from '../db/servers';
import { toUser } from '../db/users';
import { nextAccountState, sameState } from './rules';
import { billingOn, billingSettings } from './settings';
import { billingTables, getAccount, listAccounts, saveAccount, toInvoice } from './store';
import { isoDay } from './terms';

export const BILLING_CYCLE_MS = 10 * 60 * 1000;

export interface CycleResult {
  /** Invoices that became OVERDUE. */
  overdue: Invoice[];
  /** Users suspended in this run (their sessions are gone). */
  suspended: number[];
  /** Users whose automatic suspension was lifted. */
  lifted: number[];
}

/**
 * One run of the billing rules at `now`: PENDING invoices past their due date become OVERDUE;
 * users with automatic suspension whose oldest overdue invoice is more than N days late are
 * suspended (and signed out); users with nothing overdue any more get their access back.
 * Does nothing while the server's billing switch is off.
 */
export async function runBillingCycle(db: Db, now = Date.now()): Promise<CycleResult> {
  const result: CycleResult = { overdue: [], suspended: [], lifted: [] };
  const server = await getServerSettings(db);
  if (!billingOn(server.attributes)) return result;
  const today = isoDay(now);

  const became = await billingTables(db)
    .updateTable('invoices')
    .set({ status: 'OVERDUE' })
    .where('status', '=', 'PENDING')
    .where('dueDate', '<', today)
    .returningAll()
    .execute();
  result.overdue = became.map(toInvoice);

  const overdueRows = await billingTables(db)
    .selectFrom('invoices')
    .select(['userId', 'dueDate'])
    .where('status', '=', 'OVERDUE')
    .execute();
  const overdueByUser = new Map<number, string[]>();
  for (const row of overdueRows) {
    const id = Number(row.userId);
    overdueByUser.set(id, [...(overdueByUser.get(id) ?? []), row.dueDate]);
  }
  const userIds = new Set([
    ...overdueByUser.keys(),
    ...(await listAccounts(db)).map((a) => a.userId),
  ]);
  if (userIds.size === 0) return result;
  const users = (
    await db.kysely
      .selectFrom('users')
      .selectAll()
      .where('id', 'in', [...userIds])
      .execute()
  ).map(toUser);

  for (const user of users) {
    const account = await getAccount(db, user.id);
    const settings = billingSettings(user.attributes, server.attributes);
    const next = nextAccountState(account, settings, overdueByUser.get(user.id) ?? [], today);
    if (sameState(account, next)) continue;
    await db.kysely.transaction().execute(async (trx) => {
      const tx: Db = { ...db, kysely: trx };
      await saveAccount(tx, next, now);
      if (next.suspended && !account.suspended) await deleteUserSessions(tx, user.id);
    });
    if (next.suspended && !account.suspended) result.suspended.push(user.id);
    if (!next.suspended && account.suspended) result.lifted.push(user.id);
  }
  return result;
}
