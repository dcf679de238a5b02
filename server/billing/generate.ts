import type { Invoice } from '../../model/invoice';
import type { Db } from '../db/database';
import type { BillingPeriodsTable } from '../db/schema';
import { getServerSettings } from '../db/servers';
import { toUser } from '../db/users';
import { createInvoice, type BillingDeps } from './service';
import { billingOn, billingSettings, type BillingSettings } from './settings';
import { daysBetween, isoDay, nextDueDate } from './terms';

/** Server attribute: how many days before the due day the monthly invoice is issued. */
const GENERATE_DAYS_KEY = 'tarkan.billingGenerateDaysBefore';
const DEFAULT_GENERATE_DAYS = 10;
/** A claim left without an invoice this long (a crashed run) may be taken over. */
export const STALE_CLAIM_MS = 30 * 60 * 1000;

/** The server's lead time in days (0–28), the default when unset or invalid. */
export function generateDaysBefore(server: Record<string, unknown>): number {
  const raw = server[GENERATE_DAYS_KEY];
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' ? Number(raw) : NaN;
  return Number.isInteger(n) && n >= 0 && n <= 28 ? n : DEFAULT_GENERATE_DAYS;
}

/**
 * The period to bill on `today`, or null: billing on for the user, a price, a due day, and the
 * next due date at most `daysBefore` days away.
 */
export function periodToBill(
  settings: BillingSettings,
  today: string,
  daysBefore: number,
): { period: string; dueDate: string } | null {
  if (!settings.enabled || settings.priceCents <= 0 || settings.dueDay === null) return null;
  const dueDate = nextDueDate(settings.dueDay, today);
  if (daysBetween(today, dueDate) > daysBefore) return null;
  return { period: dueDate.slice(0, 7), dueDate };
}

/**
 * Claims (user, period) for this run: the primary key lets exactly one run or server instance
 * insert it; a claim that never got its invoice (a crash) may be taken over once stale.
 */
export async function claimPeriod(
  db: Db,
  userId: number,
  period: string,
  now: number,
): Promise<boolean> {
  const inserted = await db.kysely
    .insertInto('billingPeriods')
    .values({ userId, period, invoiceId: null, claimed: now })
    .onConflict((oc) => oc.columns(['userId', 'period']).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) return true;
  const taken = await db.kysely
    .updateTable('billingPeriods')
    .set({ claimed: now })
    .where('userId', '=', userId)
    .where('period', '=', period)
    .where('invoiceId', 'is', null)
    .where('claimed', '<', now - STALE_CLAIM_MS)
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) > 0;
}

async function releaseClaim(db: Db, userId: number, period: string, now: number): Promise<void> {
  await db.kysely
    .deleteFrom('billingPeriods')
    .where('userId', '=', userId)
    .where('period', '=', period)
    .where('invoiceId', 'is', null)
    .where('claimed', '=', now)
    .execute();
}

/** The invoice stored for a user's period, if any (tests and diagnostics). */
export async function billedPeriod(
  db: Db,
  userId: number,
  period: string,
): Promise<BillingPeriodsTable | null> {
  const row = await db.kysely
    .selectFrom('billingPeriods')
    .selectAll()
    .where('userId', '=', userId)
    .where('period', '=', period)
    .executeTakeFirst();
  return row ?? null;
}

/**
 * Whether the period is billed already: by an earlier run, or by an invoice an administrator
 * created due that month (recorded as the period's invoice, so it is not billed twice).
 */
async function alreadyInvoiced(
  db: Db,
  userId: number,
  period: string,
  now: number,
): Promise<boolean> {
  if (await billedPeriod(db, userId, period)) return true;
  const manual = await db.kysely
    .selectFrom('invoices')
    .select('id')
    .where('userId', '=', userId)
    .where('dueDate', 'like', `${period}-%`)
    .executeTakeFirst();
  if (!manual) return false;
  await db.kysely
    .insertInto('billingPeriods')
    .values({ userId, period, invoiceId: Number(manual.id), claimed: now })
    .onConflict((oc) => oc.columns(['userId', 'period']).doNothing())
    .execute();
  return true;
}

interface GenerationResult {
  created: Invoice[];
  failed: { userId: number; period: string; error: unknown }[];
}

/**
 * Issues each billed user's next monthly invoice `tarkan.billingGenerateDaysBefore` days before
 * its due day, once per user and period, through the payment provider when one is configured.
 * A failure (provider down, invalid CPF/CNPJ) releases the claim, stores nothing and is
 * reported, so the next run tries again. Does nothing while the server's billing switch is off.
 */
export async function generateMonthlyInvoices(
  deps: BillingDeps,
  now = Date.now(),
): Promise<GenerationResult> {
  const { db } = deps;
  const result: GenerationResult = { created: [], failed: [] };
  const server = await getServerSettings(db);
  if (!billingOn(server.attributes)) return result;
  const daysBefore = generateDaysBefore(server.attributes);
  const today = isoDay(now);
  const rows = await db.kysely
    .selectFrom('users')
    .selectAll()
    .where('attributes', 'like', '%tarkan.enableBilling%')
    .orderBy('id')
    .execute();
  for (const user of rows.map(toUser)) {
    if (user.temporary) continue;
    const due = periodToBill(
      billingSettings(user.attributes, server.attributes),
      today,
      daysBefore,
    );
    if (!due || (await alreadyInvoiced(db, user.id, due.period, now))) continue;
    if (!(await claimPeriod(db, user.id, due.period, now))) continue;
    try {
      const invoice = await createInvoice(
        deps,
        user.id,
        { dueDate: due.dueDate },
        now,
        async (tx, invoiceId) => {
          await tx.kysely
            .updateTable('billingPeriods')
            .set({ invoiceId })
            .where('userId', '=', user.id)
            .where('period', '=', due.period)
            .execute();
        },
      );
      result.created.push(invoice);
    } catch (error) {
      await releaseClaim(db, user.id, due.period, now);
      result.failed.push({ userId: user.id, period: due.period, error });
    }
  }
  return result;
}
