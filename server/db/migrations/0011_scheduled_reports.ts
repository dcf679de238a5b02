import { columns } from '../columns';
import { ENTITY_TABLES, REPORT_LINKS, linkNames } from '../links';
import type { FrotaMigration } from './types';

/**
 * Scheduled reports (Traccar's `tc_reports`): a report type, a calendar whose periods it covers,
 * and links to the users who receive it and the devices and groups it runs over. `report_fires`
 * holds one row per calendar period a report was mailed for: the row is the claim, so a period is
 * mailed once across restarts and across server instances sharing the database.
 */
export const scheduledReports: FrotaMigration = {
  async up(db, dialect) {
    const c = columns(dialect);
    await c
      .id(db.schema.createTable('reports'))
      .addColumn('type', 'text', (col) => col.notNull())
      .addColumn('description', 'text')
      // A report lives by its calendar: deleting the calendar deletes it, as in Traccar.
      .addColumn('calendar_id', c.ref, (col) =>
        col.notNull().references('calendars.id').onDelete('cascade'),
      )
      .addColumn('attributes', 'text', (col) => col.notNull().defaultTo('{}'))
      .execute();
    for (const link of REPORT_LINKS) {
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
    await db.schema
      .createTable('report_fires')
      .addColumn('report_id', c.ref, (col) =>
        col.notNull().references('reports.id').onDelete('cascade'),
      )
      .addColumn('occurrence', 'bigint', (col) => col.notNull())
      .addColumn('fired', 'bigint', (col) => col.notNull())
      .addPrimaryKeyConstraint('report_fires_pk', ['report_id', 'occurrence'])
      .execute();
  },
  async down(db) {
    await db.schema.dropTable('report_fires').execute();
    for (const link of [...REPORT_LINKS].reverse()) {
      await db.schema.dropTable(linkNames(link).table).execute();
    }
    await db.schema.dropTable('reports').execute();
  },
};
