import { codeOf, wrongCodeOf } from '../../support/totp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '../../support/http';
import { signInAdmin } from '../../support/entityApi';
import { startServer, type TestServer } from '../../support/server';

let server: TestServer;
let admin: Client;

async function setServerAttributes(attributes: Record<string, unknown>): Promise<void> {
  const current = (await (await admin.get('/api/server')).json()) as Record<string, unknown>;
  const res = await admin.json(
    '/api/server',
    { ...current, attributes: { ...(current.attributes as object), ...attributes } },
    'PUT',
  );
  expect(res.status, await res.clone().text()).toBe(200);
}

async function createUser(email: string, extra: object = {}): Promise<number> {
  const res = await admin.json('/api/users', {
    name: 'Some User',
    email,
    password: 'user-pass',
    ...extra,
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { id: number }).id;
}

async function newKey(): Promise<string> {
  const res = await new Client(server.url).request('/api/users/totp', { method: 'POST' });
  expect(res.status).toBe(200);
  return res.text();
}

/** Signs a user in and sets their own key the way the account page does. */
async function userWithKey(email: string): Promise<{ id: number; key: string; client: Client }> {
  const id = await createUser(email);
  const client = new Client(server.url);
  const user = await client.login(email, 'user-pass');
  const key = await newKey();
  const res = await client.json(`/api/users/${id}`, { ...user, totpKey: key }, 'PUT');
  expect(res.status, await res.clone().text()).toBe(200);
  return { id, key, client };
}

const signIn = (email: string, fields: Record<string, string> = {}) =>
  new Client(server.url).form('/api/session', { email, password: 'user-pass', ...fields });

beforeAll(async () => {
  server = await startServer();
  admin = await signInAdmin(server);
});
afterAll(() => server?.stop());

describe('POST /api/users/totp', () => {
  it('is refused while the server does not enable one-time passwords', async () => {
    await setServerAttributes({ totpEnable: false });
    const res = await new Client(server.url).request('/api/users/totp', { method: 'POST' });
    expect(res.status).toBe(400);
    expect(await res.text()).toBe('One-time password is disabled - SecurityException');
  });

  it('answers a fresh base32 key as text, to anyone, once enabled', async () => {
    await setServerAttributes({ totpEnable: true });
    const res = await new Client(server.url).request('/api/users/totp', { method: 'POST' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const key = await res.text();
    expect(key).toMatch(/^[A-Z2-7]{32}$/);
    expect(await newKey()).not.toBe(key);
  });
});

describe('sign-in with a one-time code', () => {
  beforeAll(() => setServerAttributes({ totpEnable: true }));

  it('asks for the code with 401 and WWW-Authenticate: TOTP, and lets the right one in', async () => {
    const { key } = await userWithKey('otp-a@x.test');
    const noCode = await signIn('otp-a@x.test');
    expect(noCode.status).toBe(401);
    expect(noCode.headers.get('www-authenticate')).toBe('TOTP');
    expect(await noCode.text()).toMatch(/^HTTP 401 Unauthorized - WebApplicationException/);

    const client = new Client(server.url);
    const ok = await client.form('/api/session', {
      email: 'otp-a@x.test',
      password: 'user-pass',
      code: codeOf(key),
    });
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { totpKey: string }).totpKey).toBe(key);
    expect((await client.get('/api/session')).status).toBe(200);
  });

  it('takes each code once: the same code again, or an older one, is refused', async () => {
    const { key } = await userWithKey('otp-once@x.test');
    const now = Date.now();
    const code = codeOf(key, now);
    expect((await signIn('otp-once@x.test', { code })).status).toBe(200);
    // Still within its window, seen over a shoulder or taken by a phishing page.
    const again = await signIn('otp-once@x.test', { code });
    expect([again.status, await again.text()]).toEqual([
      400,
      'User authorization failed - SecurityException',
    ]);
    // The previous step's code is within the window too, but older than the one spent.
    const previous = codeOf(key, now - 30_000);
    if (previous !== code) {
      expect((await signIn('otp-once@x.test', { code: previous })).status).toBe(400);
    }
  });

  it('refuses a wrong code with 400 and no session', async () => {
    const { key } = await userWithKey('otp-b@x.test');
    const client = new Client(server.url);
    const res = await client.form('/api/session', {
      email: 'otp-b@x.test',
      password: 'user-pass',
      code: wrongCodeOf(key),
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toBe('User authorization failed - SecurityException');
    expect(client.cookies.has('JSESSIONID')).toBe(false);
    const garbage = await signIn('otp-b@x.test', { code: 'abc' });
    expect(garbage.status).toBe(400);
  });

  it('accepts the integer form of a code with leading zeros dropped', async () => {
    const { key } = await userWithKey('otp-c@x.test');
    const code = codeOf(key);
    const res = await signIn('otp-c@x.test', { code: String(Number(code)) });
    expect(res.status).toBe(200);
  });

  it('never asks a wrong password for the code (the password is checked first)', async () => {
    await userWithKey('otp-d@x.test');
    const res = await new Client(server.url).form('/api/session', {
      email: 'otp-d@x.test',
      password: 'not-it',
    });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBeNull();
  });

  it('throttles code guessing like password guessing', async () => {
    const { key } = await userWithKey('otp-e@x.test');
    const wrong = wrongCodeOf(key);
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++)
      statuses.push((await signIn('otp-e@x.test', { code: wrong })).status);
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(statuses).toContain(429);
  });

  it('lets API tokens in without a code, as Traccar does', async () => {
    const { key } = await userWithKey('otp-f@x.test');
    const client = new Client(server.url);
    await client.form('/api/session', {
      email: 'otp-f@x.test',
      password: 'user-pass',
      code: codeOf(key),
    });
    const token = await (await client.form('/api/session/token', {})).text();
    const bearer = await fetch(`${server.url}/api/session`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(bearer.status).toBe(200);
    const link = await new Client(server.url).get(`/api/session?token=${token}`);
    expect(link.status).toBe(200);
  });
});

describe('who reads and writes a totpKey', () => {
  beforeAll(() => setServerAttributes({ totpEnable: true }));

  it('lets users clear their own key (null), after which no code is asked', async () => {
    const { id, client } = await userWithKey('otp-g@x.test');
    const me = (await (await client.get(`/api/users/${id}`)).json()) as Record<string, unknown>;
    const res = await client.json(`/api/users/${id}`, { ...me, totpKey: null }, 'PUT');
    expect(res.status).toBe(200);
    expect(((await res.json()) as { totpKey: unknown }).totpKey).toBeNull();
    expect((await signIn('otp-g@x.test')).status).toBe(200);
  });

  it('refuses a key that is not base32 with 400, keeping the stored one', async () => {
    const { id, key, client } = await userWithKey('otp-h@x.test');
    const me = (await (await client.get(`/api/users/${id}`)).json()) as Record<string, unknown>;
    for (const bad of ['not a key!', 'ABC']) {
      const res = await client.json(`/api/users/${id}`, { ...me, totpKey: bad }, 'PUT');
      expect(res.status).toBe(400);
      expect(await res.text()).toBe('Invalid one-time password key - IllegalArgumentException');
    }
    const stored = (await (await admin.get(`/api/users/${id}`)).json()) as { totpKey: string };
    expect(stored.totpKey).toBe(key);
  });

  it('shows the key to the user and administrators, never to a manager, who cannot change it', async () => {
    const { id, key } = await userWithKey('otp-i@x.test');
    const managerId = await createUser('otp-manager@x.test', { userLimit: 5 });
    const link = await admin.json('/api/permissions', { userId: managerId, managedUserId: id });
    expect(link.status).toBe(204);
    const manager = new Client(server.url);
    await manager.login('otp-manager@x.test', 'user-pass');

    expect(
      ((await (await admin.get(`/api/users/${id}`)).json()) as { totpKey: string }).totpKey,
    ).toBe(key);
    const one = (await (await manager.get(`/api/users/${id}`)).json()) as Record<string, unknown>;
    expect(one.totpKey).toBeNull();
    const list = (await (await manager.get('/api/users')).json()) as {
      id: number;
      totpKey: unknown;
    }[];
    expect(list.find((u) => u.id === id)?.totpKey).toBeNull();

    // The manager's save echoes null (clearing nothing) or sends a key of their own (ignored).
    for (const totpKey of [null, await newKey()]) {
      const res = await manager.json(`/api/users/${id}`, { ...one, totpKey }, 'PUT');
      expect(res.status).toBe(200);
      expect(((await res.json()) as { totpKey: unknown }).totpKey).toBeNull();
    }
    const stored = (await (await admin.get(`/api/users/${id}`)).json()) as { totpKey: string };
    expect(stored.totpKey).toBe(key);

    // An administrator may clear it (a user who lost their phone).
    const cleared = await admin.json(`/api/users/${id}`, { ...stored, totpKey: null }, 'PUT');
    expect(((await cleared.json()) as { totpKey: unknown }).totpKey).toBeNull();
  });

  it('lets a readonly user set their own key', async () => {
    const id = await createUser('otp-ro@x.test', { readonly: true });
    const client = new Client(server.url);
    const me = await client.login('otp-ro@x.test', 'user-pass');
    const key = await newKey();
    const res = await client.json(`/api/users/${id}`, { ...me, totpKey: key }, 'PUT');
    expect(res.status, await res.clone().text()).toBe(200);
    const renamed = await client.json(`/api/users/${id}`, { ...me, name: 'Renamed' }, 'PUT');
    expect(renamed.status).toBe(400);
  });
});

describe('totpForce', () => {
  afterAll(() => setServerAttributes({ totpForce: false, totpEnable: true }));

  it('makes registration require a key', async () => {
    const current = (await (await admin.get('/api/server')).json()) as Record<string, unknown>;
    const res = await admin.json(
      '/api/server',
      {
        ...current,
        registration: true,
        attributes: { ...(current.attributes as object), totpEnable: true, totpForce: true },
      },
      'PUT',
    );
    expect(res.status).toBe(200);
    const without = await new Client(server.url).json('/api/users', {
      name: 'Newcomer',
      email: 'otp-new@x.test',
      password: 'user-pass',
    });
    expect(without.status).toBe(400);
    expect(await without.text()).toBe('One-time password key is required - SecurityException');
    const users = (await (await admin.get('/api/users')).json()) as { email: string }[];
    expect(users.some((u) => u.email === 'otp-new@x.test')).toBe(false);

    const key = await newKey();
    const withKey = await new Client(server.url).json('/api/users', {
      name: 'Newcomer',
      email: 'otp-new@x.test',
      password: 'user-pass',
      totpKey: key,
    });
    expect(withKey.status, await withKey.clone().text()).toBe(200);
    expect((await signIn('otp-new@x.test')).headers.get('www-authenticate')).toBe('TOTP');
    expect((await signIn('otp-new@x.test', { code: codeOf(key) })).status).toBe(200);
  });

  it('does not stop administrators creating users without a key', async () => {
    await setServerAttributes({ totpForce: true });
    await createUser('otp-by-admin@x.test');
  });
});
