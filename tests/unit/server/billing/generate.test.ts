import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  billedPeriod,
  claimPeriod,
  generateDaysBefore,
  generateMonthlyInvoices,
  periodToBill,
  STALE_CLAIM_MS,
} from '../../../../server/billing/generate';
import { createInvoice, type BillingDeps } from '../../../../server/billing/service';
import { billingSettings } from '../../../../server/billing/settings';
import { invoicesOf } from '../../../../server/billing/store';
import type { Db } from '../../../../server/db/database';
import { insertUser } from '../../../../server/db/users';
import { IntegrationStore } from '../../../../server/integrations/store';
import { newUserFields } from '../../../../server/users/defaults';
import { openMigrated, postgresTarget, sqliteTarget } from '../../../support/dialects';
import { startPaymentApi, type TestPaymentApi } from '../../../support/paymentProvider';

const DAY = 86_400_000;
const VALID_CPF = '52998224725';

describe('which period is billed when', () => {
  const settings = billingSettings(
    { 'tarkan.enableBilling': true, 'tarkan.billingDate': 5 },
    { 'tarkan.billingPrice': 9900 },
  );

  it('bills the next due date once it is at most N days away', () => {
    expect(periodToBill(settings, '2024-05-25', 10)).toBeNull();
    expect(periodToBill(settings, '2024-05-26', 10)).toEqual({
      period: '2024-06',
      dueDate: '2024-06-05',
    });
    expect(periodToBill(settings, '2024-06-05', 10)?.period).toBe('2024-06');
    expect(periodToBill(settings, '2024-12-30', 10)).toEqual({
      period: '2025-01',
      dueDate: '2025-01-05',
    });
  });

  it('bills nobody without billing on, a price or a due day', () => {
    const off = billingSettings({ 'tarkan.billingDate': 5, 'tarkan.billingPrice': 100 }, {});
    const free = billingSettings({ 'tarkan.enableBilling': true, 'tarkan.billingDate': 5 }, {});
    const noDay = billingSettings({ 'tarkan.enableBilling': true, 'tarkan.billingPrice': 100 }, {});
    for (const s of [off, free, noDay]) expect(periodToBill(s, '2024-06-01', 10)).toBeNull();
  });

  it('reads the lead time from the server, 10 days by default', () => {
    expect(generateDaysBefore({})).toBe(10);
    expect(generateDaysBefore({ 'tarkan.billingGenerateDaysBefore': '3' })).toBe(3);
    expect(generateDaysBefore({ 'tarkan.billingGenerateDaysBefore': -1 })).toBe(10);
  });
});

