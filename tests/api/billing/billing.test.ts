import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { Client } from '../../support/http';
import {
  startHookReceiver,
  startPaymentApi,
  type TestHookReceiver,
  type TestPaymentApi,
} from '../../support/paymentProvider';
import { createTempPostgres, type TempPostgres } from '../../support/postgres';
import { signInAdmin } from '../../support/entityApi';
import { startServer, type TestServer } from '../../support/server';
import { mailBody, startSmtp, type TestSmtp } from '../../support/smtp';

interface Invoice {
  id: number;
  userId: number;
  dueDate: string;
  value: number;
  status: string;
  paidDate: string | null;
  link: string | null;
}

interface SuspendedError {
  error: string;
  trustAvailable: boolean;
  invoices: Invoice[];
}

const VALID_CPF = '529.982.247-25';
const day = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

let server: TestServer;
let database: TempPostgres | null = null;
let admin: Client;
let payments: TestPaymentApi;
let hooks: TestHookReceiver;
let smtp: TestSmtp;

beforeAll(async () => {
  payments = await startPaymentApi();
  hooks = await startHookReceiver();
  smtp = await startSmtp();
  if (process.env.DATABASE_URL) database = await createTempPostgres('dir');
  server = await startServer({
    env: {
      LICENSE_MODE: 'plus',
      PAYMENT_API_URL: payments.url,
      ...(database ? { DATABASE_URL: database.url } : {}),
    },
  });
  admin = await signInAdmin(server);
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await database?.drop();
  await payments?.close();
  await hooks?.close();
  await smtp?.close();
});

async function setBilling(on: boolean, extra: Record<string, unknown> = {}) {
  const current = (await (await admin.get('/api/server')).json()) as {
    attributes: Record<string, unknown>;
  };
  const res = await admin.json(
    '/api/server',
    { ...current, attributes: { ...current.attributes, 'tarkan.enableBilling': on, ...extra } },
    'PUT',
  );
  expect(res.status).toBe(200);
}

let seq = 0;
async function billedUser(attributes: Record<string, unknown> = {}) {
  seq += 1;
  const email = `billed${seq}@frota.test`;
  const res = await admin.json('/api/users', {
    name: `Billed ${seq}`,
    email,
    password: 'user-pass',
    attributes: { 'tarkan.enableBilling': true, 'tarkan.billingPrice': 4990, ...attributes },
  });
  expect(res.status).toBe(200);
  const { id } = (await res.json()) as { id: number };
  return { id, email };
}

async function post(client: Client, path: string, body: unknown = {}) {
  return client.json(path, body);
}

async function createInvoice(userId: number, body: Record<string, unknown> = {}): Promise<Invoice> {
  const res = await post(admin, `/tarkan/invoices/manager/${userId}/save`, body);
  if (res.status !== 200) throw new Error(`save: ${res.status} ${await res.text()}`);
  return (await res.json()) as Invoice;
}

async function saveIntegration(key: string, settings: Record<string, unknown>) {
  return post(admin, `/tarkan/integrations/${key}`, settings);
}

describe('who may call the billing endpoints', () => {
  it('refuses anonymous callers, non-admins, and everyone while billing is off', async () => {
    await setBilling(false);
    const anonymous = new Client(server.url);
    expect((await anonymous.get('/tarkan/invoices')).status).toBe(401);
    expect((await anonymous.get('/tarkan/invoices/manager')).status).toBe(401);
    expect((await post(anonymous, '/tarkan/invoices/manager/1/lockUser')).status).toBe(401);

    const res = await admin.get('/tarkan/invoices/manager');
    expect(res.status).toBe(400);
    expect(await res.text()).toBe('Billing disabled - SecurityException');

    await setBilling(true);
    const { email, id } = await billedUser();
    const user = new Client(server.url);
    await user.login(email, 'user-pass');
    for (const path of [
      `/tarkan/invoices/manager/${id}/save`,
      `/tarkan/invoices/manager/${id}/lockUser`,
      `/tarkan/invoices/manager/${id}/unlockUser?perma=true`,
      '/tarkan/invoices/manager/1/setAsReceivedCash',
      '/tarkan/invoices/manager/1/delete',
    ]) {
      const denied = await post(user, path);
      expect(denied.status, path).toBe(400);
      expect(await denied.text()).toBe('Administrator access required - SecurityException');
    }
    expect((await user.get('/tarkan/invoices/manager')).status).toBe(400);
    expect((await user.get('/tarkan/invoices')).status).toBe(200);
  });

  it('never changes state on GET', async () => {
    const { id } = await billedUser();
    for (const path of [
      `/tarkan/invoices/manager/${id}/lockUser`,
      `/tarkan/invoices/manager/${id}/unlockUser`,
    ]) {
      expect((await admin.get(path)).status).toBe(404);
    }
  });

  it('needs the plus licence for the manager and the integrations', async () => {
    const plain = await startServer({ env: database ? { DATABASE_URL: database.url } : {} });
    try {
      const client = await signInAdmin(plain);
      for (const res of [
        await client.get('/tarkan/invoices/manager'),
        await client.get('/tarkan/integrations'),
        await client.json('/tarkan/integrations/email', { enabled: false }),
      ]) {
        expect(res.status).toBe(400);
        expect(await res.text()).toBe('Plus licence required - SecurityException');
      }
    } finally {
      await plain.stop();
    }
  }, 60_000);
});

