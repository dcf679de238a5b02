import type { FrotaMigration } from './types';

/**
 * Queued commands by device: every batch of fixes looks up the pending commands of the devices
 * whose replies can carry one (`ingest/store.ts`), and deleting a device deletes its commands.
 * Without the index each lookup read the whole table, which grows with every offline device an
 * operator queues a command for.
 */
export const queuedCommandsByDevice: FrotaMigration = {
  async up(db) {
    await db.schema
      .createIndex('queued_commands_device_id')
      .on('queued_commands')
      .columns(['device_id', 'id'])
      .execute();
  },
  async down(db) {
    await db.schema.dropIndex('queued_commands_device_id').execute();
  },
};
