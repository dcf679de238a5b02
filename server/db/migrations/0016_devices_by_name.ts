import type { FrotaMigration } from './types';

/**
 * Devices in name order, as every device list is sorted (`entities/repository.ts`): the list of
 * a big fleet is then read in order rather than sorted on every request.
 */
export const devicesByName: FrotaMigration = {
  async up(db) {
    await db.schema.createIndex('devices_name_id').on('devices').columns(['name', 'id']).execute();
  },
  async down(db) {
    await db.schema.dropIndex('devices_name_id').execute();
  },
};
