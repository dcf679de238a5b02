import type { FrotaMigration } from './types';
import { columns } from '../columns';

/**
 * Audit records of the changes made through the API: who, from where, what object,
 * old and new values (secrets removed before they get here), and the HTTP result.
 */
export const audit: FrotaMigration = {
  async up(db, dialect) {
    const c = columns(dialect);
    await c
      .id(db.schema.createTable('audit_logs'))
      .addColumn('time', 'bigint', (col) => col.notNull())
      // No foreign key: the record of a deleted user must outlive the user.
      .addColumn('user_id', c.ref)
      .addColumn('username', 'text')
      .addColumn('session_id', 'text')
      .addColumn('client_ip', 'text')
      .addColumn('user_agent', 'text')
      .addColumn('server_ip', 'text')
      .addColumn('server_host', 'text')
      .addColumn('code', 'text', (col) => col.notNull())
      .addColumn('object_type', 'text')
      .addColumn('object_id', c.ref)
      .addColumn('object', 'text')
      .addColumn('status', 'integer', (col) => col.notNull())
      .addColumn('old_values', 'text')
      .addColumn('new_values', 'text')
      .addColumn('command', 'text')
      .execute();
    await db.schema
      .createIndex('audit_logs_object_time')
      .on('audit_logs')
      .columns(['object_type', 'object_id', 'time'])
      .execute();
    await db.schema
      .createIndex('audit_logs_user_time')
      .on('audit_logs')
      .columns(['user_id', 'time'])
      .execute();
    await db.schema.createIndex('audit_logs_time').on('audit_logs').column('time').execute();
  },

  async down(db) {
    await db.schema.dropTable('audit_logs').execute();
  },
};
