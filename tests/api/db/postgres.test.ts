/**
 * The main API flow once more on PostgreSQL (a temporary database on DATABASE_URL when set,
 * else PGlite in the server process), so both dialects run end to end.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '../../support/http';
import { createTempPostgres, type TempPostgres } from '../../support/postgres';
import { TEST_ADMIN, startServer, type TestServer } from '../../support/server';

let database: TempPostgres;
let server: TestServer;

beforeAll(async () => {
  database = await createTempPostgres('dir');
  server = await startServer({ env: { DATABASE_URL: database.url } });
}, 120_000);
afterAll(async () => {
  await server?.stop();
  await database?.drop();
});

describe(`main flow on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('signs in, registers, saves settings, recovers a password and survives a restart', async () => {
    const admin = new Client(server.url);
    const me = await admin.login(TEST_ADMIN.email.toUpperCase(), TEST_ADMIN.password);
    expect(me).toMatchObject({ administrator: true, password: null });

    const wrong = await new Client(server.url).form('/api/session', {
      email: TEST_ADMIN.email,
      password: 'x',
    });
    expect(wrong.status).toBe(401);

    const anonymous = new Client(server.url);
    expect(
      (
        await anonymous.json('/api/users', {
          name: 'Reg User',
          email: 'r@x.test',
          password: 'reg-user-pass',
        })
      ).status,
    ).toBe(400);
    const on = await admin.json('/api/server', { registration: true, attributes: { a: 1 } }, 'PUT');
    expect(await on.json()).toMatchObject({ registration: true, attributes: { a: 1 } });
    const reg = await anonymous.json('/api/users', {
      name: 'Reg User',
      email: 'r@x.test',
      password: 'reg-user-pass',
      administrator: true,
    });
    expect(reg.status).toBe(200);
    const user = (await reg.json()) as { id: number; administrator: boolean };
    expect(user.administrator).toBe(false);
    const dup = await anonymous.json('/api/users', {
      name: 'Reg User',
      email: 'R@X.test',
      password: 'reg-user-pass',
    });
    expect(await dup.text()).toBe('Email already in use - IllegalArgumentException');

    const token = await (await admin.form('/api/session/token', {})).text();
    expect((await new Client(server.url).get(`/api/session?token=${token}`)).status).toBe(200);

    await anonymous.form('/api/session/password', {
      email: 'r@x.test',
      requested_from: server.url,
    });
    const line = await server.waitForLine(/password reset link for r@x.test/);
    const resetToken = /\/login\/recover\/([A-Za-z0-9_-]+)/.exec(line)![1];
    expect(
      (
        await anonymous.form('/api/session/password', {
          token: resetToken,
          password: 'reg-user-new-pass',
        })
      ).status,
    ).toBe(200);
    const reg2 = new Client(server.url);
    await reg2.login('r@x.test', 'reg-user-new-pass');

    const disabled = await admin.json(`/api/users/${user.id}`, { disabled: true }, 'PUT');
    expect(disabled.status).toBe(200);
    expect((await reg2.get('/api/session')).status).toBe(404);

    await server.restart();
    expect((await admin.get('/api/session')).status).toBe(200);
    const settings = (await (await fetch(`${server.url}/api/server`)).json()) as {
      registration: boolean;
    };
    expect(settings.registration).toBe(true);
  });
});