describe('integrations', () => {
  it('lists every integration with secrets hidden and keeps a secret saved blank', async () => {
    const list = (await (await admin.get('/tarkan/integrations')).json()) as {
      key: string;
      settings: Record<string, unknown>;
    }[];
    expect(list.map((i) => i.key)).toEqual(['asaas', 'email', 'invoice']);

    let res = await saveIntegration('asaas', {
      enabled: false,
      email: 'fin@frota.test',
      token: 'secret-token-1',
      sandbox: true,
    });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).not.toContain('secret-token-1');
    expect(JSON.parse(text)).toMatchObject({
      key: 'asaas',
      settings: { tokenSet: true, sandbox: true, email: 'fin@frota.test' },
    });

    res = await saveIntegration('asaas', { enabled: false, token: '', tokenSet: true });
    expect(res.status).toBe(200);
    const after = JSON.stringify(await (await admin.get('/tarkan/integrations')).json());
    expect(after).not.toContain('secret-token-1');
    expect(after).toContain('"tokenSet":true');
  });

  it('refuses unknown keys and settings, incomplete enabled ones, and non-admins', async () => {
    expect((await saveIntegration('nope', {})).status).toBe(404);
    const unknown = await saveIntegration('email', { colour: 'red' });
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toBe('Unknown setting colour - IllegalArgumentException');
    const incomplete = await saveIntegration('email', { enabled: true, port: 25 });
    expect(await incomplete.text()).toBe('host is required - IllegalArgumentException');

    const { email } = await billedUser();
    const user = new Client(server.url);
    await user.login(email, 'user-pass');
    expect((await user.get('/tarkan/integrations')).status).toBe(400);
    expect((await user.json('/tarkan/integrations/email', { enabled: false })).status).toBe(400);
  });

  it('sends recovery mail through the e-mail integration once enabled, without a restart', async () => {
    const { email } = await billedUser();
    const port = Number(new URL(smtp.url).port);
    const res = await saveIntegration('email', {
      enabled: true,
      host: '127.0.0.1',
      port,
      secure: false,
      user: 'mailer',
      password: 'mail-secret',
      senderEmail: 'billing@frota.test',
      senderName: 'Frota Billing',
    });
    expect(res.status).toBe(200);
    expect(await res.text()).not.toContain('mail-secret');
    const info = (await (await admin.get('/api/server')).json()) as { emailEnabled: boolean };
    expect(info.emailEnabled).toBe(true);
    const anonymous = new Client(server.url);
    expect((await anonymous.form('/api/session/password', { email })).status).toBe(200);
    const mail = await smtp.waitForMail(email);
    expect(mail.from).toBe('billing@frota.test');
    expect(mailBody(mail)).toContain('/login/recover/');
    await saveIntegration('email', { enabled: false });
  });
});

