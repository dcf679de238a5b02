import type { FrotaMigration } from './types';

/**
 * One row per calendar occurrence a scheduled notification has fired for. The primary key is the
 * claim: the server instance whose insert wins raises the events, so an occurrence fires once
 * across restarts and across instances sharing the database.
 */
export const notificationFires: FrotaMigration = {
  async up(db, dialect) {
    const ref = dialect === 'sqlite' ? 'integer' : 'bigint';
    await db.schema
      .createTable('notification_fires')
      .addColumn('notification_id', ref, (col) =>
        col.notNull().references('notifications.id').onDelete('cascade'),
      )
      .addColumn('occurrence', 'bigint', (col) => col.notNull())
      .addColumn('fired', 'bigint', (col) => col.notNull())
      .addPrimaryKeyConstraint('notification_fires_pk', ['notification_id', 'occurrence'])
      .execute();
  },
  async down(db) {
    await db.schema.dropTable('notification_fires').execute();
  },
};
