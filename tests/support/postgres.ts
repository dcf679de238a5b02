/**
 * A PostgreSQL database for one test run. With DATABASE_URL set (a server the tests may create
 * databases on) it creates a uniquely named database there and drops it afterwards; without it
 * it falls back to in-process PGlite, so the PostgreSQL code path is always exercised.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export interface TempPostgres {
  /** Value for Frota's DATABASE_URL. */
  url: string;
  kind: 'postgres' | 'pglite';
  drop(): Promise<void>;
}

async function admin<T>(adminUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** A uniquely named database on the PostgreSQL server of `adminUrl`, dropped by `drop`. */
export async function createPostgresDatabase(adminUrl: string): Promise<TempPostgres> {
  const name = `frota_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  await admin(adminUrl, (c) => c.query(`CREATE DATABASE ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    kind: 'postgres',
    drop: () =>
      admin(adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(
        () => undefined,
      ),
  };
}

/**
 * @param pgliteDir PGlite only: `'memory'` for an in-memory database (one process), otherwise a
 * temporary directory is created so a separate server process can open it.
 */
export async function createTempPostgres(
  pgliteDir: 'memory' | 'dir' = 'dir',
): Promise<TempPostgres> {
  const adminUrl = process.env.DATABASE_URL;
  if (adminUrl) return createPostgresDatabase(adminUrl);
  if (pgliteDir === 'memory')
    return { url: 'pglite://memory', kind: 'pglite', drop: async () => {} };
  const dir = await mkdtemp(path.join(os.tmpdir(), 'frota-pglite-'));
  return {
    url: `pglite://${dir}`,
    kind: 'pglite',
    drop: () => rm(dir, { recursive: true, force: true }),
  };
}
