import type { FrotaMigration } from './types';
import { columns } from '../columns';

/**
 * QR driver rules (docs/qr-driver.md): the due time of each pending auto-logout and lock, so a
 * restart does not lose them. At most one timer per kind and device.
 */
export const qrDriver: FrotaMigration = {
  async up(db, dialect) {
    const c = columns(dialect);
    await c
      .id(db.schema.createTable('qr_driver_timers'))
      .addColumn('kind', 'text', (col) => col.notNull())
      .addColumn('device_id', c.ref, (col) => col.notNull())
      .addColumn('user_id', c.ref)
      .addColumn('due', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('qr_driver_timers_kind_device')
      .on('qr_driver_timers')
      .columns(['kind', 'device_id'])
      .unique()
      .execute();
    await db.schema
      .createIndex('qr_driver_timers_due')
      .on('qr_driver_timers')
      .column('due')
      .execute();
  },

  async down(db) {
    await db.schema.dropTable('qr_driver_timers').execute();
  },
};
