import { isIP } from 'node:net';
import path from 'node:path';
import { DEFAULT_POOL, type DatabaseConfig, type PostgresPool } from './db/databaseConfig';
import { DEVICE_PROTOCOLS } from './protocol';
import { isOrigin } from './security/contentPolicy';

/**
 * Redis Sentinel (docs/scaling.md): the sentinels tell the instances which server is the master
 * and follow a failover. REDIS_URL still gives the master's password, database and TLS.
 */
export interface RedisSentinelConfig {
  sentinels: { host: string; port: number }[];
  /** The master group's name, as the sentinels know it. */
  name: string;
  /** The sentinels' own password (not the master's). */
  password: string | null;
}

/** The web app's Content-Security-Policy: the built one (plus origins), the operator's, or none. */
export type CspConfig =
  { kind: 'built'; extraOrigins: string[] } | { kind: 'custom'; policy: string } | { kind: 'off' };

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  webDir: string;
  logLevel: string;
  adminEmail: string;
  /** Unset: a random password is generated when the first admin is created. */
  adminPassword: string | null;
  database: DatabaseConfig;
  smtpUrl: string | null;
  /** Sender address of outgoing mail; derived from the SMTP user when unset. */
  smtpFrom: string | null;
  /**
   * Null: 25 demo vehicles on an empty database, else the demo devices already there. Always 0 in
   * cluster mode.
   */
  demoDevices: number | null;
  osmandPort: number;
  /**
   * The hardware protocols that listen (docs/protocols.md): protocol name → port, 0 for any free
   * one. A protocol set `off`, and every one in proxy mode, is absent.
   */
  devicePorts: ReadonlyMap<string, number>;
  traccarUrl: string | null;
  /**
   * Cluster mode (docs/scaling.md): several instances on one PostgreSQL database share caches,
   * live updates, the login throttle and the jobs through this Redis. Null: one instance, nothing
   * goes through Redis. Set only together with a `postgres://` database.
   */
  redisUrl: string | null;
  /** Null: REDIS_URL names the Redis server itself. */
  redisSentinel: RedisSentinelConfig | null;
  /**
   * `GET /metrics` answers only with `Authorization: Bearer <this>` (docs/scaling.md, "Metrics and
   * configuration"); null: no metrics are kept and the path is not found.
   */
  metricsToken: string | null;
  /** One log line per HTTP request (ACCESS_LOG, on unless `off`). */
  accessLog: boolean;
  /** Overrides the payment provider's base URL (tests point it at a local double). */
  paymentApiUrl: string | null;
  /** Sent as the `licensemode` header of `/api/server`; any value switches plus features on. */
  licenseMode: string | null;
  csp: CspConfig;
  /** Device fixes dated further back are refused; null: no age limit. */
  maxFixAgeDays: number | null;
  /**
   * PostgreSQL only: positions whose fix is older than this are dropped, a month partition at a
   * time (docs/scaling.md); null keeps everything.
   */
  positionsRetentionDays: number | null;
  /**
   * Origin (`https://fleet.example`) of the links the server writes into mail. Null when unset:
   * links then point at `http://localhost:PORT` (see `publicOrigin`), never at a request's Host.
   */
  publicUrl: string | null;
  /**
   * Which peers may set `X-Forwarded-For`/`-Proto`/`-Host` (Fastify's `trustProxy`): false (none),
   * true (any), a hop count, or addresses and CIDR ranges.
   */
  trustProxy: boolean | number | string[];
  /**
   * How long a stopping instance may take to finish what it holds (SIGTERM: answer requests in
   * flight, store queued fixes) before it exits anyway (docs/scaling.md, "Health, readiness and
   * draining").
   */
  drainTimeoutMs: number;
  /**
   * Whether the server applies pending migrations as it starts (MIGRATE_ON_START, default true).
   * False: `npm run migrate` does it, and a server finding its schema behind refuses to start.
   */
  migrateOnStart: boolean;
}

type Env = Record<string, string | undefined>;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

function text(env: Env, name: string): string | null {
  const value = env[name]?.trim();
  return value ? value : null;
}

function yesNo(env: Env, name: string, fallback: boolean): boolean {
  const value = text(env, name)?.toLowerCase() ?? null;
  if (value === null) return fallback;
  if (value === 'true') return true;
  if (value === 'false') return false;
  throw new Error(`${name} must be true or false, got "${value}"`);
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const value = text(env, name);
  if (value === null) return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < min || parsed > max) {
    throw new Error(`${name} must be an integer between ${min} and ${max}, got "${value}"`);
  }
  return parsed;
}

