import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizeCpfCnpj } from '../../../../server/billing/cpfCnpj';
import { runBillingCycle } from '../../../../server/billing/job';
import { afterTrustUnlock, nextAccountState, trustRefusal } from '../../../../server/billing/rules';
import { billingSettings } from '../../../../server/billing/settings';
import { getAccount, saveAccount, type BillingAccount } from '../../../../server/billing/store';
import { NO_TERMS, amountDue, nextDueDate } from '../../../../server/billing/terms';
import type { Db } from '../../../../server/db/database';
import { insertUser } from '../../../../server/db/users';
import { newUserFields } from '../../../../server/users/defaults';
import { closeTarget, openMigrated, postgresTarget, sqliteTarget } from '../../../support/dialects';

const DAY = 86_400_000;

describe('fine, interest and discount', () => {
  const terms = {
    ...NO_TERMS,
    fine: 2,
    fineMode: 'PERCENTAGE' as const,
    interest: 1,
    discount: 500,
    discountDays: 5,
  };

  it('charges the face value on the due date and between the discount window and it', () => {
    expect(amountDue(10_000, terms, '2024-05-10', '2024-05-10')).toBe(10_000);
    expect(amountDue(10_000, terms, '2024-05-10', '2024-05-07')).toBe(10_000);
  });

  it('discounts a fixed amount up to N days before the due date', () => {
    expect(amountDue(10_000, terms, '2024-05-10', '2024-05-05')).toBe(9_500);
    expect(
      amountDue(
        10_000,
        { ...terms, discount: 10, discountMode: 'PERCENTAGE' },
        '2024-05-10',
        '2024-05-01',
      ),
    ).toBe(9_000);
  });

  it('adds the fine and pro-rata monthly interest when late', () => {
    // 2% fine = 200; 1%/month over 15 days = 50.
    expect(amountDue(10_000, terms, '2024-05-10', '2024-05-25')).toBe(10_250);
    expect(
      amountDue(
        10_000,
        { ...terms, fine: 300, fineMode: 'FIXED', interest: 0 },
        '2024-05-10',
        '2024-05-11',
      ),
    ).toBe(10_300);
  });
});

describe('CPF and CNPJ', () => {
  it('accepts valid check digits with or without punctuation', () => {
    expect(normalizeCpfCnpj('529.982.247-25')).toBe('52998224725');
    expect(normalizeCpfCnpj('11.222.333/0001-81')).toBe('11222333000181');
  });
  it('refuses wrong check digits, repeated digits and wrong lengths', () => {
    expect(normalizeCpfCnpj('529.982.247-24')).toBeNull();
    expect(normalizeCpfCnpj('111.111.111-11')).toBeNull();
    expect(normalizeCpfCnpj('11.222.333/0001-82')).toBeNull();
    expect(normalizeCpfCnpj('1234')).toBeNull();
  });
});

describe('due dates and settings', () => {
  it('finds the next due day, clamped to short months', () => {
    expect(nextDueDate(10, '2024-05-03')).toBe('2024-05-10');
    expect(nextDueDate(10, '2024-05-11')).toBe('2024-06-10');
    expect(nextDueDate(31, '2024-02-01')).toBe('2024-02-29');
    expect(nextDueDate(5, '2024-12-20')).toBe('2025-01-05');
  });

  it('takes each value from the request, else the user, else the server', () => {
    const s = billingSettings(
      {
        'tarkan.enableBilling': true,
        'tarkan.billingPrice': '4990',
        'tarkan.billingFineMode': 'PERCENTAGE',
      },
      { 'tarkan.billingPrice': 100, 'tarkan.billingInterest': 1, 'tarkan.billingSuspension': true },
      { 'tarkan.billingPrice': 1500 },
    );
    expect(s).toMatchObject({ enabled: true, priceCents: 1500, suspension: true, trustDays: 3 });
    expect(s.terms).toMatchObject({ interest: 1, fineMode: 'PERCENTAGE' });
  });
});

const account = (over: Partial<BillingAccount> = {}): BillingAccount => ({
  userId: 1,
  suspended: false,
  manual: false,
  exempt: false,
  trustUsed: false,
  graceUntil: null,
  providerCustomerId: null,
  ...over,
});
const settings = billingSettings(
  {
    'tarkan.enableBilling': true,
    'tarkan.billingSuspension': true,
    'tarkan.billingSuspensionDays': 5,
    'tarkan.billingTrustUnlock': true,
    'tarkan.billingTrustUnlockDays': 2,
  },
  {},
);

