import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '../../support/http';
import { createTempPostgres, type TempPostgres } from '../../support/postgres';
import { signInAdmin } from '../../support/entityApi';
import { startServer, type TestServer } from '../../support/server';

interface Invoice {
  id: number;
  userId: number;
  dueDate: string;
  value: number;
  status: string;
}

const DAY_MS = 86_400_000;
const day = (offset: number) => new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let server: TestServer;
let database: TempPostgres | null = null;
let admin: Client;

beforeAll(async () => {
  if (process.env.DATABASE_URL) database = await createTempPostgres('dir');
  server = await startServer({
    env: { LICENSE_MODE: 'plus', ...(database ? { DATABASE_URL: database.url } : {}) },
  });
  admin = await signInAdmin(server);
  const current = (await (await admin.get('/api/server')).json()) as {
    attributes: Record<string, unknown>;
  };
  const res = await admin.json(
    '/api/server',
    { ...current, attributes: { ...current.attributes, 'tarkan.enableBilling': true } },
    'PUT',
  );
  expect(res.status).toBe(200);
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await database?.drop();
});

let seq = 0;
async function billedUser(attributes: Record<string, unknown>) {
  seq += 1;
  const email = `auto${seq}@frota.test`;
  const res = await admin.json('/api/users', {
    name: `Auto ${seq}`,
    email,
    password: 'user-pass',
    attributes: { 'tarkan.enableBilling': true, 'tarkan.billingPrice': 4990, ...attributes },
  });
  expect(res.status).toBe(200);
  const { id } = (await res.json()) as { id: number };
  return { id, email };
}

async function tokenOf(email: string): Promise<string> {
  const client = new Client(server.url);
  await client.login(email, 'user-pass');
  const res = await client.form('/api/session/token', {});
  expect(res.status).toBe(200);
  return res.text();
}

const withBearer = (token: string, path = '/api/devices') =>
  fetch(server.url + path, { headers: { authorization: `Bearer ${token}` } });

async function adminPost(path: string, body: unknown = {}) {
  const res = await admin.json(path, body);
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res;
}

describe('a suspended user on every request', () => {
  it('refuses a token issued before an administrator suspension, until unlocked', async () => {
    const { id, email } = await billedUser({});
    const token = await tokenOf(email);
    expect((await withBearer(token)).status).toBe(200);

    await adminPost(`/tarkan/invoices/manager/${id}/lockUser`);
    const refused = await withBearer(token);
    expect(refused.status).toBe(401);
    expect(await refused.text()).toBe('HTTP 401 Unauthorized - WebApplicationException');
    // The token's sign-in (`?token=`) answers the suspended object error instead of a session.
    const byToken = await new Client(server.url).get(
      `/api/session?token=${encodeURIComponent(token)}`,
    );
    expect(byToken.status).toBe(401);
    expect(await byToken.json()).toMatchObject({ error: 'ACCOUNT_IS_SUSPENDED' });

    await adminPost(`/tarkan/invoices/manager/${id}/unlockUser?perma=true`);
    expect((await withBearer(token)).status).toBe(200);
  });

  it('refuses it after an automatic suspension, and lets it in again once paid', async () => {
    const { id, email } = await billedUser({
      'tarkan.billingSuspension': true,
      'tarkan.billingSuspensionDays': 1,
    });
    const token = await tokenOf(email);
    expect((await withBearer(token, '/tarkan/invoices')).status).toBe(200);

    // Saving an invoice runs the billing rules: 5 days overdue > 1 day → suspended.
    const res = await adminPost(`/tarkan/invoices/manager/${id}/save`, { dueDate: day(-5) });
    const overdue = (await res.json()) as Invoice;
    expect((await withBearer(token)).status).toBe(401);
    expect((await withBearer(token, '/tarkan/invoices')).status).toBe(401);

    await adminPost(`/tarkan/invoices/manager/${overdue.id}/setAsReceivedCash`);
    expect((await withBearer(token)).status).toBe(200);
  });

  it('ends a remember-me session and a token once the trust-unlock grace runs out', async () => {
    const { id, email } = await billedUser({
      'tarkan.billingTrustUnlock': true,
      // About 2.6 seconds of grace.
      'tarkan.billingTrustUnlockDays': 0.00003,
    });
    await adminPost(`/tarkan/invoices/manager/${id}/lockUser`);
    const unlock = await new Client(server.url).json('/tarkan/invoices/unlock', {
      username: email,
      password: 'user-pass',
    });
    expect(unlock.status).toBe(200);
    const browser = new Client(server.url);
    await browser.login(email, 'user-pass');
    const token = await browser.form('/api/session/token', {}).then((r) => r.text());
    expect((await browser.get('/api/session')).status).toBe(200);
    expect((await withBearer(token)).status).toBe(200);

    await sleep(3_200);
    expect((await browser.get('/api/session')).status).toBe(404);
    expect((await withBearer(token)).status).toBe(401);
  });
});

describe('monthly invoice generation', () => {
  it('creates the next invoice on start, N days ahead, once per period', async () => {
    const dueDate = day(5);
    const { email } = await billedUser({ 'tarkan.billingDate': Number(dueDate.slice(8)) });
    const { email: later } = await billedUser({ 'tarkan.billingDate': Number(day(20).slice(8)) });
    const user = new Client(server.url);
    await user.login(email, 'user-pass');
    const far = new Client(server.url);
    await far.login(later, 'user-pass');
    expect(await (await user.get('/tarkan/invoices')).json()).toEqual([]);

    // The job runs when the server starts (and every 10 minutes after).
    await server.restart();
    let invoices: Invoice[] = [];
    for (let i = 0; i < 50 && invoices.length === 0; i += 1) {
      await sleep(100);
      const res = await user.get('/tarkan/invoices');
      expect(res.status).toBe(200);
      invoices = (await res.json()) as Invoice[];
    }
    expect(invoices.map((i) => [i.dueDate, i.value, i.status])).toEqual([
      [dueDate, 4990, 'PENDING'],
    ]);
    // 20 days ahead is beyond the default 10-day lead time.
    expect(await (await far.get('/tarkan/invoices')).json()).toEqual([]);

    await server.restart();
    await sleep(1_000);
    expect(((await (await user.get('/tarkan/invoices')).json()) as Invoice[]).length).toBe(1);
  });
});
