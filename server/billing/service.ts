import { createHash, timingSafeEqual } from 'node:crypto';
import type { User } from '../../model';
import {
  type BillingUser,
  type Invoice,
  invoiceStatuses,
  type SuspendedLoginError,
} from '../../model/invoice';
import { deleteUserSessions } from '../auth/sessions';
import type { Db } from '../db/database';
import { getServerSettings } from '../db/servers';
import { findUserById, toUser } from '../db/users';
import { IllegalArgumentException, SecurityException, notFound } from '../errors';
import type { IntegrationStore } from '../integrations/store';
import { normalizeCpfCnpj } from './cpfCnpj';
import { postInvoiceNotice, type InvoiceEvent } from './notify';
import { asaasProvider, type PaymentProvider } from './provider';
import { afterTrustUnlock, lockedOut, trustAvailable, trustRefusal } from './rules';
import { billingOn, billingSettings } from './settings';
import {
  OPEN_STATUSES,
  PAID_STATUSES,
  findInvoice,
  getAccount,
  invoicesOf,
  listAccounts,
  saveAccount,
  toInvoice,
  type InvoiceRow,
} from './store';
import { isoDay, nextDueDate } from './terms';

/** What the billing operations need besides the database. */
export interface BillingDeps {
  db: Db;
  integrations: IntegrationStore;
  /** PAYMENT_API_URL: overrides the provider's base URL (tests point it at a local double). */
  paymentApiUrl: string | null;
  /** Told of every stored invoice change (the invoice integration). */
  onInvoice?: (event: InvoiceEvent, invoice: Invoice) => void;
}

/**
 * The billing dependencies of a running server: each stored invoice change is posted to the
 * invoice integration without waiting for it; a failure there is logged.
 */
export function billingDeps(
  db: Db,
  integrations: IntegrationStore,
  paymentApiUrl: string | null,
  log: { warn(object: unknown, message?: string): void },
): BillingDeps {
  return {
    db,
    integrations,
    paymentApiUrl,
    onInvoice: (event, invoice) =>
      void postInvoiceNotice(integrations, { event, invoice }, (err) =>
        log.warn({ err, invoiceId: invoice.id }, 'invoice integration failed'),
      ),
  };
}

const isOpen = (status: string) => (OPEN_STATUSES as readonly string[]).includes(status);
const isPaid = (status: string) => (PAID_STATUSES as readonly string[]).includes(status);

/** The configured payment provider, or null: invoices are then local, payable in cash. */
function paymentProvider(deps: BillingDeps): PaymentProvider | null {
  const settings = deps.integrations.enabled('asaas');
  return settings ? asaasProvider(settings, deps.paymentApiUrl) : null;
}

/** The provider that holds an invoice's payment; its invoices cannot change without it. */
function providerOf(deps: BillingDeps): PaymentProvider {
  const provider = paymentProvider(deps);
  if (!provider) throw new IllegalArgumentException('Payment provider not configured');
  return provider;
}

export async function requireBillingOn(db: Db): Promise<void> {
  const server = await getServerSettings(db);
  if (!billingOn(server.attributes)) throw new SecurityException('Billing disabled');
}

/** `GET /tarkan/invoices`: the caller's invoices, newest first. */
export async function myInvoices(db: Db, userId: number): Promise<Invoice[]> {
  return (await invoicesOf(db, [userId])).map(toInvoice);
}

/** `GET /tarkan/invoices/manager`: users with billing on or with invoices, and their invoices. */
export async function billingUsers(db: Db): Promise<BillingUser[]> {
  const users = (await db.kysely.selectFrom('users').selectAll().orderBy('name').execute()).map(
    toUser,
  );
  const invoices = await invoicesOf(
    db,
    users.map((u) => u.id),
  );
  const accounts = new Map((await listAccounts(db)).map((a) => [a.userId, a]));
  const byUser = new Map<number, Invoice[]>();
  for (const row of invoices) {
    const list = byUser.get(Number(row.userId)) ?? [];
    list.push(toInvoice(row));
    byUser.set(Number(row.userId), list);
  }
  return users
    .filter((u) => !u.temporary && (billingSettings(u.attributes, {}).enabled || byUser.has(u.id)))
    .map((u) => {
      const account = accounts.get(u.id);
      return {
        id: u.id,
        name: u.name,
        email: u.email,
        billingEnabled: billingSettings(u.attributes, {}).enabled,
        suspended: account?.suspended ?? false,
        manual: account?.manual ?? false,
        exempt: account?.exempt ?? false,
        trustUsed: account?.trustUsed ?? false,
        graceUntil: account?.graceUntil ? new Date(account.graceUntil).toISOString() : null,
        invoices: byUser.get(u.id) ?? [],
      };
    });
}

