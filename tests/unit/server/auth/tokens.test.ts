import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../../../server/app';
import {
  TOKEN_MAX_DAYS,
  checkTokenMaxDays,
  tokenExpiry,
  tokenMaxLifetimeMs,
  verifyToken,
} from '../../../../server/auth/tokens';
import { parseConfig } from '../../../../server/config';
import type { Db } from '../../../../server/db/database';
import { ensureFirstAdmin } from '../../../../server/users/firstAdmin';
import { closeTarget, openMigrated, sqliteTarget } from '../../../support/dialects';

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.UTC(2030, 0, 1);

describe('tokenExpiry', () => {
  it('defaults to 30 days and clamps a later date to the cap, however far', () => {
    expect(tokenExpiry(undefined, 90 * DAY, NOW)).toBe(NOW + 30 * DAY);
    expect(tokenExpiry('', 90 * DAY, NOW)).toBe(NOW + 30 * DAY);
    expect(tokenExpiry('2999-01-01T00:00:00Z', 90 * DAY, NOW)).toBe(NOW + 90 * DAY);
    expect(tokenExpiry('2030-01-02T00:00:00Z', 90 * DAY, NOW)).toBe(NOW + DAY);
    // A cap below the default shortens the default too.
    expect(tokenExpiry(undefined, 7 * DAY, NOW)).toBe(NOW + 7 * DAY);
  });

  it('refuses dates that do not parse or are past', () => {
    expect(() => tokenExpiry('tomorrow', 90 * DAY, NOW)).toThrow('Invalid expiration date');
    expect(() => tokenExpiry('2029-01-01T00:00:00Z', 90 * DAY, NOW)).toThrow(
      'Expiration must be in the future',
    );
  });
});

describe('the token lifetime cap server attribute', () => {
  it('is 90 days unless set to a whole number of days', () => {
    expect(tokenMaxLifetimeMs({})).toBe(90 * DAY);
    expect(tokenMaxLifetimeMs({ [TOKEN_MAX_DAYS]: 7 })).toBe(7 * DAY);
    expect(tokenMaxLifetimeMs({ [TOKEN_MAX_DAYS]: '365' })).toBe(365 * DAY);
    expect(tokenMaxLifetimeMs({ [TOKEN_MAX_DAYS]: 'forever' })).toBe(90 * DAY);
  });

  it('refuses values it could not read', () => {
    for (const bad of ['forever', 0, 1.5, -3, 3651, true]) {
      expect(() => checkTokenMaxDays({ [TOKEN_MAX_DAYS]: bad })).toThrow(TOKEN_MAX_DAYS);
    }
    for (const good of [undefined, null, '', 1, '30', 3650]) {
      expect(() => checkTokenMaxDays({ [TOKEN_MAX_DAYS]: good })).not.toThrow();
    }
  });
});

describe('POST /api/session/token', () => {
  const target = sqliteTarget();
  let db: Db;
  let app: App;
  let cookie = '';

  beforeAll(async () => {
    db = await openMigrated(target);
    await ensureFirstAdmin(db, 'admin@example.com', 'admin-secret');
    const config = parseConfig({ WEB_DIR: path.join(os.tmpdir(), 'frota-no-web') });
    app = await buildApp(config, db, { logger: false });
    await app.ready();
    const login = await app.inject({
      method: 'POST',
      url: '/api/session',
      payload: 'email=admin%40example.com&password=admin-secret',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(login.statusCode).toBe(200);
    cookie = `JSESSIONID=${login.cookies.find((c) => c.name === 'JSESSIONID')!.value}`;
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await closeTarget(target, db);
  });

  const requestToken = async (expiration: string) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/session/token',
      payload: `expiration=${encodeURIComponent(expiration)}`,
      headers: {
        cookie,
        origin: 'http://localhost',
        'content-type': 'application/x-www-form-urlencoded',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    return (await verifyToken(db, res.body))!.expires;
  };

  it('gives a token asked to live until 2999 no more than the 90-day default cap', async () => {
    const before = Date.now();
    const expires = await requestToken('2999-01-01T00:00:00Z');
    expect(expires).toBeGreaterThanOrEqual(before + 90 * DAY);
    expect(expires).toBeLessThanOrEqual(Date.now() + 90 * DAY);
  });

  it("follows the administrator's frota.tokenMaxDays", async () => {
    const saved = await app.inject({
      method: 'PUT',
      url: '/api/server',
      payload: { attributes: { [TOKEN_MAX_DAYS]: 7 } },
      headers: { cookie },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const expires = await requestToken('2999-01-01T00:00:00Z');
    expect(expires).toBeLessThanOrEqual(Date.now() + 7 * DAY);
    expect(expires).toBeGreaterThan(Date.now() + 7 * DAY - 60_000);
  });
});