describe('suspension and trust rules', () => {
  it('suspends only more than N days after the oldest overdue due date', () => {
    expect(nextAccountState(account(), settings, ['2024-05-10'], '2024-05-15').suspended).toBe(
      false,
    );
    expect(
      nextAccountState(account(), settings, ['2024-05-20', '2024-05-10'], '2024-05-16').suspended,
    ).toBe(true);
  });

  it('never suspends an exempt user or one without automatic suspension', () => {
    expect(
      nextAccountState(account({ exempt: true }), settings, ['2024-01-01'], '2024-05-16').suspended,
    ).toBe(false);
    const off = billingSettings({ 'tarkan.enableBilling': true }, {});
    expect(nextAccountState(account(), off, ['2024-01-01'], '2024-05-16').suspended).toBe(false);
  });

  it('lifts an automatic suspension and restores the trust once nothing is overdue, not a manual one', () => {
    const lifted = nextAccountState(
      account({ suspended: true, trustUsed: true, graceUntil: 5 }),
      settings,
      [],
      '2024-05-16',
    );
    expect(lifted).toMatchObject({ suspended: false, trustUsed: false, graceUntil: null });
    expect(
      nextAccountState(account({ suspended: true, manual: true }), settings, [], '2024-05-16')
        .suspended,
    ).toBe(true);
  });

  it('trust-unlocks once for the configured days', () => {
    const now = Date.UTC(2024, 4, 16);
    const suspended = account({ suspended: true });
    expect(trustRefusal(suspended, settings, now)).toBeNull();
    const unlocked = afterTrustUnlock(suspended, settings, now);
    expect(unlocked.graceUntil).toBe(now + 2 * DAY);
    expect(trustRefusal(unlocked, settings, now + 3 * DAY)).toBe('Already trust');
    expect(trustRefusal(account(), settings, now)).toBe('Account is not suspended');
    expect(trustRefusal(suspended, billingSettings({}, {}), now)).toBe(
      'Trust unlock not available',
    );
  });
});

describe.each([sqliteTarget(), postgresTarget()])('billing cycle on $name', (target) => {
  let db: Db;
  beforeAll(async () => {
    db = await openMigrated(target);
  }, 60_000);
  afterAll(async () => {
    await closeTarget(target, db);
  });

  async function user(attributes: Record<string, unknown>): Promise<number> {
    const created = await insertUser(
      db,
      { ...newUserFields(), name: 'Billed', email: `b${Math.random()}@frota.test`, attributes },
      'not-a-hash',
    );
    return created.id;
  }

  async function invoice(userId: number, dueDate: string, status = 'PENDING') {
    await db.kysely
      .insertInto('invoices')
      .values({
        userId,
        value: 1000,
        description: null,
        status,
        dueDate,
        paidDate: null,
        paymentLink: null,
        providerId: null,
        terms: '{}',
        created: 0,
      })
      .execute();
  }

  async function setServerBilling(on: boolean) {
    await db.kysely
      .updateTable('servers')
      .set({ attributes: JSON.stringify({ 'tarkan.enableBilling': on }) })
      .execute();
  }

  it('marks overdue, suspends after N days, and lifts once paid (clock injected)', async () => {
    const now = Date.UTC(2024, 4, 20, 12);
    const id = await user({
      'tarkan.enableBilling': true,
      'tarkan.billingSuspension': true,
      'tarkan.billingSuspensionDays': 3,
    });
    await invoice(id, '2024-05-18');
    await setServerBilling(false);
    expect((await runBillingCycle(db, now)).overdue).toEqual([]);

    await setServerBilling(true);
    const first = await runBillingCycle(db, now);
    expect(first.overdue.map((i) => i.status)).toEqual(['OVERDUE']);
    expect(first.suspended).toEqual([]);

    const later = await runBillingCycle(db, now + 2 * DAY);
    expect(later.suspended).toEqual([id]);
    expect((await getAccount(db, id)).suspended).toBe(true);

    await db.kysely
      .updateTable('invoices')
      .set({ status: 'RECEIVED' })
      .where('userId', '=', id)
      .execute();
    const paid = await runBillingCycle(db, now + 3 * DAY);
    expect(paid.lifted).toEqual([id]);
    expect((await getAccount(db, id)).suspended).toBe(false);
  });

  it('keeps a manual suspension while nothing is overdue', async () => {
    const id = await user({ 'tarkan.enableBilling': true });
    await saveAccount(db, { ...account({ userId: id }), suspended: true, manual: true });
    await runBillingCycle(db, Date.UTC(2024, 4, 20));
    expect((await getAccount(db, id)).suspended).toBe(true);
  });
});
