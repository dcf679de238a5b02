import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '../../support/http';
import { signInAdmin } from '../../support/entityApi';
import { startServer, type TestServer } from '../../support/server';
import { mailBody, startSmtp, type TestSmtp } from '../../support/smtp';

/** Traccar's link: the web app's reset form with the token in `passwordReset`. */
const LINK = /(https?:\/\/[^\s/]+)\/reset-password\?passwordReset=([A-Za-z0-9_-]+)/;
const PUBLIC_URL = 'https://fleet.test';

let smtp: TestSmtp;
let server: TestServer;
let admin: Client;

async function createUser(email: string, extra: object = {}): Promise<number> {
  const res = await admin.json('/api/users', {
    name: 'Forgetful',
    email,
    password: 'old-password',
    ...extra,
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { id: number }).id;
}

/** Asks for a reset and returns the token the mail links to. */
async function tokenFor(email: string): Promise<string> {
  const res = await new Client(server.url).form('/api/password/reset', { email });
  expect(res.status).toBe(200);
  const mail = await smtp.waitForMail(email);
  const match = LINK.exec(mailBody(mail));
  expect(match, mailBody(mail)).not.toBeNull();
  expect(match![1]).toBe(PUBLIC_URL);
  return match![2];
}

const signIn = (email: string, password: string) =>
  new Client(server.url).form('/api/session', { email, password });

beforeAll(async () => {
  smtp = await startSmtp();
  server = await startServer({
    env: { SMTP_URL: smtp.url, SMTP_FROM: 'frota@test.example', PUBLIC_URL },
  });
  admin = await signInAdmin(server);
});
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

describe('POST /api/password/reset', () => {
  it("mails Traccar's reset link at PUBLIC_URL, whatever the request's Host says", async () => {
    await createUser('ana@reset.test');
    const res = await new Client(server.url).request('/api/password/reset', {
      method: 'POST',
      headers: { host: 'evil.test' },
      body: new URLSearchParams({ email: 'ANA@reset.test' }),
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('');
    const mail = await smtp.waitForMail('ana@reset.test');
    expect(LINK.exec(mailBody(mail))?.[1]).toBe(PUBLIC_URL);
    expect(mailBody(mail)).not.toContain('evil.test');
  });

  it('answers 200 for an unknown address too, sending nothing', async () => {
    const before = smtp.mails.length;
    const res = await new Client(server.url).form('/api/password/reset', {
      email: 'nobody@reset.test',
    });
    expect(res.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.mails.length).toBe(before);
  });

  it('answers 400 without an email', async () => {
    const res = await new Client(server.url).form('/api/password/reset', {});
    expect(res.status).toBe(400);
    expect(await res.text()).toBe('Email is required - IllegalArgumentException');
  });
});

describe('POST /api/password/update', () => {
  it('sets the new password once, ending the old sessions', async () => {
    await createUser('bruno@reset.test');
    const oldSession = new Client(server.url);
    await oldSession.login('bruno@reset.test', 'old-password');
    const token = await tokenFor('bruno@reset.test');

    const res = await new Client(server.url).form('/api/password/update', {
      token,
      password: 'new-password',
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('');
    expect((await oldSession.get('/api/session')).status).toBe(404);
    expect((await signIn('bruno@reset.test', 'old-password')).status).toBe(401);
    expect((await signIn('bruno@reset.test', 'new-password')).status).toBe(200);

    const again = await new Client(server.url).form('/api/password/update', {
      token,
      password: 'third-password',
    });
    expect(again.status).toBe(400);
    expect(await again.text()).toBe('Invalid or expired token - SecurityException');
    expect((await signIn('bruno@reset.test', 'new-password')).status).toBe(200);
  });

  it('refuses a short password with 400, leaving the token usable', async () => {
    await createUser('carla@reset.test');
    const token = await tokenFor('carla@reset.test');
    const short = await new Client(server.url).form('/api/password/update', {
      token,
      password: 'abc',
    });
    expect(short.status).toBe(400);
    expect(await short.text()).toBe('Password too short - IllegalArgumentException');
    // The account's own e-mail is no password either, even through a reset.
    const own = await new Client(server.url).form('/api/password/update', {
      token,
      password: 'Carla@Reset.test',
    });
    expect([own.status, await own.text()]).toEqual([
      400,
      'Password matches the account - IllegalArgumentException',
    ]);
    expect((await signIn('carla@reset.test', 'old-password')).status).toBe(200);
    const ok = await new Client(server.url).form('/api/password/update', {
      token,
      password: 'good-password',
    });
    expect(ok.status).toBe(200);
  });

  it('refuses an unknown token and a missing one with 400', async () => {
    const unknown = await new Client(server.url).form('/api/password/update', {
      token: 'not-a-token',
      password: 'whatever-1',
    });
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toBe('Invalid or expired token - SecurityException');
    const missing = await new Client(server.url).form('/api/password/update', {
      password: 'whatever-1',
    });
    expect(missing.status).toBe(400);
  });

  it('shares the token store with /api/session/password', async () => {
    await createUser('dora@reset.test');
    const token = await tokenFor('dora@reset.test');
    const res = await new Client(server.url).form('/api/session/password', {
      token,
      password: 'other-password',
    });
    expect(res.status).toBe(200);
    expect((await signIn('dora@reset.test', 'other-password')).status).toBe(200);
  });

  it('spends the token of a deleted user with its user: 400, nothing to set', async () => {
    const id = await createUser('eva@reset.test');
    const token = await tokenFor('eva@reset.test');
    expect((await admin.delete(`/api/users/${id}`)).status).toBe(204);
    const res = await new Client(server.url).form('/api/password/update', {
      token,
      password: 'new-password',
    });
    expect(res.status).toBe(400);
  });
});
