import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBillingCycle } from '../../../../server/billing/job';
import { getAccount, saveAccount } from '../../../../server/billing/store';
import type { Db } from '../../../../server/db/database';
import { insertUser } from '../../../../server/db/users';
import { newUserFields } from '../../../../server/users/defaults';
import { closeTarget, openMigrated, postgresTarget, sqliteTarget } from '../../../support/dialects';
import { billingAccount as account } from '../../../support/billingAccount';

const DAY = 86_400_000;

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