describe('invoices without a payment provider', () => {
  it('creates from the user settings, lists newest first, receives in cash and cancels', async () => {
    await setBilling(true);
    await saveIntegration('asaas', { enabled: false });
    const { id, email } = await billedUser({ 'tarkan.billingDate': 10 });
    const first = await createInvoice(id, { dueDate: day(5) });
    expect(first).toMatchObject({
      userId: id,
      value: 4990,
      status: 'PENDING',
      link: null,
      dueDate: day(5),
    });
    const second = await createInvoice(id, { 'tarkan.billingPrice': '1500', dueDate: day(35) });
    expect(second.value).toBe(1500);
    const third = await createInvoice(id);
    expect(third.dueDate.slice(8)).toBe('10');

    const user = new Client(server.url);
    await user.login(email, 'user-pass');
    const mine = (await (await user.get('/tarkan/invoices')).json()) as Invoice[];
    expect(mine.map((i) => i.dueDate)).toEqual([...mine.map((i) => i.dueDate)].sort().reverse());
    expect(mine).toHaveLength(3);

    const paid = await post(admin, `/tarkan/invoices/manager/${first.id}/setAsReceivedCash`);
    expect(((await paid.json()) as Invoice).status).toBe('RECEIVED_IN_CASH');
    const again = await post(admin, `/tarkan/invoices/manager/${first.id}/setAsReceivedCash`);
    expect(await again.text()).toBe('Invoice is not open - IllegalArgumentException');
    const cancelPaid = await post(admin, `/tarkan/invoices/manager/${first.id}/delete`);
    expect(await cancelPaid.text()).toBe(
      'A paid invoice cannot be cancelled - IllegalArgumentException',
    );
    expect((await post(admin, `/tarkan/invoices/manager/${second.id}/delete`)).status).toBe(200);
    expect((await post(admin, `/tarkan/invoices/manager/999999/delete`)).status).toBe(404);

    const managed = (await (await admin.get('/tarkan/invoices/manager')).json()) as {
      id: number;
      invoices: Invoice[];
    }[];
    const row = managed.find((u) => u.id === id)!;
    expect(row.invoices.map((i) => i.id).sort()).toEqual([first.id, third.id].sort());
    // Another user never sees them.
    const other = await billedUser();
    const otherClient = new Client(server.url);
    await otherClient.login(other.email, 'user-pass');
    expect(await (await otherClient.get('/tarkan/invoices')).json()).toEqual([]);
  });

  it('refuses an invoice without a price or with a bad date', async () => {
    const { id } = await billedUser({ 'tarkan.billingPrice': 0 });
    expect(await (await post(admin, `/tarkan/invoices/manager/${id}/save`, {})).text()).toBe(
      'Price is required - IllegalArgumentException',
    );
    expect(
      await (
        await post(admin, `/tarkan/invoices/manager/${id}/save`, {
          'tarkan.billingPrice': 100,
          dueDate: '2024-13-45',
        })
      ).text(),
    ).toBe('Invalid due date - IllegalArgumentException');
  });
});

