import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { Db } from '../db/database';
import type { EntityDef } from './definition';
import { ENTITY_TABLES } from '../db/links';

type Row = Record<string, unknown>;
/** The entity tables seen without their static types: the definition drives the columns. */
type Dynamic = Kysely<Record<string, Row>>;

export const dynamic = (db: Db) => db.kysely as unknown as Dynamic;

export const tableOf = (def: EntityDef) => ENTITY_TABLES[def.kind];

export interface Page {
  excludeAttributes?: boolean;
  limit?: number;
  offset?: number;
}

function columns(def: EntityDef, excludeAttributes = false): string[] {
  return [
    'id',
    ...Object.keys(def.fields).filter((name) => !(excludeAttributes && name === 'attributes')),
  ];
}

/** One query: the rows matching every condition, in the resource's fixed order. */
export async function listRows(
  db: Db,
  def: EntityDef,
  conditions: Expression<SqlBool>[],
  page: Page = {},
): Promise<Row[]> {
  return listQuery(db, def, conditions, page).execute();
}

/** The query `listRows` runs, to be run as is or wrapped (`listJson.ts`). */
export function listQuery(
  db: Db,
  def: EntityDef,
  conditions: Expression<SqlBool>[],
  page: Page = {},
) {
  const table = tableOf(def);
  let query = dynamic(db)
    .selectFrom(table)
    .select(columns(def, page.excludeAttributes))
    .orderBy(def.sort)
    .orderBy('id');
  for (const condition of conditions) query = query.where(condition);
  if (page.limit !== undefined) query = query.limit(page.limit);
  if (page.offset !== undefined) {
    // SQLite needs a LIMIT before OFFSET; -1 means none.
    if (page.limit === undefined) query = query.limit(db.dialect === 'sqlite' ? -1 : 1e15);
    query = query.offset(page.offset);
  }
  return query;
}

export async function findRow(db: Db, def: EntityDef, id: number): Promise<Row | undefined> {
  return dynamic(db)
    .selectFrom(tableOf(def))
    .select(columns(def))
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function insertRow(db: Db, def: EntityDef, values: Row): Promise<number> {
  const row = await dynamic(db)
    .insertInto(tableOf(def))
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function updateRow(db: Db, def: EntityDef, id: number, values: Row): Promise<void> {
  await dynamic(db).updateTable(tableOf(def)).set(values).where('id', '=', id).execute();
}

export async function deleteRow(db: Db, def: EntityDef, id: number): Promise<void> {
  await dynamic(db).deleteFrom(tableOf(def)).where('id', '=', id).execute();
}

/** Another row with the same value in the unique column. */
export async function findDuplicate(
  db: Db,
  def: EntityDef,
  column: string,
  value: unknown,
  exceptId: number,
): Promise<boolean> {
  const row = await dynamic(db)
    .selectFrom(tableOf(def))
    .select('id')
    .where(column, '=', value)
    .where('id', '!=', exceptId)
    .executeTakeFirst();
  return row !== undefined;
}

const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** `<table>.id` is linked to `owner` `ownerId` through the `<owner>_<kind>` table. */
export function linkedTo(
  def: EntityDef,
  owner: 'user' | 'group' | 'device',
  ownerId: number,
): Expression<SqlBool> {
  const column = `${def.kind}_id`;
  return sql<SqlBool>`${sql.ref(`${tableOf(def)}.id`)} in (select ${sql.ref(column)} from ${sql.table(
    `${owner}_${def.kind}`,
  )} where ${sql.ref(`${owner}_id`)} = ${ownerId})`;
}

/** Case-insensitive `%keyword%` over the resource's keyword columns. */
export function keywordMatch(def: EntityDef, keyword: string): Expression<SqlBool> {
  const pattern = `%${keyword.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const tests = def.keywords.map(
    (column) =>
      sql`lower(${sql.ref(`${tableOf(def)}.${snake(column)}`)}) like ${pattern} escape '\\'`,
  );
  return sql<SqlBool>`(${sql.join(tests, sql` or `)})`;
}
