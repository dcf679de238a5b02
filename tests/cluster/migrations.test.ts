/**
 * Migrations as an operator step on PostgreSQL (docs/scaling.md, "Upgrades"): `npm run migrate`
 * (server/migrate.ts) and instances started together on a new database each apply every
 * migration once; an instance told not to migrate refuses a database behind its code, naming the
 * command; an instance older than its database (a rolling upgrade) starts on it.
 */
import pg from 'pg';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { migrations } from '../../server/db/migrations';
import { Client } from '../support/http';
import { runNode } from '../support/nodeCommand';
import { createPostgresDatabase, type TempPostgres } from '../support/postgres';
import { TEST_ADMIN, TestServer } from '../support/server';

const ALL = Object.keys(migrations);

let database: TempPostgres | null = null;
const servers: TestServer[] = [];

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.stop()));
  await database?.drop();
  database = null;
});

async function newDatabase(): Promise<string> {
  database = await createPostgresDatabase(inject('clusterPostgresUrl'));
  return database.url;
}

async function query<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

/** `npm run migrate` from the sources, on the database at `url`. */
function migrate(url: string) {
  return runNode(['--import', 'tsx', 'server/migrate.ts'], { DATABASE_URL: url });
}

const applied = (output: string) => [...output.matchAll(/^migrated: (\S+)$/gm)].map((m) => m[1]);

async function recorded(url: string): Promise<string[]> {
  const rows = await query<{ name: string }>(url, 'select name from kysely_migration');
  return rows.map((row) => row.name).sort();
}

async function start(url: string, env: Record<string, string> = {}): Promise<TestServer> {
  const server = await TestServer.start({ env: { DATABASE_URL: url, ...env } });
  servers.push(server);
  return server;
}

describe('migrations on PostgreSQL', () => {
  it('two migrate commands started at once both succeed, each migration applied once', async () => {
    const url = await newDatabase();
    const [a, b] = await Promise.all([migrate(url), migrate(url)]);
    expect(a.code, a.output).toBe(0);
    expect(b.code, b.output).toBe(0);
    // One of them applied everything, the other found nothing left to do.
    expect([...applied(a.output), ...applied(b.output)].sort()).toEqual([...ALL].sort());
    expect(await recorded(url)).toEqual([...ALL].sort());
  });

  it('two instances started at once on a new database migrate it once', async () => {
    const url = await newDatabase();
    // No REDIS_URL: not in cluster mode, and still one at a time.
    const [a, b] = await Promise.all([start(url), start(url)]);
    expect(await recorded(url)).toEqual([...ALL].sort());
    const admins = await query<{ count: string }>(url, 'select count(*) as count from users');
    expect(Number(admins[0].count)).toBe(1);
    for (const server of [a, b]) {
      const client = new Client(server.url);
      await client.login(TEST_ADMIN.email, TEST_ADMIN.password);
    }
  });

  it('MIGRATE_ON_START=false refuses an unmigrated database, naming npm run migrate', async () => {
    const url = await newDatabase();
    await expect(start(url, { MIGRATE_ON_START: 'false' })).rejects.toThrow(
      /exited with code 1[\s\S]*schema is behind[\s\S]*npm run migrate/,
    );
    // It changed nothing: not even the table of applied migrations exists.
    const tables = await query<{ t: string | null }>(
      url,
      `select to_regclass('kysely_migration') as t`,
    );
    expect(tables[0].t).toBeNull();

    const migrated = await migrate(url);
    expect(migrated.code, migrated.output).toBe(0);
    const server = await start(url, { MIGRATE_ON_START: 'false' });
    const client = new Client(server.url);
    await client.login(TEST_ADMIN.email, TEST_ADMIN.password);
  });

  it('an instance older than its database starts on it, and its migrate changes nothing', async () => {
    const url = await newDatabase();
    expect((await migrate(url)).code).toBe(0);
    // What a newer version's `npm run migrate` leaves: a migration this code does not know.
    await query(
      url,
      `insert into kysely_migration (name, timestamp) values ('9999_newer', '2030-01-01T00:00:00.000Z')`,
    );

    const server = await start(url);
    await server.waitForLine(/migrations of a newer version \(9999_newer\)/);
    const client = new Client(server.url);
    await client.login(TEST_ADMIN.email, TEST_ADMIN.password);

    const older = await migrate(url);
    expect(older.code, older.output).toBe(0);
    expect(older.output).toMatch(/nothing to migrate: a newer version already migrated/);
    expect(await recorded(url)).toEqual([...ALL, '9999_newer'].sort());
  });
});
