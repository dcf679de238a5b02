/**
 * `npm run migrate` (compiled: `node build/server/migrate.js`): applies the pending migrations to
 * the database the server would open (DATABASE_URL, else the SQLite file under DATA_DIR), says
 * which ran, and exits. Run before starting instances with MIGRATE_ON_START=false, and first in a
 * rolling upgrade (docs/scaling.md).
 */
import { parseConfig } from './config';
import { connect } from './db/connect';
import { migrateSchema, whileStartingAlone } from './db/migrate';

async function main(): Promise<void> {
  const config = parseConfig(process.env);
  const db = await connect(config.database);
  try {
    const { ran, newer } = await whileStartingAlone(db, config.database, () => migrateSchema(db));
    for (const name of ran) console.log(`migrated: ${name}`);
    if (newer.length > 0) {
      console.log(
        `nothing to migrate: a newer version already migrated this database (${newer.join(', ')})`,
      );
    } else if (ran.length === 0) {
      console.log('nothing to migrate: the database schema is up to date');
    } else {
      console.log(`${ran.length} migration(s) applied`);
    }
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? `Migration failed: ${error.message}` : error);
  process.exit(1);
});
