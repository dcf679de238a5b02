import { columns } from '../columns';
import type { FrotaMigration } from './types';

/**
 * Monthly invoice generation: one row per user and billing period
 * (`YYYY-MM`), claimed before the provider is called, so two job runs or two server instances
 * never bill a month twice. The row outlives a cancelled invoice: a cancelled month is not
 * billed again automatically.
 */
export const billingPeriods: FrotaMigration = {
  async up(db, dialect) {
    const c = columns(dialect);
    await db.schema
      .createTable('billing_periods')
      .addColumn('user_id', c.ref, (col) =>
        col.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('period', 'text', (col) => col.notNull())
      // Null while the claim is in progress (provider call); set once the invoice is stored.
      .addColumn('invoice_id', c.ref)
      .addColumn('claimed', 'bigint', (col) => col.notNull())
      .addPrimaryKeyConstraint('billing_periods_pk', ['user_id', 'period'])
      .execute();
  },

  async down(db) {
    await db.schema.dropTable('billing_periods').execute();
  },
};
