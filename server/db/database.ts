import type { Kysely } from 'kysely';
import type { Tables } from './schema';

export type DialectName = 'sqlite' | 'postgres';

/** The open database: the query builder plus what differs between dialects. */
export interface Db {
  kysely: Kysely<Tables>;
  dialect: DialectName;
  /**
   * The driver takes a `text` parameter given as a Buffer as that text's UTF-8 bytes
   * (node-postgres sends a Buffer in binary form, and binary `text` is its bytes). PGlite and
   * SQLite do not (a Buffer would be refused, or stored as a blob).
   */
  textAsBytes: boolean;
  /** A PostgreSQL server's connection pool as it is now (for monitoring); absent without a pool. */
  poolState?: () => PoolState;
  close(): Promise<void>;
}

export interface PoolState {
  /** Connections open, idle among them, and queries waiting for one. */
  open: number;
  idle: number;
  waiting: number;
  max: number;
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

/**
 * Node's socket errors when the database server cannot be reached or the connection drops, and
 * PostgreSQL's own: class 08 (connection exception), shutting down or starting up, too many
 * connections.
 */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01',
  '57P02',
  '57P03',
  '53300',
]);

/** node-postgres reports a lost or unobtainable connection in words, without a code. */
const UNAVAILABLE_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection lost)/i;

/**
 * Whether an error means the database is unreachable (rather than a query being wrong): the
 * request can be retried once it is back, so clients are told 503, never that it succeeded.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 3) return false;
  const { code, message, cause, errors } = error as {
    code?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) {
    return true;
  }
  if (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message)) return true;
  // A connection attempt to every address of a host fails as one AggregateError.
  if (Array.isArray(errors) && errors.some((e) => isDatabaseUnavailable(e, depth + 1))) return true;
  return isDatabaseUnavailable(cause, depth + 1);
}

/** A transaction that lost a deadlock or a serialization conflict: running it again may succeed. */
export function isRetryableConflict(error: unknown): boolean {
  const code =
    typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : null;
  return code === '40P01' || code === '40001';
}