describe.each([sqliteTarget(), postgresTarget()])('monthly invoices on $name', (target) => {
  let db: Db;
  let payments: TestPaymentApi;
  let integrations: IntegrationStore;
  let deps: BillingDeps;

  beforeAll(async () => {
    db = await openMigrated(target);
    payments = await startPaymentApi();
    integrations = new IntegrationStore(db);
    await integrations.load();
    deps = { db, integrations, paymentApiUrl: payments.url };
  }, 60_000);
  afterAll(async () => {
    await db?.close();
    await payments?.close();
    await target.cleanup();
  });

  async function user(attributes: Record<string, unknown>): Promise<number> {
    const created = await insertUser(
      db,
      { ...newUserFields(), name: 'Monthly', email: `m${Math.random()}@frota.test`, attributes },
      'not-a-hash',
    );
    return created.id;
  }

  async function server(attributes: Record<string, unknown>) {
    await db.kysely
      .updateTable('servers')
      .set({ attributes: JSON.stringify(attributes) })
      .execute();
  }

  const mine = async (id: number) => (await invoicesOf(db, [id])).map((r) => r.dueDate);

  it('creates the invoice N days before the due day, once per period', async () => {
    await server({ 'tarkan.enableBilling': true, 'tarkan.billingPrice': 4990 });
    const id = await user({ 'tarkan.enableBilling': true, 'tarkan.billingDate': 10 });
    const other = await user({ 'tarkan.billingDate': 10, 'tarkan.billingPrice': 100 });

    const early = Date.UTC(2024, 4, 30, 12);
    expect((await generateMonthlyInvoices(deps, early)).created).toEqual([]);

    const due = Date.UTC(2024, 4, 31, 12);
    const first = await generateMonthlyInvoices(deps, due);
    expect(first.created.map((i) => [i.userId, i.dueDate, i.value, i.status])).toEqual([
      [id, '2024-06-10', 4990, 'PENDING'],
    ]);
    // Two more runs (or another server instance) that day and the next: still one invoice.
    const [again, twin] = await Promise.all([
      generateMonthlyInvoices(deps, due),
      generateMonthlyInvoices(deps, due + DAY),
    ]);
    expect([...again.created, ...twin.created]).toEqual([]);
    expect(await mine(id)).toEqual(['2024-06-10']);
    expect(await mine(other)).toEqual([]);
    expect(await billedPeriod(db, id, '2024-06')).toMatchObject({
      invoiceId: first.created[0].id,
    });

    // The next month, at the server's lead time.
    await server({
      'tarkan.enableBilling': true,
      'tarkan.billingPrice': 4990,
      'tarkan.billingGenerateDaysBefore': 3,
    });
    expect((await generateMonthlyInvoices(deps, Date.UTC(2024, 6, 6, 12))).created).toEqual([]);
    await generateMonthlyInvoices(deps, Date.UTC(2024, 6, 7, 12));
    expect(await mine(id)).toEqual(['2024-07-10', '2024-06-10']);
  });

  it('does nothing while the server billing switch is off', async () => {
    await server({ 'tarkan.billingPrice': 4990 });
    const id = await user({ 'tarkan.enableBilling': true, 'tarkan.billingDate': 12 });
    await generateMonthlyInvoices(deps, Date.UTC(2024, 5, 5));
    expect(await mine(id)).toEqual([]);
  });

  it('does not bill a month an administrator already invoiced by hand', async () => {
    await server({ 'tarkan.enableBilling': true, 'tarkan.billingPrice': 1000 });
    const id = await user({ 'tarkan.enableBilling': true, 'tarkan.billingDate': 15 });
    const manual = await createInvoice(deps, id, { dueDate: '2024-08-14' }, Date.UTC(2024, 7, 1));
    const run = await generateMonthlyInvoices(deps, Date.UTC(2024, 7, 10));
    expect(run.created.filter((i) => i.userId === id)).toEqual([]);
    expect(await mine(id)).toEqual(['2024-08-14']);
    expect(await billedPeriod(db, id, '2024-08')).toMatchObject({ invoiceId: manual.id });
  });

  it('lets one claimant win and a stale, invoice-less claim be taken over', async () => {
    const id = await user({});
    const now = Date.UTC(2024, 8, 1);
    expect(await claimPeriod(db, id, '2024-09', now)).toBe(true);
    expect(await claimPeriod(db, id, '2024-09', now + 1000)).toBe(false);
    expect(await claimPeriod(db, id, '2024-09', now + STALE_CLAIM_MS + 1)).toBe(true);
  });

  it('goes through the provider, and retries a failed call on the next run', async () => {
    await server({ 'tarkan.enableBilling': true });
    await integrations.save('asaas', { enabled: true, token: payments.token, sandbox: true });
    const id = await user({
      'tarkan.enableBilling': true,
      'tarkan.billingDate': 20,
      'tarkan.billingPrice': 12000,
      'tarkan.billingCpfCnpj': VALID_CPF,
    });
    const now = Date.UTC(2024, 9, 15, 12);
    payments.failNext(500, 'provider down');
    const failed = await generateMonthlyInvoices(deps, now);
    expect(failed.created).toEqual([]);
    expect(failed.failed.map((f) => [f.userId, f.period])).toEqual([[id, '2024-10']]);
    expect(await mine(id)).toEqual([]);
    expect(await billedPeriod(db, id, '2024-10')).toBeNull();

    const retried = await generateMonthlyInvoices(deps, now + 10 * 60_000);
    expect(retried.created).toHaveLength(1);
    const [invoice] = retried.created;
    expect(invoice.link).toMatch(/^http/);
    const paymentId = invoice.link!.split('/').pop()!;
    expect(payments.payments.get(paymentId)).toMatchObject({
      value: 120,
      dueDate: '2024-10-20',
    });
    await integrations.save('asaas', { enabled: false });
  });
});
