import type { FrotaMigration } from './types';

/**
 * The cluster's leases (docs/scaling.md): one row per lease name, naming the instance that holds
 * it until `expires` (epoch ms by the database's clock, so instances' clocks need not agree). The
 * holder renews it well before then; once it has expired any instance may take it. Used only
 * with several instances (REDIS_URL); one instance always runs its own jobs.
 */
export const clusterLeases: FrotaMigration = {
  async up(db) {
    await db.schema
      .createTable('cluster_leases')
      .addColumn('name', 'text', (col) => col.primaryKey())
      .addColumn('holder', 'text', (col) => col.notNull())
      .addColumn('expires', 'bigint', (col) => col.notNull())
      .execute();
  },
  async down(db) {
    await db.schema.dropTable('cluster_leases').execute();
  },
};
