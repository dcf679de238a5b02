import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { Client } from '../../support/http';
import { startHttpDouble, type HttpDouble } from '../../support/httpDouble';
import { signInAdmin } from '../../support/entityApi';
import { startServer, type TestServer } from '../../support/server';
import { mailBody, mailHeader, startSmtp, type TestSmtp } from '../../support/smtp';

const MANAGER = { email: 'manager@frota.test', password: 'manager-pass-1' };
const ALICE = { email: 'alice@frota.test', password: 'alice-pass-1' };
const BOB = { email: 'bob@frota.test', password: 'bob-pass-12' };

const MESSAGE = { subject: 'Manutenção', body: 'O sistema para às 22h.', priority: false };

describe('POST /api/notifications/send/{notificator}', () => {
  let smtp: TestSmtp;
  let gateway: HttpDouble;
  let server: TestServer;
  let admin: Client;
  let manager: Client;
  let alice: Client;
  let aliceId: number;
  let bobId: number;

  const send = (client: Client, channel: string, userIds: number[], body: unknown = MESSAGE) =>
    client.json(
      `/api/notifications/send/${channel}${userIds.length ? '?' : ''}${userIds.map((id) => `userId=${id}`).join('&')}`,
      body,
    );
  const smsSent = () => gateway.requests.filter((r) => r.path.startsWith('/sms/'));

  async function create(body: Record<string, unknown>): Promise<number> {
    const res = await admin.json('/api/users', body);
    expect(res.status).toBe(200);
    return ((await res.json()) as { id: number }).id;
  }

  beforeAll(async () => {
    [smtp, gateway] = await Promise.all([startSmtp(), startHttpDouble()]);
    gateway.on('/sms/', () => ({ json: { queued: true } }));
    server = await startServer({ env: { SMTP_URL: smtp.url } });
    admin = await signInAdmin(server);
    const settings = (await (await admin.get('/api/server')).json()) as Record<string, unknown>;
    const withSms = {
      ...settings,
      attributes: { 'notificator.sms.http.url': `${gateway.url}/sms/send` },
    };
    expect((await admin.json('/api/server', withSms, 'PUT')).status).toBe(200);
    const managerId = await create({ name: 'Manager', ...MANAGER, userLimit: 5 });
    aliceId = await create({ name: 'Alice', ...ALICE, phone: '+5511900000001' });
    bobId = await create({ name: 'Bob', ...BOB, phone: '+5511900000002' });
    const link = await admin.json('/api/permissions', {
      userId: managerId,
      managedUserId: aliceId,
    });
    expect(link.status).toBe(204);
    manager = new Client(server.url);
    await manager.login(MANAGER.email, MANAGER.password);
    alice = new Client(server.url);
    await alice.login(ALICE.email, ALICE.password);
  });

  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
    await gateway?.close();
  });

  it('mails the subject and body to the users an administrator names', async () => {
    const res = await send(admin, 'mail', [aliceId, bobId]);
    expect(res.status).toBe(204);
    expect(
      smtp.mails
        .map((m) => m.to)
        .flat()
        .sort(),
    ).toEqual([ALICE.email, BOB.email]);
    const mail = await smtp.waitForMail(ALICE.email);
    expect(mailHeader(mail, 'subject')).toBe('=?UTF-8?Q?Manuten=C3=A7=C3=A3o?=');
    expect(mailBody(mail)).toContain('O sistema para às 22h.');
  });

  it('sends the digest by SMS; a manager reaches only their own users', async () => {
    const res = await send(manager, 'sms', [aliceId], { ...MESSAGE, digest: 'Parada 22h' });
    expect(res.status).toBe(204);
    expect(smsSent()).toHaveLength(1);
    expect(smsSent()[0].body).toBe(
      `phone=${encodeURIComponent('+5511900000001')}&message=Parada%2022h`,
    );

    const foreign = await send(manager, 'sms', [aliceId, bobId]);
    expect([foreign.status, await foreign.text()]).toEqual([
      400,
      'User access denied - SecurityException',
    ]);
    expect(smsSent()).toHaveLength(1);

    // No user named: every user the manager manages.
    const mails = smtp.mails.length;
    expect((await send(manager, 'mail', [])).status).toBe(204);
    expect(
      smtp.mails
        .slice(mails)
        .map((m) => m.to)
        .flat(),
    ).toEqual([ALICE.email]);
  });

  it('is for managers and administrators only', async () => {
    const res = await send(alice, 'mail', [aliceId]);
    expect([res.status, await res.text()]).toEqual([
      400,
      'Manager access required - SecurityException',
    ]);
    expect(
      (await new Client(server.url).json('/api/notifications/send/mail', MESSAGE)).status,
    ).toBe(401);
  });

  it('refuses unknown or unusable channels and bad messages, sending nothing', async () => {
    const mails = smtp.mails.length;
    const unknown = await send(admin, 'pigeon', [aliceId]);
    expect([unknown.status, await unknown.text()]).toEqual([
      400,
      'Unknown notificator - IllegalArgumentException',
    ]);
    expect((await send(admin, 'command', [aliceId])).status).toBe(400);
    const telegram = await send(admin, 'telegram', [aliceId]);
    expect([telegram.status, await telegram.text()]).toEqual([
      400,
      'Telegram is not configured - IllegalArgumentException',
    ]);
    expect((await send(admin, 'mail', [aliceId], { body: 'no subject' })).status).toBe(400);
    expect((await send(admin, 'mail', [999999])).status).toBe(400);
    expect(
      (
        await admin.request('/api/notifications/send/mail?userId=x', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(MESSAGE),
        })
      ).status,
    ).toBe(400);
    expect(smtp.mails.length).toBe(mails);
    expect(smsSent()).toHaveLength(1);
  });

  it('pushes a web announcement to the users’ open sessions', async () => {
    const socket = new WebSocket(`${server.wsUrl}/api/socket`, {
      headers: { cookie: alice.cookieHeader() },
    });
    const messages: string[] = [];
    socket.on('message', (data) => messages.push(String(data)));
    await new Promise((resolve, reject) => socket.on('open', resolve).on('error', reject));
    expect((await send(admin, 'web', [aliceId], { ...MESSAGE, digest: 'Parada' })).status).toBe(
      204,
    );
    const deadline = Date.now() + 5000;
    while (!messages.some((m) => m.includes('announcement')) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    socket.close();
    const message = messages.find((m) => m.includes('announcement'));
    expect(JSON.parse(message ?? '{}')).toMatchObject({
      events: [{ type: 'announcement', deviceId: 0, attributes: { message: 'Parada' } }],
    });
  });
});
