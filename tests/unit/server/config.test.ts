import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../../server/config';

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
      REDIS_URL: 'redis://r',
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
      redisUrl: 'redis://r',
    });
    expect(config.database).toEqual({ kind: 'sqlite', file: '/srv/frota-data/frota.db' });
  });

  it('selects the database from DATABASE_URL', () => {
    expect(parseConfig({ DATABASE_URL: 'postgres://u@h:5432/db' }).database).toEqual({
      kind: 'postgres',
      url: 'postgres://u@h:5432/db',
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
