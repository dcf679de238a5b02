import type { FrotaMigration } from './types';

/**
 * Devices trying to connect: an identifier a tracker sent that no device is registered under, with
 * the protocol and address it came from, when it was first and last heard and how often. The
 * administrators' list of them (`docs/protocols.md`) reads this table; registering the device
 * removes its row. Shared by every instance, so the list survives restarts and covers a cluster.
 */
export const connectingDevices: FrotaMigration = {
  async up(db) {
    await db.schema
      .createTable('connecting_devices')
      .addColumn('unique_id', 'text', (col) => col.primaryKey())
      .addColumn('protocol', 'text', (col) => col.notNull())
      .addColumn('address', 'text', (col) => col.notNull())
      .addColumn('first_seen', 'bigint', (col) => col.notNull())
      .addColumn('last_seen', 'bigint', (col) => col.notNull())
      .addColumn('attempts', 'integer', (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('connecting_devices_last_seen')
      .on('connecting_devices')
      .column('last_seen')
      .execute();
  },
  async down(db) {
    await db.schema.dropTable('connecting_devices').execute();
  },
};
