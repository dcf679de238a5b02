import { columns } from '../columns';
import type { FrotaMigration } from './types';

/**
 * Billing and integrations: invoices in integer cents, the server-owned suspension
 * and trust-unlock state of each billed user (never in the user's own attributes, which the user
 * may edit), and the settings of each integration (payment provider, e-mail, invoice webhook).
 */
export const billing: FrotaMigration = {
  async up(db, dialect) {
    const c = columns(dialect);
    await c
      .id(db.schema.createTable('invoices'))
      .addColumn('user_id', c.ref, (col) =>
        col.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('value', 'bigint', (col) => col.notNull())
      .addColumn('description', 'text')
      .addColumn('status', 'text', (col) => col.notNull())
      // Calendar date `YYYY-MM-DD`: a due day, not an instant.
      .addColumn('due_date', 'text', (col) => col.notNull())
      .addColumn('paid_date', 'bigint')
      .addColumn('payment_link', 'text')
      .addColumn('provider_id', 'text')
      // Fine, interest and discount as agreed when the invoice was issued (JSON).
      .addColumn('terms', 'text', (col) => col.notNull())
      .addColumn('created', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('invoices_user_due')
      .on('invoices')
      .columns(['user_id', 'due_date'])
      .execute();
    await db.schema.createIndex('invoices_status').on('invoices').column('status').execute();
    await db.schema
      .createIndex('invoices_provider_id')
      .on('invoices')
      .column('provider_id')
      .execute();

    await db.schema
      .createTable('billing_accounts')
      .addColumn('user_id', c.ref, (col) =>
        col.primaryKey().references('users.id').onDelete('cascade'),
      )
      .addColumn('suspended', c.flag, c.flagColumn)
      // Suspended by an administrator: only an administrator lifts it.
      .addColumn('manual', c.flag, c.flagColumn)
      // Unlocked for good by an administrator: no automatic suspension until locked again.
      .addColumn('exempt', c.flag, c.flagColumn)
      .addColumn('trust_used', c.flag, c.flagColumn)
      // Until then a suspended account may sign in (trust unlock or a temporary admin unlock).
      .addColumn('grace_until', 'bigint')
      .addColumn('provider_customer_id', 'text')
      .addColumn('updated', 'bigint', (col) => col.notNull())
      .execute();

    await db.schema
      .createTable('integrations')
      .addColumn('key', 'text', (col) => col.primaryKey())
      .addColumn('settings', 'text', (col) => col.notNull())
      .addColumn('updated', 'bigint', (col) => col.notNull())
      .execute();
  },

  async down(db) {
    await db.schema.dropTable('integrations').execute();
    await db.schema.dropTable('billing_accounts').execute();
    await db.schema.dropTable('invoices').execute();
  },
};
