import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import {
  CamelCasePlugin,
  CompiledQuery,
  Kysely,
  PostgresDialect,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type SqliteDialectConfig,
} from 'kysely';
import { DEFAULT_POOL, type DatabaseConfig, type PostgresPool } from './databaseConfig';
import type { Db, DialectName } from './database';
import type { Tables } from './schema';

const INT8_OID = 20;

function open(
  dialect: Dialect,
  name: DialectName,
  {
    textAsBytes = false,
    close,
    poolState,
  }: Pick<Db, 'poolState'> & { textAsBytes?: boolean; close?: () => Promise<void> } = {},
): Db {
  const kysely = new Kysely<Tables>({ dialect, plugins: [new CamelCasePlugin()] });
  return {
    kysely,
    dialect: name,
    textAsBytes,
    poolState,
    async close() {
      await kysely.destroy();
      await close?.();
    },
  };
}

/**
 * Every SQLite transaction starts IMMEDIATE: it takes the database's write lock at `begin`, so a
 * transaction that counts rows and then inserts (the limits) runs alone from the first read to
 * the commit, even against another process on the same file (which waits `busy_timeout`).
 * A plain `begin` would read first and fail with SQLITE_BUSY when upgrading to write after
 * another writer committed.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  constructor(private readonly settings: SqliteDialectConfig) {
    super(settings);
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.settings);
  }
}

function openSqlite(file: string): Db {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const database = new SQLite(file);
  database.pragma('journal_mode = WAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  // WAL with NORMAL sync stays durable across crashes of the process, and is several times faster.
  database.pragma('synchronous = NORMAL');
  return open(new ImmediateSqliteDialect({ database }), 'sqlite');
}

function openPostgres(url: string, settings: PostgresPool): Db {
  // Ids and epoch-millisecond timestamps are int8; they fit a JS number for centuries.
  const types = {
    getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
      oid === INT8_OID
        ? Number
        : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
  };
  const pool = new pg.Pool({
    connectionString: url,
    types,
    max: settings.max,
    idleTimeoutMillis: settings.idleTimeoutMs,
    // An unreachable server fails the request (503) rather than leaving it waiting for ever.
    connectionTimeoutMillis: settings.connectTimeoutMs,
    // Sent when each connection starts: the server itself cancels a statement past it.
    ...(settings.statementTimeoutMs !== null
      ? { statement_timeout: settings.statementTimeoutMs }
      : {}),
    keepAlive: true,
  });
  // An idle client dropped by the server (restart, failover, admin termination) is discarded by
  // the pool and the next query reconnects; without a listener the error would end the process.
  pool.on('error', (error) => console.warn(`PostgreSQL idle connection lost: ${error.message}`));
  // A client that loses its connection while checked out fails its query, which the caller
  // handles (503); it also emits the error, which would end the process with no listener. The
  // pool then drops the client when it is released.
  pool.on('connect', (client) => client.on('error', () => {}));
  return open(new PostgresDialect({ pool }), 'postgres', {
    textAsBytes: true,
    poolState: () => ({
      open: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: settings.max,
    }),
  });
}

async function openPglite(dir: string | null): Promise<Db> {
  // Loaded on demand: its WebAssembly PostgreSQL takes memory and start-up time that SQLite and
  // PostgreSQL servers should not pay.
  const { PGlite } = await import('@electric-sql/pglite');
  const { PGliteDialect } = await import('kysely-pglite-dialect');
  if (dir !== null) fs.mkdirSync(dir, { recursive: true });
  const client = await PGlite.create({
    dataDir: dir ?? undefined,
    parsers: { [INT8_OID]: (value: string) => Number(value) },
  });
  return open(new PGliteDialect(client), 'postgres', {
    close: async () => {
      if (!client.closed) await client.close();
    },
  });
}

export async function connect(config: DatabaseConfig): Promise<Db> {
  switch (config.kind) {
    case 'sqlite':
      return openSqlite(config.file);
    case 'postgres':
      return openPostgres(config.url, config.pool ?? DEFAULT_POOL);
    case 'pglite':
      return openPglite(config.dir);
  }
}
