import type { FrotaMigration } from './types';

/**
 * Notification templates an administrator edited: one row per event type and language. A type
 * and language without a row use the product's default text, so resetting a template deletes its
 * row and a new default reaches every template nobody changed.
 */
export const notificationTemplates: FrotaMigration = {
  async up(db) {
    await db.schema
      .createTable('notification_templates')
      .addColumn('type', 'text', (col) => col.notNull())
      .addColumn('language', 'text', (col) => col.notNull())
      .addColumn('subject', 'text', (col) => col.notNull())
      .addColumn('body', 'text', (col) => col.notNull())
      .addColumn('updated', 'bigint', (col) => col.notNull())
      .addPrimaryKeyConstraint('notification_templates_pk', ['type', 'language'])
      .execute();
  },
  async down(db) {
    await db.schema.dropTable('notification_templates').execute();
  },
};
