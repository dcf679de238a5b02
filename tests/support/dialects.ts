/**
 * The two storage dialects a database test runs on: a SQLite file, and PostgreSQL (the server at
 * DATABASE_URL when set, otherwise PGlite in a temporary directory). Use with `describe.each`.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseDatabaseUrl } from '../../server/config';
import { connect } from '../../server/db/connect';
import type { Db } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import type { DatabaseConfig } from '../../server/db/databaseConfig';
import { createTempPostgres, type TempPostgres } from './postgres';

export interface DialectTarget {
  name: string;
  open(): Promise<DatabaseConfig>;
  cleanup(): Promise<void>;
}

export function sqliteTarget(prefix = 'frota-db-'): DialectTarget {
  let dir = '';
  return {
    name: 'sqlite',
    async open() {
      dir = await mkdtemp(path.join(os.tmpdir(), prefix));
      return { kind: 'sqlite', file: path.join(dir, 'frota.db') };
    },
    cleanup: () => rm(dir, { recursive: true, force: true }),
  };
}

/** @param pgliteDir without DATABASE_URL: `'memory'` when only this process opens the database. */
export function postgresTarget(pgliteDir: 'memory' | 'dir' = 'dir'): DialectTarget {
  let temp: TempPostgres | null = null;
  return {
    name: process.env.DATABASE_URL ? 'postgres' : 'postgres (pglite)',
    async open() {
      temp = await createTempPostgres(pgliteDir);
      return parseDatabaseUrl(temp.url, os.tmpdir());
    },
    cleanup: async () => temp?.drop(),
  };
}

/** The target's database, opened with every migration applied. */
export async function openMigrated(target: DialectTarget): Promise<Db> {
  const db = await connect(await target.open());
  await migrateToLatest(db);
  return db;
}

/** Closes the database (when the test got as far as opening it) and removes the target's files. */
export async function closeTarget(target: DialectTarget, db: Db | undefined): Promise<void> {
  await db?.close();
  await target.cleanup();
}