export function parseDatabaseUrl(url: string | null, dataDir: string): DatabaseConfig {
  if (url === null) return { kind: 'sqlite', file: path.join(dataDir, 'frota.db') };
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) {
    return { kind: 'postgres', url };
  }
  if (url.startsWith('pglite://')) {
    const dir = url.slice('pglite://'.length);
    return { kind: 'pglite', dir: dir === '' || dir === 'memory' ? null : path.resolve(dir) };
  }
  throw new Error('DATABASE_URL must start with postgres://, postgresql:// or pglite://');
}

function parseCsp(env: Env): CspConfig {
  const policy = text(env, 'CSP_POLICY');
  const origins = (text(env, 'CSP_EXTRA_ORIGINS') ?? '').split(/[\s,]+/).filter(Boolean);
  if (policy !== null && origins.length > 0) {
    throw new Error(
      'CSP_EXTRA_ORIGINS has no effect with CSP_POLICY: put the origins in the policy',
    );
  }
  if (policy === 'off') return { kind: 'off' };
  if (policy !== null) {
    // One header value: a line break would end the header, a comma would start a second policy.
    if (/[\r\n,]/.test(policy)) throw new Error('CSP_POLICY must be one policy on one line');
    return { kind: 'custom', policy };
  }
  const bad = origins.find((origin) => !isOrigin(origin));
  if (bad !== undefined) {
    throw new Error(
      `CSP_EXTRA_ORIGINS must list origins like https://tiles.example.com, got "${bad}"`,
    );
  }
  return { kind: 'built', extraOrigins: origins };
}

function parsePublicUrl(value: string | null): string | null {
  if (value === null) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`PUBLIC_URL must be an http:// or https:// URL, got "${value}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`PUBLIC_URL must be an http:// or https:// URL, got "${value}"`);
  }
  // The web app is served from the root, so a path would only make links that lead nowhere.
  if (url.pathname !== '/' || url.search || url.hash || url.username || url.password) {
    throw new Error(`PUBLIC_URL must be an origin without path, e.g. https://fleet.example`);
  }
  return url.origin;
}

function isAddressOrRange(entry: string): boolean {
  const slash = entry.indexOf('/');
  if (slash < 0) return isIP(entry) !== 0;
  const version = isIP(entry.slice(0, slash));
  const bits = entry.slice(slash + 1);
  if (version === 0 || !/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (version === 4 ? 32 : 128);
}

function parseTrustProxy(value: string | null): boolean | number | string[] {
  if (value === null || value.toLowerCase() === 'false') return false;
  if (value.toLowerCase() === 'true') return true;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops < 1 || hops > 100) throw new Error(`TRUST_PROXY hop count must be 1 to 100`);
    return hops;
  }
  const entries = value.split(',').map((entry) => entry.trim());
  const bad = entries.find((entry) => !isAddressOrRange(entry));
  if (bad !== undefined) {
    throw new Error(
      `TRUST_PROXY must be true, false, a hop count, or IP addresses/CIDR ranges separated by commas, got "${bad}"`,
    );
  }
  return entries;
}

/** Where links in mail point: PUBLIC_URL, else the server's own port on localhost. */
export function publicOrigin(config: Pick<Config, 'publicUrl' | 'port'>): string {
  return config.publicUrl ?? `http://localhost:${config.port}`;
}

/** Whether several instances share the work (REDIS_URL set): see docs/scaling.md. */
export function isClusterMode(config: Pick<Config, 'redisUrl'>): boolean {
  return config.redisUrl !== null;
}

/**
 * How the instances reach Redis: REDIS_URL names the server, or with REDIS_SENTINELS the sentinels
 * name the current master of a group and REDIS_URL gives its password, database number and TLS
 * (its host is then not used).
 */
export interface RedisTarget {
  url: string;
  sentinel: RedisSentinelConfig | null;
}

/** Where cluster mode's Redis is; null on a single instance. */
export function redisTarget(
  config: Pick<Config, 'redisUrl' | 'redisSentinel'>,
): RedisTarget | null {
  return config.redisUrl === null ? null : { url: config.redisUrl, sentinel: config.redisSentinel };
}

function parseRedisUrl(value: string | null, database: DatabaseConfig): string | null {
  if (value === null) return null;
  if (!/^rediss?:\/\//.test(value)) {
    throw new Error('REDIS_URL must start with redis:// or rediss://');
  }
  // Instances share their data through one database server; SQLite and PGlite live in one process.
  if (database.kind !== 'postgres') {
    throw new Error(
      'REDIS_URL runs several instances on one database: set DATABASE_URL=postgres://… as well',
    );
  }
  return value;
}

