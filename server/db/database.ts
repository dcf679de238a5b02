import type { Kysely } from 'kysely';
import type { Tables } from './schema';

export type DialectName = 'sqlite' | 'postgres';

/** The open database: the query builder plus what differs between dialects. */
export interface Db {
  kysely: Kysely<Tables>;
  dialect: DialectName;
  close(): Promise<void>;
}

/** Booleans as each dialect stores them (better-sqlite3 cannot bind `true`). */
export function flag(db: Pick<Db, 'dialect'>, value: boolean): number | boolean {
  return db.dialect === 'sqlite' ? (value ? 1 : 0) : value;
}

/** Unique-constraint violation on either driver. */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}
