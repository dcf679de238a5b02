import { Migrator, type Migration, type MigrationResultSet } from 'kysely';
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