/** `host:port` list of REDIS_SENTINELS; 26379 when a port is left out. */
function parseSentinels(env: Env, redisUrl: string | null): RedisSentinelConfig | null {
  const list = text(env, 'REDIS_SENTINELS');
  const name = text(env, 'REDIS_SENTINEL_NAME');
  const password = env.REDIS_SENTINEL_PASSWORD ? env.REDIS_SENTINEL_PASSWORD : null;
  if (list === null) {
    if (name !== null || password !== null) {
      throw new Error('REDIS_SENTINEL_NAME and REDIS_SENTINEL_PASSWORD need REDIS_SENTINELS');
    }
    return null;
  }
  if (redisUrl === null) {
    throw new Error(
      "REDIS_SENTINELS needs REDIS_URL as well: it switches cluster mode on and gives the master's password and database",
    );
  }
  if (name === null) throw new Error('REDIS_SENTINELS needs REDIS_SENTINEL_NAME, the master group');
  const sentinels = list.split(',').map((entry) => {
    const match = /^\s*(\[[0-9a-fA-F:.]+\]|[^\s:[\]]+)(?::(\d{1,5}))?\s*$/.exec(entry);
    const port = Number(match?.[2] ?? 26379);
    if (!match || port < 1 || port > 65535) {
      throw new Error(
        `REDIS_SENTINELS must list host:port pairs separated by commas, got "${entry.trim()}"`,
      );
    }
    return { host: match[1].replace(/^\[(.*)\]$/, '$1'), port };
  });
  return { sentinels, name, password };
}

/** The PostgreSQL pool settings; refused for SQLite and PGlite, which have no pool. */
function parsePool(env: Env, database: DatabaseConfig): PostgresPool | null {
  const names = [
    'DATABASE_POOL_MAX',
    'DATABASE_POOL_IDLE_TIMEOUT_MS',
    'DATABASE_CONNECT_TIMEOUT_MS',
    'DATABASE_STATEMENT_TIMEOUT_MS',
  ];
  if (database.kind !== 'postgres') {
    const set = names.find((name) => text(env, name) !== null);
    if (set !== undefined) {
      throw new Error(`${set} applies to a PostgreSQL server: set DATABASE_URL=postgres://… too`);
    }
    return null;
  }
  const statement = integer(env, 'DATABASE_STATEMENT_TIMEOUT_MS', 0, 0, 86_400_000);
  return {
    max: integer(env, 'DATABASE_POOL_MAX', DEFAULT_POOL.max, 1, 1000),
    idleTimeoutMs: integer(
      env,
      'DATABASE_POOL_IDLE_TIMEOUT_MS',
      DEFAULT_POOL.idleTimeoutMs,
      0,
      86_400_000,
    ),
    // Never unbounded: an unreachable server must fail requests (503), not hold them for ever.
    connectTimeoutMs: integer(
      env,
      'DATABASE_CONNECT_TIMEOUT_MS',
      DEFAULT_POOL.connectTimeoutMs,
      100,
      600_000,
    ),
    statementTimeoutMs: statement === 0 ? null : statement,
  };
}

/**
 * METRICS_TOKEN: long enough that guessing it is hopeless (the endpoint answers a wrong token as
 * a missing page, but nothing else slows guesses down), and one header word.
 */
function parseMetricsToken(value: string | null): string | null {
  if (value === null) return null;
  if (value.length < 16 || /[^\x21-\x7e]/.test(value)) {
    throw new Error(
      'METRICS_TOKEN must be at least 16 printable characters without spaces (e.g. `openssl rand -hex 24`)',
    );
  }
  return value;
}

function parseSwitch(env: Env, name: string, fallback: boolean): boolean {
  const value = text(env, name)?.toLowerCase();
  if (value === undefined) return fallback;
  if (['on', 'true', '1'].includes(value)) return true;
  if (['off', 'false', '0'].includes(value)) return false;
  throw new Error(`${name} must be on or off, got "${text(env, name)}"`);
}

/** The environment variable setting a protocol's port: `GT06_PORT` for `gt06`. */
export const portVariable = (protocol: string): string => `${protocol.toUpperCase()}_PORT`;

/**
 * Each hardware protocol's port: its variable's number, `off`, or Traccar's default port. None in
 * proxy mode, where the devices report to the Traccar server.
 */
