import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '../../support/http';
import { signInAdmin } from '../../support/entityApi';
import { TEST_ADMIN, startServer, type TestServer } from '../../support/server';
import { mailBody, mailHeader, startSmtp, type TestSmtp } from '../../support/smtp';

const LINK = /(https?:\/\/[^\s/]+)\/login\/recover\/([A-Za-z0-9_-]+)/;
const PUBLIC_URL = 'https://fleet.test';

/** Asks for a reset the way an attacker would: their own Host and `requested_from`. */
const requestWithHost = (server: TestServer, host: string, fields: Record<string, string>) =>
  new Client(server.url).request('/api/session/password', {
    method: 'POST',
    headers: { host },
    body: new URLSearchParams(fields),
  });

describe('password recovery by mail', () => {
  let smtp: TestSmtp;
  let server: TestServer;

  beforeAll(async () => {
    smtp = await startSmtp();
    server = await startServer({
      env: {
        SMTP_URL: smtp.url,
        SMTP_FROM: 'frota@test.example',
        PUBLIC_URL,
        LICENSE_MODE: 'plus',
      },
    });
    const admin = await signInAdmin(server);
    for (const [email, language] of [
      ['ana@x.test', 'en-US'],
      ['bruno@x.test', undefined],
      ['carla@x.test', 'en-US'],
    ] as const) {
      const res = await admin.json('/api/users', {
        name: 'Recovering',
        email,
        password: 'old-password',
        attributes: language ? { language } : {},
      });
      expect(res.status).toBe(200);
    }
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });

  it('reports email as enabled', async () => {
    const info = (await (await fetch(`${server.url}/api/server`)).json()) as {
      emailEnabled: boolean;
    };
    expect(info.emailEnabled).toBe(true);
  });

  it('mails a single-use link that sets a new password and ends sessions', async () => {
    const victimSession = new Client(server.url);
    await victimSession.login('ana@x.test', 'old-password');

    const client = new Client(server.url);
    const req = await client.form('/api/session/password', {
      email: 'ANA@x.test',
      requested_from: server.url,
    });
    expect(req.status).toBe(200);
    expect(await req.text()).toBe('');

    const mail = await smtp.waitForMail('ana@x.test');
    expect(mail.from).toBe('frota@test.example');
    expect(mailHeader(mail, 'subject')).toBe('Frota: password reset');
    const match = LINK.exec(mailBody(mail));
    expect(match, mailBody(mail)).not.toBeNull();
    const [, origin, token] = match!;
    expect(origin).toBe(PUBLIC_URL);
    expect(server.output).not.toContain(token);

    const short = await client.form('/api/session/password', { token, password: 'abc' });
    expect(short.status).toBe(400);
    expect(await short.text()).toBe('Password too short - IllegalArgumentException');

    const set = await client.form('/api/session/password', { token, password: 'new-password' });
    expect(set.status).toBe(200);

    expect((await victimSession.get('/api/session')).status).toBe(404);
    const oldPw = await new Client(server.url).form('/api/session', {
      email: 'ana@x.test',
      password: 'old-password',
    });
    expect(oldPw.status).toBe(401);
    await new Client(server.url).login('ana@x.test', 'new-password');

    const reuse = await client.form('/api/session/password', { token, password: 'third-password' });
    expect(reuse.status).toBe(400);
    expect(await reuse.text()).toBe('Invalid or expired token - SecurityException');
  });

  it('writes Portuguese by default', async () => {
    await new Client(server.url).form('/api/session/password', {
      email: 'bruno@x.test',
      requested_from: server.url,
    });
    const mail = await smtp.waitForMail('bruno@x.test');
    expect(mailBody(mail)).toContain('Recebemos um pedido para redefinir a sua senha');
  });

  it('links to PUBLIC_URL whatever Host and requested_from say (link poisoning)', async () => {
    const res = await requestWithHost(server, 'evil.test', {
      email: 'carla@x.test',
      requested_from: 'http://evil.test',
    });
    expect(res.status).toBe(200);
    const mail = await smtp.waitForMail('carla@x.test');
    expect(LINK.exec(mailBody(mail))?.[1]).toBe(PUBLIC_URL);
    expect(mailBody(mail)).not.toContain('evil.test');
  });

  it("links to a reseller's configured domain when the request came to it", async () => {
    const admin = await signInAdmin(server);
    const reseller = await admin.json('/api/users', {
      name: 'Acme',
      email: 'acme@x.test',
      password: 'acme-pass-1',
      attributes: {
        'tarkan.reseller': true,
        'tarkan.domainReseller': 'track.acme.example',
        'tarkan.limitReseller': 5,
      },
    });
    expect(reseller.status, await reseller.clone().text()).toBe(200);
    // The Host only picks a configured domain (any port); the link keeps PUBLIC_URL's scheme.
    await requestWithHost(server, 'TRACK.acme.example:8443', { email: 'acme@x.test' });
    const mail = await smtp.waitForMail('acme@x.test');
    expect(LINK.exec(mailBody(mail))?.[1]).toBe('https://track.acme.example');

    // The reseller's customer too; they are the reseller's own.
    const acme = new Client(server.url, { host: 'track.acme.example' });
    await acme.login('acme@x.test', 'acme-pass-1');
    const customer = await acme.json('/api/users', {
      name: 'Acme customer',
      email: 'acme-customer@x.test',
      password: 'customer-pass-1',
    });
    expect(customer.status, await customer.clone().text()).toBe(200);
    await requestWithHost(server, 'track.acme.example', { email: 'acme-customer@x.test' });
    const customerMail = await smtp.waitForMail('acme-customer@x.test');
    expect(LINK.exec(mailBody(customerMail))?.[1]).toBe('https://track.acme.example');
  });

  it("links other accounts to PUBLIC_URL, never to the reseller's domain they asked on", async () => {
    const admin = await signInAdmin(server);
    const reseller = await admin.json('/api/users', {
      name: 'Omega',
      email: 'omega@x.test',
      password: 'omega-pass-1',
      attributes: {
        'tarkan.reseller': true,
        'tarkan.domainReseller': 'track.omega.example',
        'tarkan.limitReseller': 5,
      },
    });
    expect(reseller.status, await reseller.clone().text()).toBe(200);
    // The administrator, and an account under no reseller.
    for (const email of [TEST_ADMIN.email, 'ana@x.test']) {
      const to = () => smtp.mails.filter((m) => m.to.includes(email));
      const before = to().length;
      await requestWithHost(server, 'track.omega.example', { email });
      await expect.poll(() => to().length).toBe(before + 1);
      const body = mailBody(to()[before]);
      expect(LINK.exec(body)?.[1]).toBe(PUBLIC_URL);
      expect(body).not.toContain('omega');
    }
  });

  it('names the brand the request reached, main or reseller, in subject and body', async () => {
    const admin = await signInAdmin(server);
    const theme = (title: string) => ({
      config: { title, whatsapp: '', headLogo: { image: false, text: '' } },
    });
    expect((await admin.json('/tarkan/theme', theme('Rastro'), 'PUT')).status).toBe(200);
    const dora = await admin.json('/api/users', {
      name: 'Dora',
      email: 'dora@x.test',
      password: 'old-password',
      attributes: { language: 'en-US' },
    });
    expect(dora.status).toBe(200);
    const reseller = await admin.json('/api/users', {
      name: 'Zeta',
      email: 'zeta@x.test',
      password: 'zeta-pass-1',
      attributes: {
        language: 'en-US',
        'tarkan.reseller': true,
        'tarkan.domainReseller': 'track.zeta.example',
        'tarkan.limitReseller': 5,
      },
    });
    expect(reseller.status, await reseller.clone().text()).toBe(200);
    const zeta = new Client(server.url);
    await zeta.login('zeta@x.test', 'zeta-pass-1');
    expect((await zeta.json('/tarkan/theme', theme('Zeta Track'), 'PUT')).status).toBe(200);

    await new Client(server.url).form('/api/session/password', { email: 'dora@x.test' });
    const main = await smtp.waitForMail('dora@x.test');
    expect(mailHeader(main, 'subject')).toBe('Rastro: password reset');
    expect(mailBody(main)).toContain('reset your Rastro password');
    expect(mailBody(main)).not.toContain('Frota');

    await requestWithHost(server, 'track.zeta.example', { email: 'zeta@x.test' });
    const own = await smtp.waitForMail('zeta@x.test');
    expect(mailHeader(own, 'subject')).toBe('Zeta Track: password reset');
    expect(mailBody(own)).toContain('reset your Zeta Track password');
    expect(mailBody(own)).not.toContain('Rastro');
  });

  it('answers 200 for unknown addresses and sends nothing', async () => {
    const res = await new Client(server.url).form('/api/session/password', {
      email: 'nobody@x.test',
      requested_from: server.url,
    });
    expect(res.status).toBe(200);
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.mails.some((m) => m.to.includes('nobody@x.test'))).toBe(false);
  });

  it('requires an email', async () => {
    const res = await new Client(server.url).form('/api/session/password', {
      requested_from: server.url,
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toBe('Email is required - IllegalArgumentException');
  });

  it('rejects made-up tokens', async () => {
    const res = await new Client(server.url).form('/api/session/password', {
      token: 'made-up',
      password: 'whatever',
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toBe('Invalid or expired token - SecurityException');
  });
});

describe('password recovery without SMTP', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server?.stop());

  it('warns at start that links need PUBLIC_URL', async () => {
    await server.waitForLine(/PUBLIC_URL is not set/);
  });

  it('logs the link to localhost, never to the Host the request names', async () => {
    const res = await requestWithHost(server, 'evil.test', {
      email: TEST_ADMIN.email,
      requested_from: 'http://evil.test',
    });
    expect(res.status).toBe(200);
    const line = await server.waitForLine(/password reset link for /);
    expect(line).toContain(
      `password reset link for ${TEST_ADMIN.email}: http://localhost:${server.port}/login/recover/`,
    );
    expect(line).not.toContain('evil.test');
    const token = LINK.exec(line)![2];
    const set = await new Client(server.url).form('/api/session/password', {
      token,
      password: 'changed-pw',
    });
    expect(set.status).toBe(200);
    await new Client(server.url).login(TEST_ADMIN.email, 'changed-pw');
  });
});
