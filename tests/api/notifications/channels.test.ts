import { createVerify, generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '../../support/http';
import { startHttpDouble, type HttpDouble, type RecordedRequest } from '../../support/httpDouble';
import { signInAdmin } from '../../support/entityApi';
import { startServer, type TestServer } from '../../support/server';
import { mailBody, startSmtp, type TestSmtp } from '../../support/smtp';

const ALICE = { email: 'alice@frota.test', password: 'alice-pass-1' };
const BOB = { email: 'bob@frota.test', password: 'bob-pass-12' };
const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });

const testChannel = (client: Client, name: string) =>
  client.request(`/api/notifications/test/${name}`, { method: 'POST' });

const answer = async (response: Response) => [response.status, await response.text()];

/** Verifies the RS256 JWT a service account signs for Google's token endpoint. */
function verifyAssertion(jwt: string): Record<string, unknown> {
  const [header, claims, signature] = jwt.split('.');
  const verifier = createVerify('RSA-SHA256');
  verifier.update(`${header}.${claims}`);
  if (!verifier.verify(publicKey, Buffer.from(signature, 'base64url'))) {
    throw new Error('bad signature');
  }
  return JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as Record<string, unknown>;
}

describe('notification channels', () => {
  let smtp: TestSmtp;
  let gateway: HttpDouble;
  let server: TestServer;
  let bare: TestServer;
  let admin: Client;
  let alice: Client;
  let bob: Client;

  const channelSettings = () => ({
    'notificator.telegram.key': '123:bot-secret',
    'notificator.telegram.chatId': '-1001',
    'notificator.telegram.url': `${gateway.url}/telegram`,
    'notificator.sms.http.url': `${gateway.url}/sms/send`,
    'notificator.sms.http.authorization': 'Bearer sms-secret',
    'notificator.sms.http.template': '{"to":"{phone}","text":"{message}"}',
    'notificator.firebase.serviceAccount': JSON.stringify({
      type: 'service_account',
      project_id: 'frota-test',
      client_email: 'push@frota-test.iam.gserviceaccount.com',
      private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }),
      token_uri: `${gateway.url}/oauth/token`,
    }),
    'notificator.firebase.url': `${gateway.url}/fcm`,
  });

  const requestsTo = (prefix: string): RecordedRequest[] =>
    gateway.requests.filter((request) => request.path.startsWith(prefix));

  beforeAll(async () => {
    [smtp, gateway] = await Promise.all([startSmtp(), startHttpDouble()]);
    [server, bare] = await Promise.all([
      startServer({ env: { SMTP_URL: smtp.url } }),
      startServer(),
    ]);
    admin = await signInAdmin(server);
    const made = await admin.json('/api/users', {
      name: 'Alice',
      ...ALICE,
      phone: '+55 11 98765-4321',
      // Alice reads Spanish; Bob chose no language and gets the server's default, pt-BR.
      attributes: {
        telegramChatId: '4242',
        notificationTokens: 'token-a,token-b',
        language: 'es-ES',
      },
    });
    expect(made.status).toBe(200);
    expect((await admin.json('/api/users', { name: 'Bob', ...BOB })).status).toBe(200);
    alice = new Client(server.url);
    await alice.login(ALICE.email, ALICE.password);
    bob = new Client(server.url);
    await bob.login(BOB.email, BOB.password);
    gateway.on('/telegram/', () => ({ json: { ok: true, result: {} } }));
    gateway.on('/sms/', () => ({ json: { queued: true } }));
    gateway.on('/oauth/token', () => ({ json: { access_token: 'fcm-access', expires_in: 3600 } }));
    gateway.on('/fcm/', () => ({ json: { name: 'projects/frota-test/messages/1' } }));
  });
  afterAll(async () => {
    await Promise.all([server?.stop(), bare?.stop(), smtp?.close(), gateway?.close()]);
  });

  it('lists only the channels the server can deliver through, as Traccar, and refuses anonymous callers', async () => {
    const list = await (await alice.get('/api/notifications/notificators')).json();
    // Mail is configured on this server; Telegram, SMS and Firebase are not (yet).
    expect(list).toEqual([{ type: 'web' }, { type: 'mail' }, { type: 'command' }]);
    const plain = await signInAdmin(bare);
    expect(await (await plain.get('/api/notifications/notificators')).json()).toEqual([
      { type: 'web' },
      { type: 'command' },
    ]);
    const anonymous = new Client(server.url);
    expect((await anonymous.get('/api/notifications/notificators')).status).toBe(401);
    expect((await testChannel(anonymous, 'telegram')).status).toBe(401);
    expect((await anonymous.request('/api/notifications/test', { method: 'POST' })).status).toBe(
      401,
    );
  });

  it('answers "<Channel> is not configured" for a channel without settings', async () => {
    expect(await answer(await testChannel(alice, 'telegram'))).toEqual([
      400,
      'Telegram is not configured - IllegalArgumentException',
    ]);
    expect(await answer(await testChannel(alice, 'sms'))).toEqual([
      400,
      'SMS is not configured - IllegalArgumentException',
    ]);
    expect(await answer(await testChannel(alice, 'firebase'))).toEqual([
      400,
      'Firebase is not configured - IllegalArgumentException',
    ]);
    expect(await answer(await testChannel(alice, 'pigeon'))).toEqual([
      400,
      'Unknown notificator - IllegalArgumentException',
    ]);
    const plain = await signInAdmin(bare);
    expect(await answer(await testChannel(plain, 'mail'))).toEqual([
      400,
      'Mail is not configured - IllegalArgumentException',
    ]);
    // The all-channel test only uses what is configured: web and command here.
    expect((await plain.request('/api/notifications/test', { method: 'POST' })).status).toBe(204);
    expect(gateway.requests).toEqual([]);
  });

  it('mails a test to the caller through SMTP, in their language', async () => {
    expect((await testChannel(alice, 'mail')).status).toBe(204);
    expect(mailBody(await smtp.waitForMail(ALICE.email))).toContain('Notificación de prueba');
  });

  it('lets only administrators save channel settings, and never returns the credentials', async () => {
    const refused = await alice.json('/api/server', { attributes: channelSettings() }, 'PUT');
    expect(refused.status).toBe(400);
    const current = (await (await admin.get('/api/server')).json()) as {
      attributes: Record<string, unknown>;
    };
    const saved = await admin.json(
      '/api/server',
      { ...current, attributes: { ...current.attributes, ...channelSettings() } },
      'PUT',
    );
    expect(saved.status).toBe(200);
    for (const client of [admin, alice, new Client(server.url)]) {
      const { attributes } = (await (await client.get('/api/server')).json()) as {
        attributes: Record<string, unknown>;
      };
      expect(attributes['notificator.telegram.key']).toBeUndefined();
      expect(attributes['notificator.sms.http.authorization']).toBeUndefined();
      expect(attributes['notificator.firebase.serviceAccount']).toBeUndefined();
      expect(attributes['notificator.telegram.chatId']).toBe('-1001');
    }
    // Saving the form again (without the credentials it never saw) keeps them.
    const again = (await (await admin.get('/api/server')).json()) as Record<string, unknown>;
    expect((await admin.json('/api/server', again, 'PUT')).status).toBe(200);
    // Configured now, they are offered.
    expect(await (await alice.get('/api/notifications/notificators')).json()).toEqual([
      { type: 'web' },
      { type: 'mail' },
      { type: 'command' },
      { type: 'telegram' },
      { type: 'sms' },
      { type: 'firebase' },
    ]);
  });

  it('sends a Telegram test to the user chat, else to the default chat', async () => {
    expect((await testChannel(alice, 'telegram')).status).toBe(204);
    expect((await testChannel(bob, 'telegram')).status).toBe(204);
    const sent = requestsTo('/telegram/');
    expect(sent.map((request) => [request.method, request.path])).toEqual([
      ['POST', '/telegram/bot123%3Abot-secret/sendMessage'],
      ['POST', '/telegram/bot123%3Abot-secret/sendMessage'],
    ]);
    expect(sent.map((request) => JSON.parse(request.body) as unknown)).toEqual([
      { chat_id: '4242', text: 'Notificación de prueba' },
      { chat_id: '-1001', text: 'Notificação de teste' },
    ]);
  });

  it('posts an SMS through the gateway template with its authorization', async () => {
    expect((await testChannel(alice, 'sms')).status).toBe(204);
    const [request] = requestsTo('/sms/');
    expect(request.headers.authorization).toBe('Bearer sms-secret');
    expect(request.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request.body)).toEqual({
      to: '+55 11 98765-4321',
      text: 'Notificación de prueba',
    });
    expect(await answer(await testChannel(bob, 'sms'))).toEqual([
      400,
      'Phone number is not set - IllegalArgumentException',
    ]);
    gateway.on('/sms/', () => ({ status: 502, text: 'gateway down' }));
    expect(await answer(await testChannel(alice, 'sms'))).toEqual([
      400,
      'SMS delivery failed: HTTP 502 gateway down - IllegalArgumentException',
    ]);
  });

  it('gets an FCM token with a signed JWT and pushes to each registered token', async () => {
    expect((await testChannel(alice, 'firebase')).status).toBe(204);
    const [token] = requestsTo('/oauth/token');
    const form = new URLSearchParams(token.body);
    expect(form.get('grant_type')).toBe('urn:ietf:params:oauth:grant-type:jwt-bearer');
    expect(verifyAssertion(form.get('assertion')!)).toMatchObject({
      iss: 'push@frota-test.iam.gserviceaccount.com',
      aud: `${gateway.url}/oauth/token`,
      scope: 'https://www.googleapis.com/auth/firebase.messaging',
    });
    const pushes = requestsTo('/fcm/');
    expect(pushes.map((push) => push.path)).toEqual([
      '/fcm/v1/projects/frota-test/messages:send',
      '/fcm/v1/projects/frota-test/messages:send',
    ]);
    expect(pushes[0].headers.authorization).toBe('Bearer fcm-access');
    expect(pushes.map((push) => JSON.parse(push.body) as unknown)).toEqual(
      ['token-a', 'token-b'].map((target) => ({
        message: {
          token: target,
          notification: { title: 'Notificación de prueba', body: 'Notificación de prueba' },
        },
      })),
    );
    expect(await answer(await testChannel(bob, 'firebase'))).toEqual([
      400,
      'No notification tokens registered - IllegalArgumentException',
    ]);
  });
});
