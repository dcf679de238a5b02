/**
 * Several REAL Frota instances sharing one temporary PostgreSQL database, one DATA_DIR and one
 * Redis, as behind a load balancer (docs/scaling.md), for the cluster tests:
 *
 *   const cluster = await startCluster({ instances: 2 });
 *   const [a, b] = cluster.instances;        // TestServer each: url, osmandPort, kill(), …
 *   await cluster.query('select …');         // the shared database
 *   await cluster.stop();
 *
 * PostgreSQL and Redis come from the cluster project's global setup (`clusterSetup.ts`); a test
 * that restarts Redis passes its own (`TestRedis`). The first instance starts alone (it migrates
 * and creates the administrator), then the others together; each has answered `/api/health` and
 * subscribed to Redis before this resolves.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { inject } from 'vitest';
import WebSocket from 'ws';
import { Client } from './http';
import { createPostgresDatabase, type TempPostgres } from './postgres';
import { TEST_ADMIN, TestServer } from './server';

export interface ClusterOptions {
  instances?: number;
  /** Default: the shared test Redis. */
  redisUrl?: string;
  env?: Record<string, string>;
  /** The URL the instances get for the test's database (e.g. through a `TcpProxy`). */
  databaseUrl?: (url: string) => string;
  /** Each instance's own environment on top of `env` (e.g. fixed device ports, kept on restart). */
  instanceEnv?: () => Promise<Record<string, string>>;
}

export class TestCluster {
  private constructor(
    readonly instances: TestServer[],
    readonly database: TempPostgres,
    readonly dataDir: string,
    private readonly pool: pg.Pool,
  ) {}

  static async start(options: ClusterOptions = {}): Promise<TestCluster> {
    const database = await createPostgresDatabase(inject('clusterPostgresUrl'));
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'frota-cluster-'));
    const env = {
      DATABASE_URL: options.databaseUrl ? options.databaseUrl(database.url) : database.url,
      REDIS_URL: options.redisUrl ?? inject('clusterRedisUrl'),
      ...options.env,
    };
    const start = async () => {
      const own = options.instanceEnv ? await options.instanceEnv() : {};
      const server = await TestServer.start({ dataDir, env: { ...env, ...own } });
      await server.waitForLine(/redis subscription ready|redis unreachable at start/);
      return server;
    };
    const first = await start();
    const others = await Promise.all(
      Array.from({ length: (options.instances ?? 2) - 1 }, () => start()),
    );
    const pool = new pg.Pool({ connectionString: database.url, max: 2 });
    return new TestCluster([first, ...others], database, dataDir, pool);
  }

  /**
   * Stops `server` as an operator does (SIGTERM: it drains), starts it again with the same ports,
   * and resolves with the exit code once it has subscribed to Redis and answers ready.
   */
  async restart(server: TestServer): Promise<number | null> {
    const code = await server.halt();
    const from = server.lines.length;
    await server.relaunch();
    await server.waitForLine(/redis subscription ready|redis unreachable at start/, 30_000, from);
    await waitFor(async () => {
      const res = await fetch(`${server.url}/api/health/ready`).catch(() => null);
      return res?.status === 200 ? true : undefined;
    }, 30_000);
    return code;
  }

  /** Rows of a query on the shared database. */
  async query<T extends pg.QueryResultRow = Record<string, unknown>>(
    text: string,
    values: unknown[] = [],
  ): Promise<T[]> {
    return (await this.pool.query<T>(text, values)).rows;
  }

  /** An administrator signed in on `server`. */
  async admin(server: TestServer): Promise<Client> {
    const client = new Client(server.url);
    await client.login(TEST_ADMIN.email, TEST_ADMIN.password);
    return client;
  }

  async stop(): Promise<void> {
    await Promise.all(this.instances.map((server) => server.halt()));
    await this.pool.end();
    await this.database.drop();
    await rm(this.dataDir, { recursive: true, force: true });
  }
}

export const startCluster = (options?: ClusterOptions) => TestCluster.start(options);

/** A message a socket received, with when (performance.now() of the test process). */
export interface Received {
  at: number;
  data: Record<string, unknown[] | undefined>;
}

/** A live socket on one instance, collecting what it receives. */
export class TestSocket {
  readonly messages: Received[] = [];
  readonly closed: Promise<number>;

  private constructor(readonly socket: WebSocket) {
    this.closed = new Promise((resolve) => socket.on('close', (code) => resolve(code)));
    socket.on('message', (data) => {
      this.messages.push({ at: performance.now(), data: JSON.parse(String(data)) });
    });
  }

  /** Opens `/api/socket` with the client's session; resolves once its opening message came. */
  static async open(server: TestServer, client: Client): Promise<TestSocket> {
    const socket = new WebSocket(`${server.wsUrl}/api/socket`, {
      headers: { cookie: client.cookieHeader() },
    });
    const opened = new TestSocket(socket);
    await new Promise<void>((resolve, reject) => {
      socket.on('open', () => resolve());
      socket.on('error', reject);
      socket.on('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    });
    await waitFor(() => (opened.messages.length > 0 ? true : undefined));
    return opened;
  }

  get open(): boolean {
    return this.socket.readyState === WebSocket.OPEN;
  }

  /** Every item of `key` (`positions`, `devices`, `events`) received since message `from`. */
  items<T = Record<string, unknown>>(key: string, from = 0): { at: number; item: T }[] {
    return this.messages
      .slice(from)
      .flatMap(({ at, data }) => (data[key] ?? []).map((item) => ({ at, item: item as T })));
  }

  close(): void {
    this.socket.close();
  }
}

/** Polls `fn` until it answers something other than undefined. */
export async function waitFor<T>(
  fn: () => T | undefined | Promise<T | undefined>,
  timeoutMs = 5000,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await fn();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Posts one OsmAnd fix to an instance's device port; resolves with the answer's status and when
 * the answer (the acknowledgement) arrived.
 */
export async function sendFix(
  server: TestServer,
  uniqueId: string,
  fix: { lat?: number; lon?: number; speed?: number; time?: number; extra?: string } = {},
): Promise<{ status: number; at: number }> {
  const time = Math.floor((fix.time ?? Date.now()) / 1000);
  const url =
    `http://127.0.0.1:${server.osmandPort}/?id=${encodeURIComponent(uniqueId)}` +
    `&lat=${fix.lat ?? -23.55}&lon=${fix.lon ?? -46.63}&speed=${fix.speed ?? 0}` +
    `&timestamp=${time}${fix.extra ?? ''}`;
  const res = await fetch(url, { method: 'POST' });
  await res.text();
  return { status: res.status, at: performance.now() };
}

/** The value at the given percentile (0–100) of `values`. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)];
}