function parseDevicePorts(env: Env, proxy: boolean): Map<string, number> {
  const ports = new Map<string, number>();
  for (const { name, defaultPort } of DEVICE_PROTOCOLS) {
    const variable = portVariable(name);
    const value = text(env, variable);
    if (value?.toLowerCase() === 'off' || proxy) continue;
    ports.set(name, integer(env, variable, defaultPort, 0, 65535));
  }
  return ports;
}

/** Two listeners asked for one port number would fail at start with a less helpful error. */
function checkPortsApart(ports: [string, number][]): void {
  const taken = new Map<number, string>();
  for (const [variable, port] of ports) {
    if (port === 0) continue;
    const other = taken.get(port);
    if (other !== undefined) throw new Error(`${other} and ${variable} both ask for port ${port}`);
    taken.set(port, variable);
  }
}

/** Reads the environment into a typed config; throws with a readable message on bad values. */
export function parseConfig(env: Env): Config {
  const dataDir = path.resolve(text(env, 'DATA_DIR') ?? './data');
  const logLevel = text(env, 'LOG_LEVEL') ?? 'info';
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${logLevel}"`);
  }
  const smtpUrl = text(env, 'SMTP_URL');
  if (smtpUrl !== null && !/^smtps?:\/\//.test(smtpUrl)) {
    throw new Error('SMTP_URL must start with smtp:// or smtps://');
  }
  const demo = text(env, 'DEMO_DEVICES');
  const maxFixAge = integer(env, 'MAX_FIX_AGE_DAYS', 30, 0, 36_500);
  const parsedDatabase = parseDatabaseUrl(text(env, 'DATABASE_URL'), dataDir);
  const pool = parsePool(env, parsedDatabase);
  const database = pool ? { ...parsedDatabase, pool } : parsedDatabase;
  const redisUrl = parseRedisUrl(text(env, 'REDIS_URL'), database);
  const redisSentinel = parseSentinels(env, redisUrl);
  const demoDevices = demo === null ? null : integer(env, 'DEMO_DEVICES', 0, 0, 100_000);
  // Every instance would drive the same simulated vehicles (and create them at once on an empty
  // database): the demo fleet belongs to a single instance.
  if (redisUrl !== null && demoDevices !== null && demoDevices > 0) {
    throw new Error('DEMO_DEVICES runs on one instance only: unset it (or 0) with REDIS_URL');
  }
  const retention = integer(env, 'POSITIONS_RETENTION_DAYS', 0, 0, 36_500);
  const traccarUrl = text(env, 'TRACCAR_URL');
  const port = integer(env, 'PORT', 8082, 0, 65535);
  const osmandPort = integer(env, 'OSMAND_PORT', 5055, 0, 65535);
  const devicePorts = parseDevicePorts(env, traccarUrl !== null);
  checkPortsApart([
    ['PORT', port],
    ['OSMAND_PORT', osmandPort],
    ...[...devicePorts].map(([name, number]): [string, number] => [portVariable(name), number]),
  ]);
  return {
    port,
    host: text(env, 'HOST') ?? '0.0.0.0',
    dataDir,
    webDir: path.resolve(text(env, 'WEB_DIR') ?? './dist'),
    logLevel,
    adminEmail: text(env, 'ADMIN_EMAIL') ?? 'admin',
    // Not trimmed: a password may legitimately contain spaces.
    adminPassword: env.ADMIN_PASSWORD ? env.ADMIN_PASSWORD : null,
    database,
    smtpUrl,
    smtpFrom: text(env, 'SMTP_FROM'),
    // Cluster mode: no demo fleet unless asked for (and asking is refused above).
    demoDevices: redisUrl !== null ? 0 : demoDevices,
    osmandPort,
    devicePorts,
    traccarUrl,
    redisUrl,
    redisSentinel,
    metricsToken: parseMetricsToken(text(env, 'METRICS_TOKEN')),
    accessLog: parseSwitch(env, 'ACCESS_LOG', true),
    paymentApiUrl: text(env, 'PAYMENT_API_URL'),
    licenseMode: text(env, 'LICENSE_MODE'),
    csp: parseCsp(env),
    maxFixAgeDays: maxFixAge === 0 ? null : maxFixAge,
    positionsRetentionDays: retention === 0 ? null : retention,
    publicUrl: parsePublicUrl(text(env, 'PUBLIC_URL')),
    trustProxy: parseTrustProxy(text(env, 'TRUST_PROXY')),
    drainTimeoutMs: integer(env, 'DRAIN_TIMEOUT_MS', 15_000, 1_000, 600_000),
    migrateOnStart: yesNo(env, 'MIGRATE_ON_START', true),
  };
}
