/**
 * The rate limits of the public endpoints that cost something per call (docs/traccar-api.md):
 * password reset requests (a mail each), registrations and shared-link sign-ins, per address,
 * refused with Traccar's text and a 429 once spent, without touching other addresses or callers
 * the limit is not about. Each test plays its own client address (127.x.y.z).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '../../support/http';
import { signInAdmin } from '../../support/entityApi';
import { TEST_ADMIN, startServer, type TestServer } from '../../support/server';

let server: TestServer;
let admin: Client;

beforeAll(async () => {
  server = await startServer();
  admin = await signInAdmin(server);
  expect((await admin.json('/api/server', { registration: true }, 'PUT')).status).toBe(200);
}, 60_000);
afterAll(() => server?.stop());

const at = (localAddress: string) => new Client(server.url, { localAddress });

async function expectTooMany(res: Response) {
  expect([res.status, await res.text()]).toEqual([429, 'Too many requests - SecurityException']);
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
}

describe('password reset requests', () => {
  it('send at most 30 mails an hour from one address, over both routes', async () => {
    const client = at('127.0.1.1');
    for (let i = 0; i < 30; i++) {
      const res =
        i % 2 === 0
          ? await client.form('/api/password/reset', { email: `someone${i}@x.test` })
          : await client.form('/api/session/password', { email: `someone${i}@x.test` });
      expect(res.status, `request ${i}`).toBe(200);
    }
    await expectTooMany(await client.form('/api/password/reset', { email: 'more@x.test' }));
    await expectTooMany(await client.form('/api/session/password', { email: 'more@x.test' }));

    // Spending a token is no request for a mail: it answers as before.
    const spend = await client.form('/api/password/update', { token: 'made-up', password: 'x' });
    expect(spend.status).toBe(400);
    const spendOld = await client.form('/api/session/password', {
      token: 'made-up',
      password: 'new-password-1',
    });
    expect([spendOld.status, await spendOld.text()]).toEqual([
      400,
      'Invalid or expired token - SecurityException',
    ]);
    // Another address is not slowed.
    expect((await at('127.0.1.2').form('/api/password/reset', { email: 'a@x.test' })).status).toBe(
      200,
    );
  }, 60_000);
});

describe('registration', () => {
  it('creates at most 20 accounts an hour from one address; managers are not registering', async () => {
    const client = at('127.0.2.1');
    const register = (i: number) =>
      client.json('/api/users', {
        name: `Newcomer ${i}`,
        email: `newcomer${i}@x.test`,
        password: 'newcomer-pass-1',
      });
    for (let i = 0; i < 20; i++) expect((await register(i)).status, `account ${i}`).toBe(200);
    await expectTooMany(await register(20));

    // The administrator creating users from that same address is not limited.
    const staff = at('127.0.2.1');
    await staff.login(TEST_ADMIN.email, TEST_ADMIN.password);
    const created = await staff.json('/api/users', {
      name: 'Staff made',
      email: 'staff-made@x.test',
      password: 'staff-made-pass-1',
    });
    expect(created.status).toBe(200);
  }, 60_000);
});

describe('shared links', () => {
  it('take at most 60 sign-in tries in 15 minutes from one address', async () => {
    const client = at('127.0.3.1');
    for (let i = 0; i < 60; i++) {
      const res = await client.json('/tarkan/shares/session', { token: `guess-${i}` });
      expect(res.status, `try ${i}`).toBe(400);
    }
    await expectTooMany(await client.json('/tarkan/shares/session', { token: 'guess-60' }));
    const other = await at('127.0.3.2').json('/tarkan/shares/session', { token: 'guess' });
    expect(other.status).toBe(400);
  }, 60_000);
});
