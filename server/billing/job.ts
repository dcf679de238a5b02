import type { Invoice } from '../../model/invoice';
import { deleteUserSessions } from '../auth/sessions';
import type { Db } from '../db/database';
import { getServerSettings } from '../db/servers';
import { toUser } from '../db/users';
import { generateMonthlyInvoices } from './generate';
import { nextAccountState, sameState } from './rules';
import type { BillingDeps } from './service';
import { billingOn, billingSettings } from './settings';
import { getAccount, listAccounts, saveAccount, toInvoice } from './store';
import { isoDay } from './terms';

/** How often the billing job runs (it also runs once at start). */
export const BILLING_CYCLE_MS = 10 * 60 * 1000;

interface BillingLog {
  info(message: string): void;
  warn(object: unknown, message?: string): void;
}

interface CycleResult {
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

  const became = await db.kysely
    .updateTable('invoices')
    .set({ status: 'OVERDUE' })
    .where('status', '=', 'PENDING')
    .where('dueDate', '<', today)
    .returningAll()
    .execute();
  result.overdue = became.map(toInvoice);

  const overdueRows = await db.kysely
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

/**
 * The billing rules run and their outcome applied: invoices that became overdue go to the invoice
 * integration, and suspended users are signed out of their open sockets (`signOut`).
 */
export async function applyBillingRules(
  deps: BillingDeps,
  signOut: (userId: number) => void,
  log: BillingLog,
): Promise<void> {
  const result = await runBillingCycle(deps.db);
  for (const invoice of result.overdue) deps.onInvoice?.('updated', invoice);
  for (const id of result.suspended) signOut(id);
  if (result.suspended.length > 0) {
    log.info(`suspended ${result.suspended.length} user(s) for non-payment`);
  }
}

/** The periodic billing job: this month's invoices first, then the overdue/suspension rules. */
export async function runBillingJob(
  deps: BillingDeps,
  signOut: (userId: number) => void,
  log: BillingLog,
): Promise<void> {
  const generated = await generateMonthlyInvoices(deps);
  for (const { userId, period, error } of generated.failed) {
    log.warn({ err: error, userId, period }, 'monthly invoice not created; retrying next run');
  }
  if (generated.created.length > 0) {
    log.info(`created ${generated.created.length} monthly invoice(s)`);
  }
  await applyBillingRules(deps, signOut, log);
}
