import type { Selectable } from 'kysely';
import { flag, type Db } from '../db/database';
import type { BillingAccountsTable, InvoicesTable } from '../db/schema';
import type { Invoice } from '../../model/invoice';

/** The query builder the billing code reads its tables through (declared in db/schema.ts). */

export type InvoiceRow = Selectable<InvoicesTable>;

/** Statuses still to be paid. */
export const OPEN_STATUSES = ['PENDING', 'OVERDUE'] as const;
/** Statuses that settle an invoice. */
export const PAID_STATUSES = ['RECEIVED', 'RECEIVED_IN_CASH', 'CONFIRMED'] as const;

export function toInvoice(row: InvoiceRow): Invoice {
  return {
    id: Number(row.id),
    userId: Number(row.userId),
    dueDate: row.dueDate,
    value: Number(row.value),
    status: row.status,
    paidDate: row.paidDate === null ? null : new Date(Number(row.paidDate)).toISOString(),
    link: row.paymentLink,
    description: row.description,
    created: new Date(Number(row.created)).toISOString(),
  };
}

export async function invoicesOf(db: Db, userIds: number[]): Promise<InvoiceRow[]> {
  if (userIds.length === 0) return [];
  return db.kysely
    .selectFrom('invoices')
    .selectAll()
    .where('userId', 'in', userIds)
    .orderBy('dueDate', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export async function findInvoice(db: Db, id: number): Promise<InvoiceRow | null> {
  const row = await db.kysely
    .selectFrom('invoices')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  return row ?? null;
}

export interface BillingAccount {
  userId: number;
  suspended: boolean;
  manual: boolean;
  exempt: boolean;
  trustUsed: boolean;
  graceUntil: number | null;
  providerCustomerId: string | null;
}

const EMPTY = (userId: number): BillingAccount => ({
  userId,
  suspended: false,
  manual: false,
  exempt: false,
  trustUsed: false,
  graceUntil: null,
  providerCustomerId: null,
});

function toAccount(row: Selectable<BillingAccountsTable>): BillingAccount {
  return {
    userId: Number(row.userId),
    suspended: Boolean(row.suspended),
    manual: Boolean(row.manual),
    exempt: Boolean(row.exempt),
    trustUsed: Boolean(row.trustUsed),
    graceUntil: row.graceUntil === null ? null : Number(row.graceUntil),
    providerCustomerId: row.providerCustomerId,
  };
}

export async function getAccount(db: Db, userId: number): Promise<BillingAccount> {
  const row = await db.kysely
    .selectFrom('billingAccounts')
    .selectAll()
    .where('userId', '=', userId)
    .executeTakeFirst();
  return row ? toAccount(row) : EMPTY(userId);
}

export async function listAccounts(db: Db): Promise<BillingAccount[]> {
  const rows = await db.kysely.selectFrom('billingAccounts').selectAll().execute();
  return rows.map(toAccount);
}

/** Writes the account's state (insert or update). */
export async function saveAccount(
  db: Db,
  account: BillingAccount,
  now = Date.now(),
): Promise<void> {
  const values = {
    suspended: flag(db, account.suspended),
    manual: flag(db, account.manual),
    exempt: flag(db, account.exempt),
    trustUsed: flag(db, account.trustUsed),
    graceUntil: account.graceUntil,
    providerCustomerId: account.providerCustomerId,
    updated: now,
  };
  await db.kysely
    .insertInto('billingAccounts')
    .values({ userId: account.userId, ...values })
    .onConflict((oc) => oc.column('userId').doUpdateSet(values))
    .execute();
}
