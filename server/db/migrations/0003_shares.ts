import { columns } from '../columns';
import type { FrotaMigration } from './types';

/**
 * Shared links: a share belongs to its owner, reaches one or more devices through
 * `share_device`, and signs its viewer in as a temporary share user that goes with it.
 */
export const shares: FrotaMigration = {
  async up(db, dialect) {
    const c = columns(dialect);
    await c
      .id(db.schema.createTable('shares'))
      .addColumn('user_id', c.ref, (col) =>
        col.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('share_user_id', c.ref, (col) =>
        col.notNull().unique().references('users.id').onDelete('cascade'),
      )
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('expiration_time', 'bigint', (col) => col.notNull())
      .addColumn('limit_commands', c.flag, c.flagColumn)
      // The raw token is kept so the owner can copy the link again; it is only a bearer for this
      // share (revocable, expiring), never a password, and lookups go through the unique index.
      .addColumn('token', 'text', (col) => col.notNull().unique())
      .addColumn('created', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('shares_user_id').on('shares').column('user_id').execute();
    await db.schema
      .createIndex('shares_expiration_time')
      .on('shares')
      .column('expiration_time')
      .execute();

    await db.schema
      .createTable('share_device')
      .addColumn('share_id', c.ref, (col) =>
        col.notNull().references('shares.id').onDelete('cascade'),
      )
      .addColumn('device_id', c.ref, (col) =>
        col.notNull().references('devices.id').onDelete('cascade'),
      )
      .addPrimaryKeyConstraint('share_device_pk', ['share_id', 'device_id'])
      .execute();
    await db.schema
      .createIndex('share_device_device_id')
      .on('share_device')
      .column('device_id')
      .execute();
  },

  async down(db) {
    await db.schema.dropTable('share_device').execute();
    await db.schema.dropTable('shares').execute();
  },
};
