import { Migrator, sql, type Migration, type MigrationResultSet } from 'kysely';
import type { DatabaseConfig } from './databaseConfig';
import type { Db } from './database';
import { migrations as all } from './migrations';
import type { FrotaMigration } from './migrations/types';

/** Binds each migration to the open dialect so it can choose column types. */
function provider(db: Db, migrations: Record<string, FrotaMigration>) {
  return {
    async getMigrations(): Promise<Record<string, Migration>> {
      return Object.fromEntries(
        Object.entries(migrations).map(([name, { up, down }]) => [
          name,
          {
            up: (k) => up(k, db.dialect),
            down: down ? (k) => down(k, db.dialect) : undefined,
          } satisfies Migration,
        ]),
      );
    },
  };
}

export function migrator(db: Db, migrations: Record<string, FrotaMigration> = all): Migrator {
  return new Migrator({ db: db.kysely, provider: provider(db, migrations) });
}

/** Applies every pending migration; throws with the failing migration's error. */
export async function migrateToLatest(db: Db): Promise<MigrationResultSet> {
  const result = await migrator(db).migrateToLatest();
  if (result.error) throw result.error;
  return result;
}

/**
 * Runs `work` (migrations, the first administrator) while no other process does it on the same
 * PostgreSQL database: instances started together, or `npm run migrate` beside a starting
 * instance, would otherwise race to create the same tables and rows. A PostgreSQL advisory lock
 * on one connection, released with it, even if the process dies. A SQLite file or PGlite
 * directory belongs to one server process: `work` just runs.
 */
export async function whileStartingAlone<T>(
  db: Db,
  database: DatabaseConfig,
  work: () => Promise<T>,
): Promise<T> {
  if (database.kind !== 'postgres') return work();
  const key = 0x46524f54; // "FROT"
  return db.kysely.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${key})`.execute(connection);
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${key})`.execute(connection);
    }
  });
}

/** Where the database's schema stands against this code's migrations. */
export interface SchemaState {
  /** This code's migrations the database has not had, in apply order. */
  pending: string[];
  /**
   * Migrations the database has had that this code does not know: a newer version migrated it
   * (an older instance during a rolling upgrade, docs/scaling.md).
   */
  newer: string[];
}

export async function schemaState(db: Db, migrations = all): Promise<SchemaState> {
  const known = await migrator(db, migrations).getMigrations();
  const pending = known.filter((m) => m.executedAt === undefined).map((m) => m.name);
  // Kysely's table of applied migrations exists once any migration has run.
  if (pending.length === known.length) return { pending, newer: [] };
  const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(
    db.kysely,
  );
  return { pending, newer: rows.map((r) => r.name).filter((name) => !(name in migrations)) };
}

/** What `migrateSchema` did: the migrations it applied, and any newer ones it found. */
export interface SchemaOutcome {
  ran: string[];
  newer: string[];
}

/**
 * Brings the database up to this code. A database a newer version already migrated is left as it
 * is, this code running on it (releases keep one version back working: docs/scaling.md); unless
 * this code also has migrations the database lacks, which no order of upgrades explains.
 */
export async function migrateSchema(db: Db, migrations = all): Promise<SchemaOutcome> {
  const state = await schemaState(db, migrations);
  if (state.newer.length > 0) {
    if (state.pending.length > 0) throw divergedSchema(state);
    return { ran: [], newer: state.newer };
  }
  if (state.pending.length === 0) return { ran: [], newer: [] };
  const result = await migrator(db, migrations).migrateToLatest();
  if (result.error) throw result.error;
  return { ran: (result.results ?? []).map((r) => r.migrationName), newer: [] };
}

/**
 * For an instance that does not migrate (MIGRATE_ON_START=false): throws, naming the command
 * that migrates, while the database lacks any of this code's migrations.
 */
export async function requireMigratedSchema(db: Db, migrations = all): Promise<SchemaState> {
  const state = await schemaState(db, migrations);
  if (state.newer.length > 0 && state.pending.length > 0) throw divergedSchema(state);
  if (state.pending.length > 0) {
    throw new Error(
      `the database schema is behind this version: ${state.pending.length} migration(s) pending ` +
        `(${state.pending.join(', ')}). Run \`npm run migrate\` (or node build/server/migrate.js) ` +
        `with the same DATABASE_URL/DATA_DIR first; MIGRATE_ON_START=false keeps instances from ` +
        `migrating themselves.`,
    );
  }
  return state;
}

function divergedSchema({ pending, newer }: SchemaState): Error {
  return new Error(
    `the database and this version disagree: it has migrations this version lacks ` +
      `(${newer.join(', ')}) and lacks some this version has (${pending.join(', ')})`,
  );
}
