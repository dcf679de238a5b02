/**
 * The connection pool to a PostgreSQL server, per instance (docs/scaling.md, "Metrics and
 * configuration"): each instance opens up to `max` connections.
 */
export interface PostgresPool {
  max: number;
  /** An idle connection is closed after this long (ms); 0 keeps it open. */
  idleTimeoutMs: number;
  /** How long getting a connection may take (ms) before the request fails with 503. */
  connectTimeoutMs: number;
  /** The server cancels a statement running longer than this (ms); null: no limit. */
  statementTimeoutMs: number | null;
}

/** Where the data lives: SQLite file, a PostgreSQL server, or in-process PGlite. */
export type DatabaseConfig =
  | { kind: 'sqlite'; file: string }
  /** Without `pool`, `DEFAULT_POOL`. */
  | { kind: 'postgres'; url: string; pool?: PostgresPool }
  | { kind: 'pglite'; dir: string | null };

export const DEFAULT_POOL: PostgresPool = {
  max: 10,
  idleTimeoutMs: 10_000,
  connectTimeoutMs: 10_000,
  statementTimeoutMs: null,
};
