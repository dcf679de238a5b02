import type { CreateTableBuilder, Kysely } from 'kysely';
import { columns, type Columns } from '../columns';
import { ENTITY_TABLES, TRACKING_LINKS as LINKS, linkNames } from '../links';
import type { FrotaMigration } from './types';

type Table = CreateTableBuilder<string, string>;

/** Optional reference to another row; Traccar's JSON 0 ("none") is stored as null. */
const ref = (c: Columns, table: Table, name: string, target: string): Table =>
  table.addColumn(name, c.ref, (col) => col.references(`${target}.id`).onDelete('set null'));

const attributes = (table: Table): Table =>
  table.addColumn('attributes', 'text', (col) => col.notNull().defaultTo('{}'));

async function entities(db: Kysely<unknown>, c: Columns): Promise<void> {
  await attributes(
    ref(
      c,
      c.id(db.schema.createTable('groups')).addColumn('name', 'text', (col) => col.notNull()),
      'group_id',
      'groups',
    ),
  ).execute();

  await attributes(
    c
      .id(db.schema.createTable('calendars'))
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('data', 'text', (col) => col.notNull().defaultTo('')),
  ).execute();

  let devices: Table = c
    .id(db.schema.createTable('devices'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('unique_id', 'text', (col) => col.notNull().unique())
    .addColumn('status', 'text')
    .addColumn('last_update', 'bigint')
    .addColumn('position_id', c.ref)
    .addColumn('phone', 'text')
    .addColumn('model', 'text')
    .addColumn('contact', 'text')
    .addColumn('category', 'text')
    .addColumn('disabled', c.flag, c.flagColumn)
    .addColumn('expiration_time', 'bigint')
    // Pipeline state (motion, overspeed, geofences…) so a restart carries on where it stopped.
    .addColumn('state', 'text', (col) => col.notNull().defaultTo('{}'));
  devices = ref(c, devices, 'group_id', 'groups');
  devices = ref(c, devices, 'calendar_id', 'calendars');
  await attributes(devices).execute();
  await db.schema.createIndex('devices_group_id').on('devices').column('group_id').execute();

  await attributes(
    ref(
      c,
      c
        .id(db.schema.createTable('geofences'))
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('description', 'text')
        .addColumn('area', 'text', (col) => col.notNull()),
      'calendar_id',
      'calendars',
    ),
  ).execute();

  await attributes(
    c
      .id(db.schema.createTable('commands'))
      .addColumn('description', 'text')
      .addColumn('type', 'text', (col) => col.notNull())
      .addColumn('text_channel', c.flag, c.flagColumn),
  ).execute();

  let notifications: Table = c
    .id(db.schema.createTable('notifications'))
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('description', 'text')
    .addColumn('always', c.flag, c.flagColumn)
    .addColumn('notificators', 'text', (col) => col.notNull().defaultTo(''));
  notifications = ref(c, notifications, 'calendar_id', 'calendars');
  notifications = ref(c, notifications, 'command_id', 'commands');
  await attributes(notifications).execute();

  await attributes(
    c
      .id(db.schema.createTable('drivers'))
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('unique_id', 'text', (col) => col.notNull().unique()),
  ).execute();

  await attributes(
    c
      .id(db.schema.createTable('maintenances'))
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('type', 'text', (col) => col.notNull())
      .addColumn('start', 'double precision', (col) => col.notNull().defaultTo(0))
      .addColumn('period', 'double precision', (col) => col.notNull().defaultTo(0)),
  ).execute();

  // Computed attributes: Traccar's `tc_attributes` has no attributes map of its own.
  await c
    .id(db.schema.createTable('attributes'))
    .addColumn('description', 'text')
    .addColumn('attribute', 'text', (col) => col.notNull())
    .addColumn('expression', 'text', (col) => col.notNull())
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('priority', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
}

async function history(db: Kysely<unknown>, c: Columns): Promise<void> {
  // No foreign keys on the hot tables: ingest must not pay for them, and deleting a device
  // removes its history explicitly.
  await c
    .id(db.schema.createTable('positions'))
    .addColumn('protocol', 'text')
    .addColumn('device_id', c.ref, (col) => col.notNull())
    .addColumn('server_time', 'bigint', (col) => col.notNull())
    .addColumn('device_time', 'bigint', (col) => col.notNull())
    .addColumn('fix_time', 'bigint', (col) => col.notNull())
    .addColumn('valid', c.flag, c.flagColumn)
    .addColumn('latitude', 'double precision', (col) => col.notNull())
    .addColumn('longitude', 'double precision', (col) => col.notNull())
    .addColumn('altitude', 'double precision', (col) => col.notNull().defaultTo(0))
    .addColumn('speed', 'double precision', (col) => col.notNull().defaultTo(0))
    .addColumn('course', 'double precision', (col) => col.notNull().defaultTo(0))
    .addColumn('address', 'text')
    .addColumn('accuracy', 'double precision', (col) => col.notNull().defaultTo(0))
    .addColumn('network', 'text')
    .addColumn('geofence_ids', 'text')
    .addColumn('attributes', 'text', (col) => col.notNull().defaultTo('{}'))
    .execute();
  await db.schema
    .createIndex('positions_device_fix_time')
    .on('positions')
    .columns(['device_id', 'fix_time'])
    .execute();

  await c
    .id(db.schema.createTable('events'))
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('event_time', 'bigint', (col) => col.notNull())
    .addColumn('device_id', c.ref, (col) => col.notNull())
    .addColumn('position_id', c.ref)
    .addColumn('geofence_id', c.ref)
    .addColumn('maintenance_id', c.ref)
    .addColumn('attributes', 'text', (col) => col.notNull().defaultTo('{}'))
    .execute();
  await db.schema
    .createIndex('events_device_event_time')
    .on('events')
    .columns(['device_id', 'event_time'])
    .execute();

  await attributes(
    c
      .id(db.schema.createTable('queued_commands'))
      .addColumn('device_id', c.ref, (col) =>
        col.notNull().references('devices.id').onDelete('cascade'),
      )
      .addColumn('type', 'text', (col) => col.notNull())
      .addColumn('text_channel', c.flag, c.flagColumn)
      .addColumn('created', 'bigint', (col) => col.notNull()),
  ).execute();
}

async function links(db: Kysely<unknown>, c: Columns): Promise<void> {
  for (const link of LINKS) {
    const { table, ownerColumn, propertyColumn } = linkNames(link);
    await db.schema
      .createTable(table)
      .addColumn(ownerColumn, c.ref, (col) =>
        col.notNull().references(`${ENTITY_TABLES[link.owner]}.id`).onDelete('cascade'),
      )
      .addColumn(propertyColumn, c.ref, (col) =>
        col.notNull().references(`${ENTITY_TABLES[link.property]}.id`).onDelete('cascade'),
      )
      .addPrimaryKeyConstraint(`${table}_pk`, [ownerColumn, propertyColumn])
      .execute();
    await db.schema
      .createIndex(`${table}_${propertyColumn}`)
      .on(table)
      .column(propertyColumn)
      .execute();
  }
}

/** Devices, the objects linked to them, their history, and the permission links. */
export const tracking: FrotaMigration = {
  async up(db, dialect) {
    const c = columns(dialect);
    await entities(db, c);
    await history(db, c);
    await links(db, c);
  },

  async down(db) {
    for (const link of [...LINKS].reverse()) {
      await db.schema.dropTable(linkNames(link).table).execute();
    }
    for (const table of [
      'queued_commands',
      'events',
      'positions',
      'attributes',
      'maintenances',
      'drivers',
      'notifications',
      'commands',
      'geofences',
      'devices',
      'calendars',
      'groups',
    ]) {
      await db.schema.dropTable(table).execute();
    }
  },
};
