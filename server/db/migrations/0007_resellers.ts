import { columns } from '../columns';
import type { FrotaMigration } from './types';

/**
 * Reseller domains: each domain belongs to one reseller user, unique across resellers,
 * so a request's Host finds its brand through the unique index.
 */
export const resellers: FrotaMigration = {
  async up(db, dialect) {
    const c = columns(dialect);
    await db.schema
      .createTable('reseller_domains')
      .addColumn('user_id', c.ref, (col) =>
        col.primaryKey().references('users.id').onDelete('cascade'),
      )
      .addColumn('domain', 'text', (col) => col.notNull().unique())
      .execute();
  },
  async down(db) {
    await db.schema.dropTable('reseller_domains').execute();
  },
};
