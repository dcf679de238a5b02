import { sql, type Kysely } from 'kysely';
import type { FrotaMigration } from './types';

/**
 * Who each engine rule acts for (`commands/ruleOwners.ts`): a QR driver's lock and unlock, a
 * device's QR lock, a geofence's lock on entry or exit. The server sends those commands with the
 * rights of this user, never as an administrator. One row per object with a rule on; a deleted
 * owner takes the row along, and the rule then sends nothing.
 *
 * Rules saved before this table existed get, as their owner, the user that stands for the object
 * best: a QR driver's account manager (who saved it first), else the first user linked to it.
 */
export const ruleOwners: FrotaMigration = {
  async up(db, dialect) {
    const ref = dialect === 'sqlite' ? 'integer' : 'bigint';
    await db.schema
      .createTable('rule_owners')
      .addColumn('kind', 'text', (col) => col.notNull())
      .addColumn('object_id', ref, (col) => col.notNull())
      .addColumn('user_id', ref, (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('rule_owners_pk', ['kind', 'object_id'])
      .execute();
    await backfill(db);
  },
  async down(db) {
    await db.schema.dropTable('rule_owners').execute();
  },
};

const on = (value: unknown) => value === true || value === 'true';

/** The attribute keys that turned a rule on, per table, as they were when this shipped. */
const RULES: { table: string; kind: string; link: string; keys: string[] }[] = [
  {
    table: 'drivers',
    kind: 'driver',
    link: 'user_driver',
    keys: ['tarkan.driverLockDevice', 'tarkan.driverUnlockDevice'],
  },
  { table: 'devices', kind: 'device', link: 'user_device', keys: ['tarkan.driverLockDevice'] },
  {
    table: 'geofences',
    kind: 'geofence',
    link: 'user_geofence',
    keys: ['lockOnEnter', 'lockOnExit'],
  },
];

function parse(text: unknown): Record<string, unknown> {
  try {
    const value: unknown = typeof text === 'string' ? JSON.parse(text) : text;
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

async function firstUser(db: Kysely<unknown>, query: ReturnType<typeof sql>) {
  const { rows } = await sql<{ id: number | string | null }>`${query}`.execute(db);
  const id = rows[0]?.id;
  return id === null || id === undefined ? null : Number(id);
}

async function backfill(db: Kysely<unknown>): Promise<void> {
  for (const { table, kind, link, keys } of RULES) {
    const column = sql.ref(`${link}.${table === 'drivers' ? 'driver_id' : `${kind}_id`}`);
    const { rows } = await sql<{
      id: number | string;
      attributes: unknown;
    }>`select id, attributes from ${sql.table(table)}`.execute(db);
    for (const row of rows) {
      const attributes = parse(row.attributes);
      if (!keys.some((key) => on(attributes[key]))) continue;
      const id = Number(row.id);
      const account = Number(attributes['tarkan.driverUserId'] ?? 0);
      const manager =
        kind === 'driver' && account > 0
          ? await firstUser(
              db,
              sql`select min(user_id) as id from user_managed_user where managed_user_id = ${account}`,
            )
          : null;
      const owner =
        manager ??
        (await firstUser(
          db,
          sql`select min(user_id) as id from ${sql.table(link)} where ${column} = ${id}`,
        ));
      if (owner === null) continue;
      await sql`insert into rule_owners (kind, object_id, user_id) values (${kind}, ${id}, ${owner})`.execute(
        db,
      );
    }
  }
}
