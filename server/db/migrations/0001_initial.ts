import { sql } from 'kysely';
import { columns } from '../columns';
import type { FrotaMigration } from './types';

/** Users, the single server settings row, sessions, tokens and password resets. */
export const initial: FrotaMigration = {
  async up(db, dialect) {
    const c = columns(dialect);
    const flags = (table: ReturnType<typeof db.schema.createTable>, names: string[]) =>
      names.reduce((t, name) => t.addColumn(name, c.flag, c.flagColumn), table);

    let users = c
      .id(db.schema.createTable('users'))
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('login', 'text')
      .addColumn('email', 'text', (col) => col.notNull())
      .addColumn('phone', 'text')
      .addColumn('map', 'text')
      .addColumn('latitude', 'double precision', (col) => col.notNull().defaultTo(0))
      .addColumn('longitude', 'double precision', (col) => col.notNull().defaultTo(0))
      .addColumn('zoom', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('coordinate_format', 'text')
      .addColumn('expiration_time', 'bigint')
      .addColumn('device_limit', 'integer', (col) => col.notNull().defaultTo(-1))
      .addColumn('user_limit', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('poi_layer', 'text')
      .addColumn('totp_key', 'text')
      .addColumn('hashed_password', 'text')
      .addColumn('attributes', 'text', (col) => col.notNull().defaultTo('{}'));
    users = flags(users, [
      'readonly',
      'administrator',
      'twelve_hour_format',
      'disabled',
      'device_readonly',
      'limit_commands',
      'disable_reports',
      'fixed_email',
      'temporary',
    ]);
    await users.execute();
    // Emails are unique regardless of case, since login matches them case-insensitively.
    await db.schema
      .createIndex('users_email_lower')
      .on('users')
      .unique()
      .expression(sql`lower(email)`)
      .execute();

    let servers = db.schema
      .createTable('servers')
      .addColumn('id', 'integer', (col) => col.primaryKey())
      .addColumn('map', 'text')
      .addColumn('bing_key', 'text')
      .addColumn('map_url', 'text')
      .addColumn('overlay_url', 'text')
      .addColumn('latitude', 'double precision', (col) => col.notNull().defaultTo(0))
      .addColumn('longitude', 'double precision', (col) => col.notNull().defaultTo(0))
      .addColumn('zoom', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('coordinate_format', 'text')
      .addColumn('poi_layer', 'text')
      .addColumn('announcement', 'text')
      .addColumn('attributes', 'text', (col) => col.notNull().defaultTo('{}'));
    servers = flags(servers, [
      'registration',
      'readonly',
      'device_readonly',
      'limit_commands',
      'disable_reports',
      'fixed_email',
      'twelve_hour_format',
      'force_settings',
    ]);
    await servers.execute();
    await sql`insert into servers (id) values (1)`.execute(db);

    await db.schema
      .createTable('sessions')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('user_id', c.ref, (col) =>
        col.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('created', 'bigint', (col) => col.notNull())
      .addColumn('expires', 'bigint', (col) => col.notNull())
      .addColumn('last_seen', 'bigint', (col) => col.notNull())
      .addColumn('origin', 'text')
      .addColumn('remember', c.flag, c.flagColumn)
      .execute();
    await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute();

    await c
      .id(db.schema.createTable('tokens'))
      .addColumn('hash', 'text', (col) => col.notNull().unique())
      .addColumn('user_id', c.ref, (col) =>
        col.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('created', 'bigint', (col) => col.notNull())
      .addColumn('expires', 'bigint', (col) => col.notNull())
      .addColumn('revoked', c.flag, c.flagColumn)
      .execute();

    await c
      .id(db.schema.createTable('password_resets'))
      .addColumn('token_hash', 'text', (col) => col.notNull().unique())
      .addColumn('user_id', c.ref, (col) =>
        col.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('created', 'bigint', (col) => col.notNull())
      .addColumn('expires', 'bigint', (col) => col.notNull())
      .addColumn('used_at', 'bigint')
      .execute();
  },

  async down(db) {
    for (const table of ['password_resets', 'tokens', 'sessions', 'servers', 'users']) {
      await db.schema.dropTable(table).execute();
    }
  },
};
