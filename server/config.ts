import { isIP } from 'node:net';
import path from 'node:path';
import { DEVICE_PROTOCOLS } from './protocol';
import { isOrigin } from './security/contentPolicy';

/** Where the data lives: SQLite file, a PostgreSQL server, or in-process PGlite. */
export type DatabaseConfig =
  | { kind: 'sqlite'; file: string }
  | { kind: 'postgres'; url: string }
  | { kind: 'pglite'; dir: string | null };

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
  const database = parseDatabaseUrl(text(env, 'DATABASE_URL'), dataDir);
  const redisUrl = parseRedisUrl(text(env, 'REDIS_URL'), database);
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
    paymentApiUrl: text(env, 'PAYMENT_API_URL'),
    licenseMode: text(env, 'LICENSE_MODE'),
    csp: parseCsp(env),
    maxFixAgeDays: maxFixAge === 0 ? null : maxFixAge,
    positionsRetentionDays: retention === 0 ? null : retention,
    publicUrl: parsePublicUrl(text(env, 'PUBLIC_URL')),
    trustProxy: parseTrustProxy(text(env, 'TRUST_PROXY')),
    migrateOnStart: yesNo(env, 'MIGRATE_ON_START', true),
  };
}
