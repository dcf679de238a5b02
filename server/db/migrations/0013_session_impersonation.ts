import { columns } from '../columns';
import type { FrotaMigration } from './types';

/**
 * The user who signed in on a cookie session that now acts as another user (`GET
 * /api/session/{id}`), so the session can go back to them without a password and every request
 * can check that they may still act as that user. Null for ordinary sessions. No foreign key:
 * SQLite cannot add one to an existing table, and a session whose original user is gone is
 * ended when it is next read.
 */
export const sessionImpersonation: FrotaMigration = {
  async up(db, dialect) {
    const c = columns(dialect);
    await db.schema.alterTable('sessions').addColumn('impersonator_id', c.ref).execute();
    await db.schema
      .createIndex('sessions_impersonator_id')
      .on('sessions')
      .column('impersonator_id')
      .execute();
  },
  async down(db) {
    await db.schema.dropIndex('sessions_impersonator_id').execute();
    await db.schema.alterTable('sessions').dropColumn('impersonator_id').execute();
  },
};
