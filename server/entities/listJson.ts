import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import { isDatabaseUnavailable, type Db } from '../db/database';
import type { EntityDef, FieldDef } from './definition';
import { toWire } from './mapping';
import { dynamic, listQuery, listRows, type Page } from './repository';

/**
 * A list as the JSON text of its wire objects, written by the database: one row holding the
 * whole array, instead of a row object, a wire object and a serialisation per entry in Node.
 * With tens of thousands of devices that is the difference between a sign-in waiting two
 * seconds for `GET /api/devices` and a third of that, and it leaves Node's heap alone (on
 * PostgreSQL the work is not even in this process).
 *
 * Each field kind is rendered as `toWire` (`mapping.ts`) reads it; `tests/unit/server/listJson`
 * holds the two to the same output on both dialects. What SQL cannot render the same way goes
 * through `toWire` instead: a definition with `number` fields (SQL prints doubles with fewer
 * digits than JavaScript), a time outside years 1970 to 9999, attributes PostgreSQL cannot parse.
 */
export async function listJson(
  db: Db,
  def: EntityDef,
  conditions: Expression<SqlBool>[],
  page: Page = {},
): Promise<Buffer> {
  const rendered = await renderedList(db, def, conditions, page);
  if (rendered) return rendered;
  const rows = await listRows(db, def, conditions, page);
  return Buffer.from(JSON.stringify(rows.map((row) => toWire(def, row))));
}

/** The list rendered by the database, or null where it would not be rendered as `toWire` does. */
export async function renderedList(
  db: Db,
  def: EntityDef,
  conditions: Expression<SqlBool>[],
  page: Page = {},
): Promise<Buffer | null> {
  if (!renderable(def)) return null;
  try {
    const row = await dynamic(db)
      .selectFrom(listQuery(db, def, conditions, page).as('t'))
      .select([aggregate(db, def, page).as('json'), unrenderedTimes(def).as('odd')])
      .executeTakeFirstOrThrow();
    return Number(row.odd) ? null : Buffer.from(String(row.json ?? '[]'));
  } catch (error) {
    // Unreachable is unreachable for both paths; anything else (a damaged attributes text
    // PostgreSQL refuses to cast) is what `toWire` tolerates.
    if (isDatabaseUnavailable(error)) throw error;
    return null;
  }
}

const renderable = (def: EntityDef) =>
  Object.values(def.fields).every((field) => field.kind !== 'number');

/** Millisecond times SQL renders like `Date.toISOString()`: 1970-01-01 to 9999-12-31. */
const LAST_RENDERED_MS = 253_402_300_799_999;

const column = (name: string) => sql.ref(`t.${name}`);

/** 1 when a row holds a time the SQL rendering would get wrong; the list then goes through Node. */
function unrenderedTimes(def: EntityDef): RawBuilder<number> {
  const times = Object.entries(def.fields).filter(([, field]) => field.kind === 'millis');
  if (times.length === 0) return sql<number>`0`;
  const tests = times.map(
    ([name]) => sql`(${column(name)} < 0 or ${column(name)} > ${sql.lit(LAST_RENDERED_MS)})`,
  );
  return sql<number>`coalesce(max(case when ${sql.join(tests, sql` or `)} then 1 else 0 end), 0)`;
}

function aggregate(db: Db, def: EntityDef, page: Page): RawBuilder<string | null> {
  const sqlite = db.dialect === 'sqlite';
  const pairs = [sql`'id', ${column('id')}`];
  for (const [name, field] of Object.entries(def.fields)) {
    const value =
      field.kind === 'json' && page.excludeAttributes
        ? literal(sqlite, {})
        : rendered(sqlite, name, field);
    pairs.push(sql`${sql.lit(name)}, ${value}`);
  }
  for (const [name, value] of Object.entries(def.constants ?? {})) {
    pairs.push(sql`${sql.lit(name)}, ${literal(sqlite, value)}`);
  }
  // SQLite aggregates the rows of a sorted subquery in that order (it does not flatten such a
  // subquery into an aggregate); sorting them again, JSON and all, would double the cost. The
  // unit test holds both dialects to the list's order.
  if (sqlite)
    return sql`'[' || coalesce(group_concat(json_object(${sql.join(pairs)}), ','), '') || ']'`;
  const order = sql`${column(def.sort)}, ${column('id')}`;
  return sql`'[' || coalesce(string_agg(json_build_object(${sql.join(pairs)})::text, ',' order by ${order}), '') || ']'`;
}

/** A constant JSON value as SQL that embeds it as JSON, not as a string. */
const literal = (sqlite: boolean, value: unknown) =>
  sqlite ? sql`json(${JSON.stringify(value)})` : sql`${JSON.stringify(value)}::json`;

function rendered(sqlite: boolean, name: string, field: FieldDef) {
  const value = column(name);
  switch (field.kind) {
    case 'text':
      return sql`coalesce(${value}, '')`;
    case 'optText':
      return field.nullAs === undefined ? value : sql`coalesce(${value}, ${field.nullAs})`;
    case 'integer':
    case 'ref':
      return sql`coalesce(${value}, 0)`;
    case 'flag':
      return sqlite
        ? sql`json(case when ${value} then 'true' else 'false' end)`
        : sql`coalesce(${value}, false)`;
    case 'millis':
      return isoTime(sqlite, value);
    case 'json':
      return sqlite
        ? sql`json(case when json_valid(${value}) and json_type(${value}) = 'object' then ${value} else '{}' end)`
        : sql`(case when json_typeof(nullif(${value}, '')::json) = 'object' then nullif(${value}, '')::json else '{}'::json end)`;
    case 'number':
      throw new Error('number fields are rendered by toWire');
  }
}

/**
 * `Date.toISOString()` in SQL, from whole seconds and the milliseconds apart: going through a
 * fractional number of seconds can round the last digit.
 */
function isoTime(sqlite: boolean, value: ReturnType<typeof column>) {
  const seconds = sqlite
    ? sql`strftime('%Y-%m-%dT%H:%M:%S', ${value} / 1000, 'unixepoch')`
    : sql`to_char(to_timestamp(${value} / 1000) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS')`;
  const millis = sqlite
    ? sql`substr('00' || (${value} % 1000), -3)`
    : sql`lpad((${value} % 1000)::text, 3, '0')`;
  return sql`case when ${value} is null then null else ${seconds} || '.' || ${millis} || 'Z' end`;
}