describe('suspension and trust unlock', () => {
  const suspendedUser = () =>
    billedUser({
      'tarkan.billingSuspension': true,
      'tarkan.billingSuspensionDays': 2,
      'tarkan.billingTrustUnlock': true,
      'tarkan.billingTrustUnlockDays': 2,
    });

  it('suspends after N days overdue, answers the object error, and trust-unlocks once', async () => {
    await setBilling(true);
    const { id, email } = await suspendedUser();
    const session = new Client(server.url);
    await session.login(email, 'user-pass');

    const notYet = await createInvoice(id, { dueDate: day(-2) });
    expect(notYet.status).toBe('OVERDUE');
    expect((await session.get('/api/session')).status).toBe(200);

    await createInvoice(id, { dueDate: day(-3) });
    // The suspension ended the user's session.
    expect((await session.get('/api/session')).status).toBe(404);

    const wrong = await new Client(server.url).form('/api/session', { email, password: 'nope' });
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toBe('HTTP 401 Unauthorized - WebApplicationException');

    const refused = await new Client(server.url).form('/api/session', {
      email,
      password: 'user-pass',
    });
    expect(refused.status).toBe(401);
    const body = (await refused.json()) as SuspendedError;
    expect(body.error).toBe('ACCOUNT_IS_SUSPENDED_TRUST');
    expect(body.trustAvailable).toBe(true);
    expect(body.invoices.map((i) => i.status)).toEqual(['OVERDUE', 'OVERDUE']);

    const badUnlock = await post(new Client(server.url), '/tarkan/invoices/unlock', {
      username: email,
      password: 'nope',
    });
    expect(badUnlock.status).toBe(401);

    const unlock = await post(new Client(server.url), '/tarkan/invoices/unlock', {
      username: email,
      password: 'user-pass',
    });
    expect(unlock.status).toBe(200);
    const { until } = (await unlock.json()) as { until: string };
    expect(Date.parse(until) - Date.now()).toBeGreaterThan(47 * 3600_000);
    await new Client(server.url).login(email, 'user-pass');

    const twice = await post(new Client(server.url), '/tarkan/invoices/unlock', {
      username: email,
      password: 'user-pass',
    });
    expect(twice.status).toBe(400);
    expect(await twice.text()).toBe('Already trust - SecurityException');

    // Suspended again by the administrator: no trust left.
    expect((await post(admin, `/tarkan/invoices/manager/${id}/lockUser`)).status).toBe(200);
    const locked = await new Client(server.url).form('/api/session', {
      email,
      password: 'user-pass',
    });
    expect(await locked.json()).toMatchObject({
      error: 'ACCOUNT_IS_SUSPENDED',
      trustAvailable: false,
    });

    expect((await post(admin, `/tarkan/invoices/manager/${id}/unlockUser?perma=true`)).status).toBe(
      200,
    );
    await new Client(server.url).login(email, 'user-pass');
  });

  it('closes the live socket when the trust unlock runs out, as requests are refused', async () => {
    await setBilling(true);
    // A trust of a few seconds (the setting takes fractions of a day).
    const graceMs = 3000;
    const { id, email } = await billedUser({
      'tarkan.billingSuspension': true,
      'tarkan.billingSuspensionDays': 2,
      'tarkan.billingTrustUnlock': true,
      'tarkan.billingTrustUnlockDays': graceMs / 86_400_000,
    });
    await createInvoice(id, { dueDate: day(-10) });
    const unlock = await post(new Client(server.url), '/tarkan/invoices/unlock', {
      username: email,
      password: 'user-pass',
    });
    expect(unlock.status).toBe(200);
    const session = new Client(server.url);
    await session.login(email, 'user-pass');

    const socket = new WebSocket(server.wsUrl + '/api/socket', {
      headers: { cookie: session.cookieHeader() },
    });
    const closed = new Promise<number>((done) => socket.on('close', (code) => done(code)));
    await new Promise<void>((ready, fail) => {
      socket.on('message', () => ready());
      socket.on('error', fail);
    });
    const openedAt = Date.now();
    const timeout = new Promise<string>((done) => setTimeout(() => done('still open'), 10_000));
    expect(await Promise.race([closed, timeout])).toBe(4000);
    expect(Date.now() - openedAt).toBeLessThan(graceMs + 2000);
    expect((await session.get('/api/session')).status).toBe(404);
  });

  it('lifts the suspension once the overdue invoices are paid, and restores the trust', async () => {
    const { id, email } = await suspendedUser();
    const overdue = await createInvoice(id, { dueDate: day(-10) });
    const refused = await new Client(server.url).form('/api/session', {
      email,
      password: 'user-pass',
    });
    expect(refused.status).toBe(401);
    await post(new Client(server.url), '/tarkan/invoices/unlock', {
      username: email,
      password: 'user-pass',
    });
    await post(admin, `/tarkan/invoices/manager/${overdue.id}/setAsReceivedCash`);
    const managed = (await (await admin.get('/tarkan/invoices/manager')).json()) as {
      id: number;
      suspended: boolean;
      trustUsed: boolean;
    }[];
    expect(managed.find((u) => u.id === id)).toMatchObject({ suspended: false, trustUsed: false });
    await new Client(server.url).login(email, 'user-pass');
  });

  it('keeps suspension state out of reach of the user, and off while billing is off', async () => {
    const { id, email } = await suspendedUser();
    await createInvoice(id, { dueDate: day(-10) });
    await setBilling(false);
    const user = new Client(server.url);
    await user.login(email, 'user-pass');
    const me = (await (await user.get('/api/session')).json()) as Record<string, unknown> & {
      attributes: Record<string, unknown>;
    };
    // Turning their own suspension off through their attributes changes nothing.
    const edit = await user.json(
      `/api/users/${id}`,
      { ...me, attributes: { ...me.attributes, 'tarkan.billingSuspension': false } },
      'PUT',
    );
    expect(edit.status).toBe(200);
    const stored = (await (await admin.get(`/api/users/${id}`)).json()) as {
      attributes: Record<string, unknown>;
    };
    expect(stored.attributes['tarkan.billingSuspension']).toBe(true);
    await setBilling(true);
    const refused = await new Client(server.url).form('/api/session', {
      email,
      password: 'user-pass',
    });
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as SuspendedError).error).toMatch(/^ACCOUNT_IS_SUSPENDED/);
  });
});

