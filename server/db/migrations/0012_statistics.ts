import type { FrotaMigration } from './types';
import { columns } from '../columns';

/**
 * Server usage per day (`GET /api/statistics`). One row per day, keyed by the day's start, that
 * every server instance adds its counts to, so instances behind a load balancer sum up instead of
 * overwriting each other. Active users and devices must be counted once however many instances
 * saw them: each instance records the ids in `statistics_active` (one row per day, kind and id),
 * and a finished day is folded into its row's totals and the ids dropped.
 */
export const statistics: FrotaMigration = {
  async up(db, dialect) {
    const c = columns(dialect);
    let table = c
      .id(db.schema.createTable('statistics'))
      .addColumn('capture_time', 'bigint', (col) => col.notNull().unique());
    for (const name of [
      'active_users',
      'active_devices',
      'requests',
      'messages_received',
      'messages_stored',
      'mail_sent',
      'sms_sent',
      'geocoder_requests',
      'geolocation_requests',
    ]) {
      table = table.addColumn(name, 'bigint', (col) => col.notNull().defaultTo(0));
    }
    await table
      // The protocols of a folded day (JSON `{"osmand": 3}`); null while its ids are kept.
      .addColumn('protocols', 'text')
      .addColumn('attributes', 'text', (col) => col.notNull().defaultTo('{}'))
      .execute();
    await db.schema
      .createTable('statistics_active')
      .addColumn('capture_time', 'bigint', (col) => col.notNull())
      .addColumn('kind', 'text', (col) => col.notNull())
      .addColumn('object_id', 'bigint', (col) => col.notNull())
      .addColumn('protocol', 'text')
      .addPrimaryKeyConstraint('statistics_active_pk', ['capture_time', 'kind', 'object_id'])
      .execute();
  },
  async down(db) {
    await db.schema.dropTable('statistics_active').execute();
    await db.schema.dropTable('statistics').execute();
  },
};