async function userOr404(db: Db, id: number): Promise<User> {
  const found = await findUserById(db, id);
  if (!found) throw notFound();
  return found.user;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * `POST /tarkan/invoices/manager/{userId}/save`: a new invoice from the user's billing settings
 * (over the server defaults, under the request's overrides). With a payment provider the
 * customer and payment are created there first; a provider failure stores nothing.
 */
export async function createInvoice(
  deps: BillingDeps,
  userId: number,
  overrides: Record<string, unknown>,
  now = Date.now(),
  /** Runs in the invoice's own transaction (e.g. recording the billed period). */
  withInvoice?: (tx: Db, invoiceId: number) => Promise<void>,
): Promise<Invoice> {
  const { db } = deps;
  const user = await userOr404(db, userId);
  const server = await getServerSettings(db);
  const settings = billingSettings(user.attributes, server.attributes, overrides);
  if (settings.priceCents <= 0) throw new IllegalArgumentException('Price is required');
  const today = isoDay(now);
  const requested = overrides.dueDate;
  let dueDate: string;
  if (typeof requested === 'string' && requested !== '') {
    if (!DAY.test(requested) || Number.isNaN(Date.parse(requested))) {
      throw new IllegalArgumentException('Invalid due date');
    }
    dueDate = requested;
  } else {
    dueDate = nextDueDate(settings.dueDay ?? Number(today.slice(8)), today);
  }
  const description = settings.description || `${user.name} ${dueDate.slice(0, 7)}`;
  const account = await getAccount(db, userId);

  let providerId: string | null = null;
  let link: string | null = null;
  let customerId = account.providerCustomerId;
  const provider = paymentProvider(deps);
  if (provider) {
    const cpfCnpj = normalizeCpfCnpj(settings.cpfCnpj);
    if (!cpfCnpj) throw new IllegalArgumentException('Invalid CPF/CNPJ');
    customerId ??= await provider.findOrCreateCustomer({
      name: user.name,
      email: user.email,
      cpfCnpj,
    });
    const payment = await provider.createPayment({
      customerId,
      valueCents: settings.priceCents,
      dueDate,
      description,
      terms: settings.terms,
    });
    providerId = payment.id;
    link = payment.link;
  }

  const row = await db.kysely.transaction().execute(async (trx) => {
    const tx: Db = { ...db, kysely: trx };
    const inserted = await tx.kysely
      .insertInto('invoices')
      .values({
        userId,
        value: settings.priceCents,
        description,
        status: dueDate < today ? 'OVERDUE' : 'PENDING',
        dueDate,
        paidDate: null,
        paymentLink: link,
        providerId,
        terms: JSON.stringify(settings.terms),
        created: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    if (customerId !== account.providerCustomerId) {
      await saveAccount(tx, { ...account, providerCustomerId: customerId }, now);
    }
    await withInvoice?.(tx, Number(inserted.id));
    return inserted;
  });
  const invoice = toInvoice(row);
  deps.onInvoice?.('created', invoice);
  return invoice;
}

/**
 * Stores an invoice's new status (and payment date), then settles the user's suspension by what
 * is still overdue and tells the invoice integration.
 */
async function setInvoiceStatus(
  deps: BillingDeps,
  row: InvoiceRow,
  status: string,
  paidDate: number | null,
  now: number,
): Promise<Invoice> {
  const updated = await deps.db.kysely
    .updateTable('invoices')
    .set({ status, paidDate })
    .where('id', '=', row.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await settleAccount(deps.db, Number(row.userId), now);
  const invoice = toInvoice(updated);
  deps.onInvoice?.('updated', invoice);
  return invoice;
}

async function openInvoiceOr404(db: Db, id: number) {
  const row = await findInvoice(db, id);
  if (!row) throw notFound();
  return row;
}

/** `POST …/{invoiceId}/setAsReceivedCash`: an open invoice paid in cash today. */
export async function receivedInCash(
  deps: BillingDeps,
  invoiceId: number,
  now = Date.now(),
): Promise<Invoice> {
  const row = await openInvoiceOr404(deps.db, invoiceId);
  if (!isOpen(row.status)) throw new IllegalArgumentException('Invoice is not open');
  if (row.providerId) {
    await providerOf(deps).receiveInCash(row.providerId, isoDay(now), Number(row.value));
  }
  return setInvoiceStatus(deps, row, 'RECEIVED_IN_CASH', now, now);
}

/** `POST …/{invoiceId}/delete`: cancels an unpaid invoice (and its provider payment). */
export async function cancelInvoice(
  deps: BillingDeps,
  invoiceId: number,
  now = Date.now(),
): Promise<Invoice> {
  const row = await openInvoiceOr404(deps.db, invoiceId);
  if (isPaid(row.status)) throw new IllegalArgumentException('A paid invoice cannot be cancelled');
  if (row.providerId) await providerOf(deps).cancelPayment(row.providerId);
  await deps.db.kysely.deleteFrom('invoices').where('id', '=', invoiceId).execute();
  await settleAccount(deps.db, Number(row.userId), now);
  const invoice = toInvoice(row);
  deps.onInvoice?.('cancelled', invoice);
  return invoice;
}

/** Lifts an automatic suspension (and restores trust) once nothing is overdue any more. */
async function settleAccount(db: Db, userId: number, now = Date.now()): Promise<void> {
  const overdue = await db.kysely
    .selectFrom('invoices')
    .select('id')
    .where('userId', '=', userId)
    .where('status', '=', 'OVERDUE')
    .executeTakeFirst();
  if (overdue) return;
  const account = await getAccount(db, userId);
  if (account.manual || (!account.suspended && !account.trustUsed && account.graceUntil === null))
    return;
  await saveAccount(db, { ...account, suspended: false, trustUsed: false, graceUntil: null }, now);
}

/** `POST …/{userId}/lockUser`: suspended by an administrator; their sessions end now. */
export async function lockUser(db: Db, userId: number, now = Date.now()): Promise<void> {
  await userOr404(db, userId);
  const account = await getAccount(db, userId);
  await db.kysely.transaction().execute(async (trx) => {
    const tx: Db = { ...db, kysely: trx };
    await saveAccount(
      tx,
      { ...account, suspended: true, manual: true, exempt: false, graceUntil: null },
      now,
    );
    await deleteUserSessions(tx, userId);
  });
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * `POST …/{userId}/unlockUser`: `perma` lifts the suspension for good (no automatic suspension
 * until locked again); otherwise the user is let in for their trust-unlock days and the
 * automatic rules apply again afterwards.
 */
export async function unlockUser(
  db: Db,
  userId: number,
  perma: boolean,
  now = Date.now(),
): Promise<void> {
  const user = await userOr404(db, userId);
  const account = await getAccount(db, userId);
  if (perma) {
    await saveAccount(
      db,
      { ...account, suspended: false, manual: false, exempt: true, graceUntil: null },
      now,
    );
    return;
  }
  const server = await getServerSettings(db);
  const { trustDays } = billingSettings(user.attributes, server.attributes);
  await saveAccount(
    db,
    { ...account, manual: false, exempt: false, graceUntil: now + Math.max(trustDays, 1) * DAY_MS },
    now,
  );
}

/** The login error of a suspended account, or null when the account may sign in. */
export async function suspendedLogin(
  db: Db,
  user: User,
  now = Date.now(),
): Promise<SuspendedLoginError | null> {
  const server = await getServerSettings(db);
  if (!billingOn(server.attributes)) return null;
  const account = await getAccount(db, user.id);
  if (!lockedOut(account, now)) return null;
  const trust = trustAvailable(account, billingSettings(user.attributes, server.attributes));
  const invoices = (await myInvoices(db, user.id)).filter((i) => isOpen(String(i.status)));
  return {
    error: trust ? 'ACCOUNT_IS_SUSPENDED_TRUST' : 'ACCOUNT_IS_SUSPENDED',
    trustAvailable: trust,
    invoices,
  };
}

/**
 * `POST /tarkan/invoices/unlock` once the password is checked: lets a suspended user in for
 * their trust days, once until the overdue invoices are paid.
 */
export async function trustUnlock(
  db: Db,
  user: User,
  now = Date.now(),
): Promise<{ until: string }> {
  const server = await getServerSettings(db);
  if (!billingOn(server.attributes)) throw new SecurityException('Billing disabled');
  const account = await getAccount(db, user.id);
  const settings = billingSettings(user.attributes, server.attributes);
  const refusal = trustRefusal(account, settings, now);
  if (refusal) throw new SecurityException(refusal);
  const next = afterTrustUnlock(account, settings, now);
  await saveAccount(db, next, now);
  return { until: new Date(next.graceUntil ?? now).toISOString() };
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Whether a webhook call carries the payment provider's configured token (compared in constant
 * time); never when no token is configured.
 */
export function webhookTokenValid(integrations: IntegrationStore, given: unknown): boolean {
  const expected = integrations.enabled('asaas')?.webhookToken;
  return (
    typeof expected === 'string' &&
    expected !== '' &&
    typeof given === 'string' &&
    timingSafeEqual(digest(given), digest(expected))
  );
}

/** Provider statuses we store; anything else (e.g. `PAYMENT_DELETED` events) is ignored. */
const KNOWN_STATUSES = new Set<string>(invoiceStatuses);

/** The provider's webhook: a payment's new status (and payment date) on its invoice. */
export async function applyProviderUpdate(
  deps: BillingDeps,
  payment: { id: string; status: string; paymentDate?: string | null },
  now = Date.now(),
): Promise<Invoice | null> {
  if (!KNOWN_STATUSES.has(payment.status)) return null;
  const row = await deps.db.kysely
    .selectFrom('invoices')
    .selectAll()
    .where('providerId', '=', payment.id)
    .executeTakeFirst();
  if (!row) return null;
  const paidDate = isPaid(payment.status)
    ? payment.paymentDate && DAY.test(payment.paymentDate)
      ? Date.parse(`${payment.paymentDate}T12:00:00Z`)
      : now
    : null;
  return setInvoiceStatus(deps, row, payment.status, paidDate, now);
}