describe('with the payment provider', () => {
  it('creates the customer once and a payment per invoice, and stores nothing on failure', async () => {
    await setBilling(true);
    const saved = await saveIntegration('asaas', {
      enabled: true,
      token: payments.token,
      webhookToken: 'hook-token',
    });
    expect(saved.status).toBe(200);
    const bad = await billedUser({ 'tarkan.billingCpfCnpj': '111.111.111-11' });
    const refused = await post(admin, `/tarkan/invoices/manager/${bad.id}/save`, {
      dueDate: day(3),
    });
    expect(await refused.text()).toBe('Invalid CPF/CNPJ - IllegalArgumentException');

    const { id } = await billedUser({
      'tarkan.billingCpfCnpj': VALID_CPF,
      'tarkan.billingFine': 2,
      'tarkan.billingFineMode': 'PERCENTAGE',
      'tarkan.billingInterest': 1,
    });
    const first = await createInvoice(id, { dueDate: day(3) });
    expect(first.link).toMatch(/^https:\/\/pay\.example\.test\/i\/pay_/);
    const second = await createInvoice(id, { dueDate: day(33) });
    expect(
      payments.requests.filter((r) => r.method === 'POST' && r.path === '/customers'),
    ).toHaveLength(1);
    const paymentCall = payments.requests.find(
      (r) => r.method === 'POST' && r.path === '/payments',
    )!;
    expect(paymentCall.headers.access_token).toBe(payments.token);
    expect(paymentCall.body).toMatchObject({
      value: 49.9,
      dueDate: day(3),
      fine: { value: 2, type: 'PERCENTAGE' },
      interest: { value: 1 },
    });

    payments.failNext(400, 'Cliente bloqueado');
    const failed = await post(admin, `/tarkan/invoices/manager/${id}/save`, { dueDate: day(63) });
    expect(failed.status).toBe(400);
    expect(await failed.text()).toBe(
      'Payment provider error: Cliente bloqueado (HTTP 400) - IllegalArgumentException',
    );
    const managed = (await (await admin.get('/tarkan/invoices/manager')).json()) as {
      id: number;
      invoices: Invoice[];
    }[];
    expect(managed.find((u) => u.id === id)!.invoices).toHaveLength(2);

    await post(admin, `/tarkan/invoices/manager/${second.id}/delete`);
    const secondPayment = second.link!.split('/').pop()!;
    expect(payments.payments.has(secondPayment)).toBe(false);
    expect(
      payments.requests.some(
        (r) => r.method === 'DELETE' && r.path === `/payments/${secondPayment}`,
      ),
    ).toBe(true);
    const cash = await post(admin, `/tarkan/invoices/manager/${first.id}/setAsReceivedCash`);
    expect(cash.status).toBe(200);
    expect(payments.requests.some((r) => r.path.endsWith('/receiveInCash'))).toBe(true);
  });

  it('updates an invoice from the provider webhook, only with the configured token', async () => {
    const { id, email } = await billedUser({ 'tarkan.billingCpfCnpj': VALID_CPF });
    const invoice = await createInvoice(id, { dueDate: day(3) });
    const providerId = invoice.link!.split('/').pop()!;
    const anonymous = new Client(server.url);
    const body = {
      event: 'PAYMENT_RECEIVED',
      payment: { id: providerId, status: 'RECEIVED', paymentDate: day(0) },
    };
    const noToken = await anonymous.json('/tarkan/invoices/webhook', body);
    expect(noToken.status).toBe(401);
    const wrong = await anonymous.request('/tarkan/invoices/webhook', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'asaas-access-token': 'wrong' },
      body: JSON.stringify(body),
    });
    expect(wrong.status).toBe(401);
    const ok = await anonymous.request('/tarkan/invoices/webhook', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'asaas-access-token': 'hook-token' },
      body: JSON.stringify(body),
    });
    expect(ok.status).toBe(200);
    const user = new Client(server.url);
    await user.login(email, 'user-pass');
    const [mine] = (await (await user.get('/tarkan/invoices')).json()) as Invoice[];
    expect(mine.status).toBe('RECEIVED');
    expect(mine.paidDate?.slice(0, 10)).toBe(day(0));
    await saveIntegration('asaas', { enabled: false });
  });
});

describe('invoice integration', () => {
  it('posts each invoice change signed with the secret, and a failing receiver loses nothing', async () => {
    await setBilling(true);
    expect(
      (await saveIntegration('invoice', { enabled: true, url: hooks.url, secret: 'hmac-secret' }))
        .status,
    ).toBe(200);
    const { id } = await billedUser();
    const invoice = await createInvoice(id, { dueDate: day(4) });
    await hooks.waitFor(1);
    const hook = hooks.received[0];
    const expected = `sha256=${createHmac('sha256', 'hmac-secret').update(hook.raw).digest('hex')}`;
    expect(hook.headers['x-frota-signature']).toBe(expected);
    expect(JSON.parse(hook.raw)).toMatchObject({
      event: 'created',
      invoice: { id: invoice.id, value: 4990 },
    });

    hooks.status = 500;
    const paid = await post(admin, `/tarkan/invoices/manager/${invoice.id}/setAsReceivedCash`);
    expect(paid.status).toBe(200);
    await hooks.waitFor(2);
    expect(JSON.parse(hooks.received[1].raw)).toMatchObject({
      event: 'updated',
      invoice: { status: 'RECEIVED_IN_CASH' },
    });
    await saveIntegration('invoice', { enabled: false });
  });
});
