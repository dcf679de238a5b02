/**
 * Throughput check of the OsmAnd ingest path (not a test): seeds DEVICES devices, starts the real
 * server, and has every device post POSITIONS positions back to back over keep-alive
 * connections, all devices at once. Prints positions/s stored.
 *
 *   npx tsx scripts/osmand-load.ts [devices=1000] [positions=20] [DATABASE_URL]
 */
import http from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseDatabaseUrl } from '../server/config';
import { connect } from '../server/db/connect';
import { flag } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrate';
import { startServer } from '../tests/support/server';

const DEVICES = Number(process.argv[2] ?? 1000);
const POSITIONS = Number(process.argv[3] ?? 20);
const DATABASE_URL = process.argv[4] ?? null;

async function seed(dataDir: string): Promise<void> {
  const db = await connect(parseDatabaseUrl(DATABASE_URL, dataDir));
  await migrateToLatest(db);
  const rows = Array.from({ length: DEVICES }, (_, i) => ({
    name: `Load ${i}`,
    uniqueId: `load-${i}`,
    disabled: flag(db, false),
    state: '{}',
    attributes: '{}',
  }));
  for (let i = 0; i < rows.length; i += 500) {
    await db.kysely
      .insertInto('devices')
      .values(rows.slice(i, i + 500))
      .execute();
  }
  await db.close();
}

function get(agent: http.Agent, port: number, query: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path: `/?${query}`, agent }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    request.on('error', reject);
  });
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'frota-load-'));
  await seed(dataDir);
  const server = await startServer({
    dataDir,
    env: { LOG_LEVEL: 'warn', ...(DATABASE_URL ? { DATABASE_URL } : {}) },
  });
  const port = server.osmandPort;
  const agent = new http.Agent({ keepAlive: true, maxSockets: DEVICES });
  const start0 = Date.now() / 1000 - POSITIONS;
  let failures = 0;

  const started = performance.now();
  await Promise.all(
    Array.from({ length: DEVICES }, async (_, d) => {
      let lat = -23.5 + d * 0.001;
      for (let i = 0; i < POSITIONS; i++) {
        lat += 0.0002;
        const query = `id=load-${d}&lat=${lat.toFixed(6)}&lon=-46.6&speed=${20 + (i % 10)}&timestamp=${Math.round(start0 + i)}&batt=80`;
        if ((await get(agent, port, query)) !== 200) failures++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();

  const db = await connect(parseDatabaseUrl(DATABASE_URL, dataDir));
  const { count } = await db.kysely
    .selectFrom('positions')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  await db.close();
  await server.stop();
  if (DATABASE_URL === null) await rm(dataDir, { recursive: true, force: true });

  const total = DEVICES * POSITIONS;
  console.log(
    `${total} positions from ${DEVICES} devices in ${seconds.toFixed(2)} s: ` +
      `${Math.round(total / seconds)} positions/s; stored ${count}; failed replies ${failures}`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
