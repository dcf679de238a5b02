import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isClusterMode, parseConfig, publicOrigin, redisTarget } from '../../../server/config';

describe('parseConfig', () => {
  it('has the documented defaults', () => {
    const config = parseConfig({});
    expect(config).toMatchObject({
      port: 8082,
      host: '0.0.0.0',
      dataDir: path.resolve('./data'),
      webDir: path.resolve('./dist'),
      logLevel: 'info',
      adminEmail: 'admin',
      adminPassword: null,
      smtpUrl: null,
      demoDevices: null,
      osmandPort: 5055,
      traccarUrl: null,
      redisUrl: null,
    });
    expect(config.database).toEqual({ kind: 'sqlite', file: path.resolve('./data/frota.db') });
  });

  it('reads every variable', () => {
    const config = parseConfig({
      PORT: '9000',
      HOST: '127.0.0.1',
      DATA_DIR: '/srv/frota-data',
      WEB_DIR: '/srv/web',
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: 'root@x',
      ADMIN_PASSWORD: ' spaced pw ',
      SMTP_URL: 'smtp://u:p@mail:25',
      DEMO_DEVICES: '3',
      OSMAND_PORT: '5056',
      TRACCAR_URL: 'http://traccar:8082',
    });
    expect(config).toMatchObject({
      port: 9000,
      host: '127.0.0.1',
      dataDir: '/srv/frota-data',
      webDir: '/srv/web',
      logLevel: 'warn',
      adminEmail: 'root@x',
      adminPassword: ' spaced pw ',
      smtpUrl: 'smtp://u:p@mail:25',
      demoDevices: 3,
      osmandPort: 5056,
      traccarUrl: 'http://traccar:8082',
      redisUrl: null,
    });
    expect(config.database).toEqual({ kind: 'sqlite', file: '/srv/frota-data/frota.db' });
  });

  it("opens each hardware protocol on Traccar's port unless told otherwise", () => {
    expect(Object.fromEntries(parseConfig({}).devicePorts)).toEqual({
      gt06: 5023,
      h02: 5013,
      gps103: 5001,
      tk103: 5002,
      suntech: 5011,
      teltonika: 5027,
      gl200: 5004,
      jt808: 5015,
    });
    const set = parseConfig({ GT06_PORT: '6023', TELTONIKA_PORT: 'off', H02_PORT: '0' });
    expect(set.devicePorts.get('gt06')).toBe(6023);
    expect(set.devicePorts.has('teltonika')).toBe(false);
    expect(set.devicePorts.get('h02')).toBe(0);
    // Proxy mode: the devices report to the Traccar server.
    expect(parseConfig({ TRACCAR_URL: 'http://traccar:8082' }).devicePorts.size).toBe(0);
  });

  it('refuses a bad port and two listeners asking for one port', () => {
    expect(() => parseConfig({ GT06_PORT: 'abc' })).toThrow(/GT06_PORT must be an integer/);
    expect(() => parseConfig({ GT06_PORT: '5013' })).toThrow(
      'GT06_PORT and H02_PORT both ask for port 5013',
    );
    expect(() => parseConfig({ OSMAND_PORT: '5027' })).toThrow(
      'OSMAND_PORT and TELTONIKA_PORT both ask for port 5027',
    );
    expect(() => parseConfig({ GT06_PORT: '0', H02_PORT: '0' })).not.toThrow();
  });

  it('switches cluster mode on with REDIS_URL, only on a PostgreSQL server', () => {
    const config = parseConfig({ REDIS_URL: 'redis://r:6379', DATABASE_URL: 'postgres://p/db' });
    expect(config.redisUrl).toBe('redis://r:6379');
    expect(isClusterMode(config)).toBe(true);
    expect(isClusterMode(parseConfig({}))).toBe(false);
    // No demo fleet: every instance would drive the same vehicles.
    expect(config.demoDevices).toBe(0);
    expect(() => parseConfig({ REDIS_URL: 'redis://r' })).toThrow(
      'REDIS_URL runs several instances on one database: set DATABASE_URL=postgres://',
    );
    expect(() => parseConfig({ REDIS_URL: 'redis://r', DATABASE_URL: 'pglite://memory' })).toThrow(
      'DATABASE_URL=postgres://',
    );
    expect(() => parseConfig({ REDIS_URL: 'http://r', DATABASE_URL: 'postgres://p/db' })).toThrow(
      'REDIS_URL must start with redis://',
    );
    expect(() =>
      parseConfig({ REDIS_URL: 'redis://r', DATABASE_URL: 'postgres://p/db', DEMO_DEVICES: '5' }),
    ).toThrow('DEMO_DEVICES runs on one instance only');
  });

  it('reads the PostgreSQL pool settings and refuses bad ones before starting', () => {
    const postgres = { DATABASE_URL: 'postgres://p/db' };
    expect(
      parseConfig({
        ...postgres,
        DATABASE_POOL_MAX: '40',
        DATABASE_POOL_IDLE_TIMEOUT_MS: '0',
        DATABASE_CONNECT_TIMEOUT_MS: '2500',
        DATABASE_STATEMENT_TIMEOUT_MS: '60000',
      }).database,
    ).toEqual({
      kind: 'postgres',
      url: 'postgres://p/db',
      pool: { max: 40, idleTimeoutMs: 0, connectTimeoutMs: 2500, statementTimeoutMs: 60_000 },
    });
    expect(() => parseConfig({ ...postgres, DATABASE_POOL_MAX: '0' })).toThrow(
      'DATABASE_POOL_MAX must be an integer between 1 and 1000, got "0"',
    );
    expect(() => parseConfig({ ...postgres, DATABASE_POOL_MAX: 'ten' })).toThrow(
      'DATABASE_POOL_MAX must be an integer',
    );
    expect(() => parseConfig({ ...postgres, DATABASE_POOL_IDLE_TIMEOUT_MS: '-1' })).toThrow(
      'DATABASE_POOL_IDLE_TIMEOUT_MS must be an integer',
    );
    // Never unbounded: an unreachable server must fail requests rather than hold them.
    expect(() => parseConfig({ ...postgres, DATABASE_CONNECT_TIMEOUT_MS: '0' })).toThrow(
      'DATABASE_CONNECT_TIMEOUT_MS must be an integer between 100 and 600000',
    );
    expect(() => parseConfig({ ...postgres, DATABASE_STATEMENT_TIMEOUT_MS: '1.5' })).toThrow(
      'DATABASE_STATEMENT_TIMEOUT_MS must be an integer',
    );
    // SQLite and PGlite have no pool: a setting there would silently do nothing.
    expect(() => parseConfig({ DATABASE_POOL_MAX: '20' })).toThrow(
      'DATABASE_POOL_MAX applies to a PostgreSQL server',
    );
    expect(() =>
      parseConfig({ DATABASE_URL: 'pglite://memory', DATABASE_STATEMENT_TIMEOUT_MS: '5' }),
    ).toThrow('DATABASE_STATEMENT_TIMEOUT_MS applies to a PostgreSQL server');
  });

  it('reaches Redis through Sentinel when REDIS_SENTINELS is set', () => {
    const cluster = { DATABASE_URL: 'postgres://p/db', REDIS_URL: 'redis://:pw@master/2' };
    expect(parseConfig(cluster).redisSentinel).toBeNull();
    const config = parseConfig({
      ...cluster,
      REDIS_SENTINELS: 'sentinel-a:26380, sentinel-b,[fd00::7]:26381',
      REDIS_SENTINEL_NAME: 'frota-master',
      REDIS_SENTINEL_PASSWORD: 'sentinel secret',
    });
    expect(redisTarget(config)).toEqual({
      url: 'redis://:pw@master/2',
      sentinel: {
        sentinels: [
          { host: 'sentinel-a', port: 26380 },
          { host: 'sentinel-b', port: 26379 },
          { host: 'fd00::7', port: 26381 },
        ],
        name: 'frota-master',
        password: 'sentinel secret',
      },
    });
    expect(redisTarget(parseConfig({}))).toBeNull();
    expect(() => parseConfig({ ...cluster, REDIS_SENTINELS: 'a:26379' })).toThrow(
      'REDIS_SENTINELS needs REDIS_SENTINEL_NAME',
    );
    expect(() =>
      parseConfig({ ...cluster, REDIS_SENTINELS: 'a:99999', REDIS_SENTINEL_NAME: 'm' }),
    ).toThrow('REDIS_SENTINELS must list host:port pairs separated by commas, got "a:99999"');
    expect(() =>
      parseConfig({ ...cluster, REDIS_SENTINELS: 'a:1,,b', REDIS_SENTINEL_NAME: 'm' }),
    ).toThrow('REDIS_SENTINELS must list host:port pairs');
    expect(() =>
      parseConfig({
        DATABASE_URL: 'postgres://p/db',
        REDIS_SENTINELS: 'a',
        REDIS_SENTINEL_NAME: 'm',
      }),
    ).toThrow('REDIS_SENTINELS needs REDIS_URL as well');
    expect(() => parseConfig({ ...cluster, REDIS_SENTINEL_NAME: 'm' })).toThrow(
      'REDIS_SENTINEL_NAME and REDIS_SENTINEL_PASSWORD need REDIS_SENTINELS',
    );
  });

  it('keeps metrics off without METRICS_TOKEN and refuses a guessable one', () => {
    expect(parseConfig({}).metricsToken).toBeNull();
    expect(parseConfig({ METRICS_TOKEN: 'a'.repeat(16) }).metricsToken).toBe('a'.repeat(16));
    expect(() => parseConfig({ METRICS_TOKEN: 'short' })).toThrow(
      'METRICS_TOKEN must be at least 16 printable characters',
    );
    expect(() => parseConfig({ METRICS_TOKEN: 'sixteen chars with spaces' })).toThrow(
      'METRICS_TOKEN',
    );
  });

  it('logs each request unless ACCESS_LOG is off', () => {
    expect(parseConfig({}).accessLog).toBe(true);
    expect(parseConfig({ ACCESS_LOG: 'off' }).accessLog).toBe(false);
    expect(parseConfig({ ACCESS_LOG: 'ON' }).accessLog).toBe(true);
    expect(() => parseConfig({ ACCESS_LOG: 'verbose' })).toThrow(
      'ACCESS_LOG must be on or off, got "verbose"',
    );
  });

  it('reads PUBLIC_URL as an origin and refuses anything else', () => {
    expect(parseConfig({}).publicUrl).toBeNull();
    expect(parseConfig({ PUBLIC_URL: 'https://Fleet.Example/' }).publicUrl).toBe(
      'https://fleet.example',
    );
    expect(parseConfig({ PUBLIC_URL: 'http://fleet.example:8082' }).publicUrl).toBe(
      'http://fleet.example:8082',
    );
    expect(() => parseConfig({ PUBLIC_URL: 'fleet.example' })).toThrow('PUBLIC_URL');
    expect(() => parseConfig({ PUBLIC_URL: 'ftp://fleet.example' })).toThrow('PUBLIC_URL');
    expect(() => parseConfig({ PUBLIC_URL: 'https://fleet.example/app' })).toThrow('PUBLIC_URL');
  });

  it('links to localhost on the server port when PUBLIC_URL is unset', () => {
    expect(publicOrigin(parseConfig({ PORT: '9000' }))).toBe('http://localhost:9000');
    expect(publicOrigin(parseConfig({ PUBLIC_URL: 'https://a.example' }))).toBe(
      'https://a.example',
    );
  });

  it('reads TRUST_PROXY as off, on, a hop count, or addresses and ranges', () => {
    expect(parseConfig({}).trustProxy).toBe(false);
    expect(parseConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(parseConfig({ TRUST_PROXY: 'TRUE' }).trustProxy).toBe(true);
    expect(parseConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(parseConfig({ TRUST_PROXY: '10.0.0.1, 172.16.0.0/12,::1' }).trustProxy).toEqual([
      '10.0.0.1',
      '172.16.0.0/12',
      '::1',
    ]);
    expect(() => parseConfig({ TRUST_PROXY: '0' })).toThrow('TRUST_PROXY');
    expect(() => parseConfig({ TRUST_PROXY: 'yes' })).toThrow('TRUST_PROXY');
    expect(() => parseConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow('TRUST_PROXY');
  });

  it('migrates at start unless MIGRATE_ON_START is false', () => {
    expect(parseConfig({}).migrateOnStart).toBe(true);
    expect(parseConfig({ MIGRATE_ON_START: 'true' }).migrateOnStart).toBe(true);
    expect(parseConfig({ MIGRATE_ON_START: 'FALSE' }).migrateOnStart).toBe(false);
    expect(() => parseConfig({ MIGRATE_ON_START: 'no' })).toThrow('MIGRATE_ON_START');
  });

  it('selects the database from DATABASE_URL', () => {
    expect(parseConfig({ DATABASE_URL: 'postgres://u@h:5432/db' }).database).toEqual({
      kind: 'postgres',
      url: 'postgres://u@h:5432/db',
      pool: { max: 10, idleTimeoutMs: 10_000, connectTimeoutMs: 10_000, statementTimeoutMs: null },
    });
    expect(parseConfig({ DATABASE_URL: 'postgresql://h/db' }).database.kind).toBe('postgres');
    expect(parseConfig({ DATABASE_URL: 'pglite://memory' }).database).toEqual({
      kind: 'pglite',
      dir: null,
    });
    expect(parseConfig({ DATABASE_URL: 'pglite:///srv/pg' }).database).toEqual({
      kind: 'pglite',
      dir: '/srv/pg',
    });
  });

  it('treats empty values as unset', () => {
    expect(parseConfig({ PORT: '', ADMIN_PASSWORD: '', DATABASE_URL: ' ' })).toMatchObject({
      port: 8082,
      adminPassword: null,
      database: { kind: 'sqlite' },
    });
  });

  it('rejects bad values with the variable name', () => {
    expect(() => parseConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => parseConfig({ PORT: '70000' })).toThrow(/PORT/);
    expect(() => parseConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
    expect(() => parseConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => parseConfig({ SMTP_URL: 'mail.example' })).toThrow(/SMTP_URL/);
    expect(() => parseConfig({ DEMO_DEVICES: '-1' })).toThrow(/DEMO_DEVICES/);
    expect(() => parseConfig({ MAX_FIX_AGE_DAYS: '-1' })).toThrow(/MAX_FIX_AGE_DAYS/);
  });

  it('reads the fix age limit, 0 meaning none', () => {
    expect(parseConfig({}).maxFixAgeDays).toBe(30);
    expect(parseConfig({ MAX_FIX_AGE_DAYS: '365' }).maxFixAgeDays).toBe(365);
    expect(parseConfig({ MAX_FIX_AGE_DAYS: '0' }).maxFixAgeDays).toBeNull();
  });

  it('reads the positions retention, unset or 0 keeping everything', () => {
    expect(parseConfig({}).positionsRetentionDays).toBeNull();
    expect(parseConfig({ POSITIONS_RETENTION_DAYS: '0' }).positionsRetentionDays).toBeNull();
    expect(parseConfig({ POSITIONS_RETENTION_DAYS: '400' }).positionsRetentionDays).toBe(400);
    expect(() => parseConfig({ POSITIONS_RETENTION_DAYS: '-3' })).toThrow(
      /POSITIONS_RETENTION_DAYS/,
    );
    expect(() => parseConfig({ POSITIONS_RETENTION_DAYS: 'a year' })).toThrow(
      /POSITIONS_RETENTION_DAYS/,
    );
  });

  it('reads the web app policy: built with extra origins, replaced, or off', () => {
    expect(parseConfig({}).csp).toEqual({ kind: 'built', extraOrigins: [] });
    expect(
      parseConfig({
        CSP_EXTRA_ORIGINS: 'https://tiles.example.com, https://*.cdn.example.com:8443',
      }).csp,
    ).toEqual({
      kind: 'built',
      extraOrigins: ['https://tiles.example.com', 'https://*.cdn.example.com:8443'],
    });
    expect(parseConfig({ CSP_POLICY: "default-src 'self'" }).csp).toEqual({
      kind: 'custom',
      policy: "default-src 'self'",
    });
    expect(parseConfig({ CSP_POLICY: 'off' }).csp).toEqual({ kind: 'off' });
  });

  it('refuses policy values that would widen or break the header', () => {
    for (const origins of [
      "'unsafe-eval'",
      'https:',
      '*',
      'https://x.example.com/path',
      'https://a;b',
    ]) {
      expect(() => parseConfig({ CSP_EXTRA_ORIGINS: origins }), origins).toThrow(
        /CSP_EXTRA_ORIGINS/,
      );
    }
    expect(() => parseConfig({ CSP_POLICY: "default-src 'self', script-src *" })).toThrow(
      /CSP_POLICY/,
    );
    expect(() =>
      parseConfig({ CSP_POLICY: "default-src 'self'", CSP_EXTRA_ORIGINS: 'https://x.example' }),
    ).toThrow(/CSP_EXTRA_ORIGINS/);
  });
});
