import { columns } from '../columns';
import type { FrotaMigration } from './types';

/**
 * The API token a cookie session was started from (`GET /api/session?token=`), so revoking the
 * token also ends the session it opened. Null for sessions started with a password.
 */
export const sessionTokens: FrotaMigration = {
  async up(db, dialect) {
    const c = columns(dialect);
    await db.schema.alterTable('sessions').addColumn('token_id', c.ref).execute();
    await db.schema.createIndex('sessions_token_id').on('sessions').column('token_id').execute();
  },
  async down(db) {
    await db.schema.dropIndex('sessions_token_id').execute();
    await db.schema.alterTable('sessions').dropColumn('token_id').execute();
  },
};
