/**
 * Writes a simulated fleet straight into a new SQLite database before a bench starts its server:
 *
 *   node --import tsx bench/seedFleet.ts --devices 100000 --data-dir DIR --email admin --password P
 *
 * The devices are the ones the simulator (`server/simulator/cli.ts`) would create through
 * `POST /api/devices` (same ids, names, categories and attributes), which it then finds and
 * drives instead of creating. Created through the API, 100,000 devices took this machine seven
 * minutes before a measurement could start; written here, seconds. Not what a bench measures:
 * only the fleet it measures with.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { connect } from '../server/db/connect';
import { flag } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrate';
import { DEMO_ATTRIBUTE, DEMO_PROTOCOL_ATTRIBUTE, demoIdentity } from '../server/simulator/catalog';
import { ensureFirstAdmin } from '../server/users/firstAdmin';

const ROWS_PER_INSERT = 500;

const { values } = parseArgs({
  options: {
    devices: { type: 'string' },
    'data-dir': { type: 'string' },
    email: { type: 'string' },
    password: { type: 'string' },
  },
});
const count = Number(values.devices);
const dataDir = values['data-dir'];
if (!Number.isInteger(count) || count < 0 || !dataDir || !values.email || !values.password) {
  throw new Error('usage: seedFleet --devices N --data-dir DIR --email E --password P');
}

const db = await connect({ kind: 'sqlite', file: path.join(dataDir, 'frota.db') });
try {
  await migrateToLatest(db);
  await ensureFirstAdmin(db, values.email, values.password);
  await db.kysely.transaction().execute(async (trx) => {
    for (let from = 0; from < count; from += ROWS_PER_INSERT) {
      const rows = [];
      for (let index = from; index < Math.min(count, from + ROWS_PER_INSERT); index++) {
        const identity = demoIdentity(index);
        // As the simulator writes them: not marked demo, or the server would drive them itself.
        const attributes = {
          ...identity.attributes,
          [DEMO_ATTRIBUTE]: undefined,
          [DEMO_PROTOCOL_ATTRIBUTE]: undefined,
        };
        rows.push({
          name: identity.name,
          uniqueId: identity.uniqueId,
          category: identity.category,
          disabled: flag(db, false),
          state: '{}',
          attributes: JSON.stringify(attributes),
        });
      }
      await trx.insertInto('devices').values(rows).execute();
    }
  });
  console.log(`[seed] ${count} devices written to ${dataDir}`);
} finally {
  await db.close();
}
