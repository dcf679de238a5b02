import http from 'node:http';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { Client } from '../../support/http';
import { TEST_ADMIN } from '../../support/server';
import { addPosition, create, makeUser, apiFixtureForFile } from '../../support/entityApi';

/**
 * `Authorization: Basic` on every request, as scripts use it against Traccar (`curl -u`): no
 * cookie, no Origin, the credentials in each request.
 */

const f = apiFixtureForFile();

const basic = (email: string, password: string) =>
  `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}`;

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

/** One request exactly as given (no cookie, no Origin unless named), from a chosen address. */
function send(
  address: string,
  path: string,
  method: string,
  headers: Record<string, string>,
  body = '',
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      f.server.url + path,
      { method, headers, localAddress: address },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** What `curl -u email:password` sends, from its own address so its throttle counts stand apart. */
function curl(address: string, email: string, password: string) {
  const authorization = basic(email, password);
  return {
    get: (path: string, headers: Record<string, string> = {}) =>
      send(address, path, 'GET', { authorization, ...headers }),
    post: (path: string, body: string, type: string, headers: Record<string, string> = {}) =>
      send(address, path, 'POST', { authorization, 'content-type': type, ...headers }, body),
  };
}

describe('Basic credentials', () => {
  it('lists devices and runs a report without a session', async () => {
    const device = await create<{ id: number }>(f.admin, '/api/devices', {
      name: 'Basic van',
      uniqueId: 'basic-van',
    });
    await addPosition(f.db, device.id, Date.parse('2026-01-01T10:00:00Z'));
    const admin = curl('127.0.0.11', TEST_ADMIN.email, TEST_ADMIN.password);

    const list = await admin.get('/api/devices');
    expect(list.status).toBe(200);
    expect(list.headers['set-cookie']).toBeUndefined();
    expect((JSON.parse(list.text) as { name: string }[]).map((d) => d.name)).toContain('Basic van');

    const query = `deviceId=${device.id}&from=2026-01-01T00:00:00Z&to=2026-01-02T00:00:00Z`;
    const route = await admin.get(`/api/reports/route?${query}`);
    expect(route.status).toBe(200);
    expect((JSON.parse(route.text) as unknown[]).length).toBe(1);
    const summary = await admin.get(`/api/reports/summary?${query}`);
    expect(summary.status).toBe(200);

    // A JSON write and a form write, neither carrying Origin: both scripts' ways pass.
    const created = await admin.post(
      '/api/devices',
      JSON.stringify({ name: 'Scripted', uniqueId: 'basic-scripted' }),
      'application/json',
    );
    expect(created.status).toBe(200);
    const token = await admin.post('/api/session/token', '', 'application/x-www-form-urlencoded');
    expect(token.status).toBe(200);
    expect(token.text.length).toBeGreaterThan(10);
  });

  it('lets a burst of parallel first requests through (one password check for them all)', async () => {
    const user = await makeUser(f);
    const client = curl('127.0.0.19', user.email, 'user-pass');
    const answers = await Promise.all(Array.from({ length: 12 }, () => client.get('/api/devices')));
    expect(answers.map((a) => a.status)).toEqual(Array(12).fill(200));
  });

  it('matches the login name case-insensitively, as the sign-in does', async () => {
    const res = await curl('127.0.0.12', TEST_ADMIN.email.toUpperCase(), TEST_ADMIN.password).get(
      '/api/session',
    );
    expect(res.status).toBe(200);
    expect((JSON.parse(res.text) as { email: string }).email).toBe(TEST_ADMIN.email);
  });

  it('answers 401 for a wrong password, an unknown account or a malformed header', async () => {
    expect((await curl('127.0.0.13', TEST_ADMIN.email, 'wrong').get('/api/devices')).status).toBe(
      401,
    );
    expect((await curl('127.0.0.13', 'nobody@x.test', 'x').get('/api/devices')).status).toBe(401);
    const client = new Client(f.server.url);
    for (const authorization of [
      'Basic !!!',
      `Basic ${Buffer.from('no-colon').toString('base64')}`,
    ]) {
      const res = await client.request('/api/devices', { headers: { authorization } });
      expect(res.status).toBe(401);
    }
  });

  it('decides alone: a wrong Basic header beside a valid cookie is 401', async () => {
    const res = await f.admin.request('/api/devices', {
      headers: { authorization: basic(TEST_ADMIN.email, 'wrong') },
    });
    expect(res.status).toBe(401);
    expect((await f.admin.get('/api/devices')).status).toBe(200);
  });

  it('refuses disabled and expired accounts with 401', async () => {
    const disabled = await makeUser(f);
    const expired = await makeUser(f);
    for (const [user, change] of [
      [disabled, { disabled: true }],
      [expired, { expirationTime: '2020-01-01T00:00:00Z' }],
    ] as const) {
      const client = curl('127.0.0.14', user.email, 'user-pass');
      expect((await client.get('/api/devices')).status).toBe(200);
      const current = (await (await f.admin.get(`/api/users/${user.id}`)).json()) as object;
      const saved = await f.admin.json(`/api/users/${user.id}`, { ...current, ...change }, 'PUT');
      expect(saved.status).toBe(200);
      // Straight away, although the header was verified a moment ago.
      expect((await client.get('/api/devices')).status).toBe(401);
    }
  });

  it('refuses an account with a one-time code, which Basic cannot carry', async () => {
    const user = await makeUser(f);
    const client = curl('127.0.0.20', user.email, 'user-pass');
    expect((await client.get('/api/devices')).status).toBe(200);
    await f.db.kysely
      .updateTable('users')
      .set({ totpKey: 'JBSWY3DPEHPK3PXP' })
      .where('id', '=', user.id)
      .execute();
    expect((await client.get('/api/devices')).status).toBe(401);
  });

  it('stops accepting the old password as soon as it changes', async () => {
    const user = await makeUser(f);
    const client = curl('127.0.0.15', user.email, 'user-pass');
    expect((await client.get('/api/devices')).status).toBe(200);
    const current = (await (await f.admin.get(`/api/users/${user.id}`)).json()) as object;
    const saved = await f.admin.json(
      `/api/users/${user.id}`,
      { ...current, password: 'another-pass' },
      'PUT',
    );
    expect(saved.status).toBe(200);
    expect((await client.get('/api/devices')).status).toBe(401);
    expect((await curl('127.0.0.15', user.email, 'another-pass').get('/api/devices')).status).toBe(
      200,
    );
  });

  it('is throttled per account and address like the sign-in', async () => {
    const user = await makeUser(f);
    const wrong = curl('127.0.0.16', user.email, 'guess');
    for (let i = 0; i < 5; i++) expect((await wrong.get('/api/devices')).status).toBe(401);
    // Past the free failures even the right password waits, from that address only.
    const right = await curl('127.0.0.16', user.email, 'user-pass').get('/api/devices');
    expect(right.status).toBe(429);
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
    expect((await curl('127.0.0.17', user.email, 'user-pass').get('/api/devices')).status).toBe(
      200,
    );
  });

  it('refuses what another site makes a browser send with cached Basic credentials', async () => {
    const admin = curl('127.0.0.18', TEST_ADMIN.email, TEST_ADMIN.password);
    const body = JSON.stringify({ name: 'Forged', uniqueId: 'basic-forged' });
    const forged = await admin.post('/api/devices', body, 'application/json', {
      origin: 'http://evil.example',
    });
    expect(forged.status).toBe(400);
    expect(forged.text).toBe('Cross-site request refused - SecurityException');
    const noOrigin = await admin.post('/api/devices', body, 'text/plain', {
      'sec-fetch-site': 'cross-site',
    });
    expect(noOrigin.status).toBe(400);
    // Reads from another site are anonymous.
    expect((await admin.get('/api/devices', { origin: 'http://evil.example' })).status).toBe(401);
    expect((await admin.get('/api/devices', { 'sec-fetch-site': 'cross-site' })).status).toBe(401);
    // The server's own origin passes.
    expect((await admin.get('/api/devices', { origin: f.server.url })).status).toBe(200);
    const devices = (await (await f.admin.get('/api/devices')).json()) as { uniqueId: string }[];
    expect(devices.map((d) => d.uniqueId)).not.toContain('basic-forged');
  });

  it('opens the live socket, and refuses it to another site', async () => {
    const open = (headers: Record<string, string>) =>
      new Promise<{ first?: unknown; status?: number }>((resolve) => {
        const socket = new WebSocket(`${f.server.wsUrl}/api/socket`, { headers });
        socket.once('message', (data) => {
          resolve({ first: JSON.parse(String(data)) as unknown });
          socket.close();
        });
        socket.once('unexpected-response', (_req, res) => resolve({ status: res.statusCode }));
        socket.once('error', () => undefined);
      });
    const authorization = basic(TEST_ADMIN.email, TEST_ADMIN.password);
    const ok = await open({ authorization });
    expect(ok.first).toHaveProperty('positions');
    expect(await open({ authorization, origin: 'http://evil.example' })).toEqual({ status: 401 });
    expect(await open({ authorization: basic(TEST_ADMIN.email, 'wrong') })).toEqual({
      status: 401,
    });
  });
});
