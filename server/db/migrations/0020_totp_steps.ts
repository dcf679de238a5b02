import type { FrotaMigration } from './types';

/**
 * The last one-time-code time step each user signed in with (`auth/totp.ts`): a code is good for
 * its whole window, and remembering the step spent refuses the same code a second time, on any
 * instance.
 */
export const totpSteps: FrotaMigration = {
  async up(db, dialect) {
    const ref = dialect === 'sqlite' ? 'integer' : 'bigint';
    await db.schema
      .createTable('totp_steps')
      .addColumn('user_id', ref, (col) =>
        col.primaryKey().references('users.id').onDelete('cascade'),
      )
      .addColumn('step', 'bigint', (col) => col.notNull())
      .execute();
  },
  async down(db) {
    await db.schema.dropTable('totp_steps').execute();
  },
};
