/**
 * The two storage dialects a database test runs on: a SQLite file, and PostgreSQL (the server at
 * DATABASE_URL when set, otherwise PGlite in a temporary directory). Use with `describe.each`.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseDatabaseUrl } from '../../server/config';
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

export function postgresTarget(): DialectTarget {
  let temp: TempPostgres | null = null;
  return {
    name: process.env.DATABASE_URL ? 'postgres' : 'postgres (pglite)',
    async open() {
      temp = await createTempPostgres('dir');
      return parseDatabaseUrl(temp.url, os.tmpdir());
    },
    cleanup: async () => temp?.drop(),
  };
}
