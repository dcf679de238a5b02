import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '../../support/http';
import { TEST_ADMIN, startServer, type TestServer } from '../../support/server';

let server: TestServer;
let admin: Client;
let managerId: number;
let managedId: number;
let otherId: number;

async function createUser(email: string, extra: object = {}): Promise<number> {
  const res = await admin.json('/api/users', {
    name: email.split('@')[0],
    email,
    password: 'user-pass',
    ...extra,
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { id: number }).id;
}

async function signedIn(email: string, password = 'user-pass'): Promise<Client> {
  const client = new Client(server.url);
  await client.login(email, password);
  return client;
}

const sessionUser = async (client: Client) => {
  const res = await client.get('/api/session');
  return res.status === 200 ? ((await res.json()) as { id: number; email: string }) : null;
};

const state = async (client: Client) =>
  (await (await client.get('/tarkan/session/impersonation')).json()) as {
    original: { id: number; name: string; email: string } | null;
  };

beforeAll(async () => {
  server = await startServer({ env: { LICENSE_MODE: 'plus' } });
  admin = await signedIn(TEST_ADMIN.email, TEST_ADMIN.password);
  managerId = await createUser('manager@imp.test', { userLimit: 10 });
  managedId = await createUser('managed@imp.test');
  otherId = await createUser('other@imp.test');
  const link = await admin.json('/api/permissions', {
    userId: managerId,
    managedUserId: managedId,
  });
  expect(link.status).toBe(204);
});
afterAll(() => server?.stop());

describe('GET /api/session/{id}', () => {
  it('turns an administrator session into the user, with a new cookie, and back', async () => {
    const client = await signedIn(TEST_ADMIN.email, TEST_ADMIN.password);
    const before = client.cookies.get('JSESSIONID');
    const res = await client.get(`/api/session/${otherId}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      id: otherId,
      email: 'other@imp.test',
      password: null,
    });
    expect(client.cookies.get('JSESSIONID')).not.toBe(before);
    expect((await sessionUser(client))?.id).toBe(otherId);
    // The old cookie is dead (session fixation).
    const stale = new Client(server.url);
    stale.cookies.set('JSESSIONID', before!);
    expect((await stale.get('/api/session')).status).toBe(404);

    const s = await state(client);
    expect(s.original).toMatchObject({ email: TEST_ADMIN.email });

    const back = await client.delete('/tarkan/session/impersonation');
    expect(back.status).toBe(200);
    expect(await back.json()).toMatchObject({ email: TEST_ADMIN.email, administrator: true });
    expect((await sessionUser(client))?.email).toBe(TEST_ADMIN.email);
    expect((await state(client)).original).toBeNull();
  });

  it('lets a manager become a user they manage, never another user or an administrator', async () => {
    const manager = await signedIn('manager@imp.test');
    for (const id of [otherId, 1]) {
      const res = await manager.get(`/api/session/${id}`);
      expect(res.status).toBe(400);
      expect(await res.text()).toBe('User access denied - SecurityException');
      expect((await sessionUser(manager))?.id).toBe(managerId);
    }
    const res = await manager.get(`/api/session/${managedId}`);
    expect(res.status).toBe(200);
    expect((await sessionUser(manager))?.id).toBe(managedId);
    expect((await state(manager)).original?.id).toBe(managerId);
  });

  it('refuses a plain user, and a manager linked to an administrator', async () => {
    const user = await signedIn('other@imp.test');
    const res = await user.get(`/api/session/${managedId}`);
    expect(res.status).toBe(400);
    expect((await sessionUser(user))?.id).toBe(otherId);

    const adminTwo = await createUser('admin2@imp.test', { administrator: true });
    await admin.json('/api/permissions', { userId: managerId, managedUserId: adminTwo });
    const manager = await signedIn('manager@imp.test');
    const up = await manager.get(`/api/session/${adminTwo}`);
    expect(up.status).toBe(400);
    expect((await sessionUser(manager))?.id).toBe(managerId);
  });

  it('answers 404 for an unknown user and 401 without a session', async () => {
    const client = await signedIn(TEST_ADMIN.email, TEST_ADMIN.password);
    expect((await client.get('/api/session/999999')).status).toBe(404);
    expect((await sessionUser(client))?.email).toBe(TEST_ADMIN.email);
    expect((await new Client(server.url).get(`/api/session/${otherId}`)).status).toBe(401);
    expect((await client.get('/api/session/abc')).status).toBe(400);
  });

  it('refuses a disabled user: the session could do nothing as them', async () => {
    const id = await createUser('disabled@imp.test', { disabled: true });
    const client = await signedIn(TEST_ADMIN.email, TEST_ADMIN.password);
    const res = await client.get(`/api/session/${id}`);
    expect(res.status).toBe(400);
    expect(await res.text()).toBe('Account is disabled - SecurityException');
    expect((await sessionUser(client))?.email).toBe(TEST_ADMIN.email);
  });

  it('refuses a request another site triggers (Sec-Fetch-Site)', async () => {
    const client = await signedIn(TEST_ADMIN.email, TEST_ADMIN.password);
    const res = await client.request(`/api/session/${otherId}`, {
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(res.status).toBe(400);
    expect((await sessionUser(client))?.email).toBe(TEST_ADMIN.email);
  });

  it("closes the old session's sockets", async () => {
    const client = await signedIn(TEST_ADMIN.email, TEST_ADMIN.password);
    const ws = new WebSocket(`${server.url.replace('http', 'ws')}/api/socket`, {
      headers: { cookie: client.cookieHeader() },
    });
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    expect((await client.get(`/api/session/${otherId}`)).status).toBe(200);
    expect(await closed).toBe(4000);
  });

  it('signing out while acting as a user ends the whole session', async () => {
    const client = await signedIn(TEST_ADMIN.email, TEST_ADMIN.password);
    await client.get(`/api/session/${otherId}`);
    expect((await client.delete('/api/session')).status).toBe(204);
    expect((await client.get('/api/session')).status).toBe(404);
    expect((await client.delete('/tarkan/session/impersonation')).status).toBe(401);
  });

  it("hides the user's TOTP key from the session acting as them", async () => {
    const current = (await (await admin.get('/api/server')).json()) as Record<string, unknown>;
    await admin.json(
      '/api/server',
      { ...current, attributes: { ...(current.attributes as object), totpEnable: true } },
      'PUT',
    );
    const key = await (await admin.request('/api/users/totp', { method: 'POST' })).text();
    const stored = (await (await admin.get(`/api/users/${managedId}`)).json()) as object;
    await admin.json(`/api/users/${managedId}`, { ...stored, totpKey: key }, 'PUT');

    const manager = await signedIn('manager@imp.test');
    const res = await manager.get(`/api/session/${managedId}`);
    expect(((await res.json()) as { totpKey: unknown }).totpKey).toBeNull();
    const me = (await (await manager.get('/api/session')).json()) as Record<string, unknown>;
    expect(me.totpKey).toBeNull();
    // Saving "own" account as the user neither reads nor clears the key.
    const saved = await manager.json(`/api/users/${managedId}`, { ...me, totpKey: null }, 'PUT');
    expect(saved.status).toBe(200);
    const after = (await (await admin.get(`/api/users/${managedId}`)).json()) as {
      totpKey: string;
    };
    expect(after.totpKey).toBe(key);
    await admin.json(`/api/users/${managedId}`, { ...after, totpKey: null }, 'PUT');
  });

  it('ends the session when the original user may no longer act as the user', async () => {
    const managerTwo = await createUser('manager2@imp.test', { userLimit: 10 });
    const client2 = await createUser('client2@imp.test');
    await admin.json('/api/permissions', { userId: managerTwo, managedUserId: client2 });
    const manager = await signedIn('manager2@imp.test');
    expect((await manager.get(`/api/session/${client2}`)).status).toBe(200);
    expect((await sessionUser(manager))?.id).toBe(client2);

    const unlink = await admin.request('/api/permissions', {
      method: 'DELETE',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userId: managerTwo, managedUserId: client2 }),
    });
    expect(unlink.status).toBe(204);
    expect((await manager.get('/api/session')).status).toBe(404);
  });

  it('ends it when the original user is disabled, and a new password of theirs ends it too', async () => {
    const managerThree = await createUser('manager3@imp.test', { userLimit: 10 });
    const client3 = await createUser('client3@imp.test');
    await admin.json('/api/permissions', { userId: managerThree, managedUserId: client3 });
    const manager = await signedIn('manager3@imp.test');
    await manager.get(`/api/session/${client3}`);
    const ws = new WebSocket(`${server.url.replace('http', 'ws')}/api/socket`, {
      headers: { cookie: manager.cookieHeader() },
    });
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    const stored = (await (await admin.get(`/api/users/${managerThree}`)).json()) as object;
    await admin.json(`/api/users/${managerThree}`, { ...stored, disabled: true }, 'PUT');
    expect((await manager.get('/api/session')).status).toBe(404);
    // The live socket the session opened as the user closes with it.
    expect(await closed).toBe(4000);
    await admin.json(`/api/users/${managerThree}`, { ...stored, disabled: false }, 'PUT');

    const again = await signedIn('manager3@imp.test');
    await again.get(`/api/session/${client3}`);
    await admin.json(`/api/users/${managerThree}`, { ...stored, password: 'changed-pass' }, 'PUT');
    expect((await again.get('/api/session')).status).toBe(404);
  });

  it('records the sign-in as another user and the way back in the audit log', async () => {
    const client = await signedIn(TEST_ADMIN.email, TEST_ADMIN.password);
    await client.get(`/api/session/${otherId}`);
    await client.delete('/tarkan/session/impersonation');
    const res = await admin.get(`/tarkan/users/${otherId}/logs?limit=20`);
    expect(res.status).toBe(200);
    const rows = (await res.json()) as {
      userId: number;
      log: { code: string; object: Record<string, number> };
    }[];
    const row = rows.find((r) => r.log.code === 'session.impersonate');
    expect(row, JSON.stringify(rows)).toBeDefined();
    expect(row!.userId).toBe(1);
    expect(row!.log.object).toEqual({ userId: otherId });
    const adminLogs = (await (await admin.get('/tarkan/users/1/logs?limit=50')).json()) as {
      log: { code: string };
    }[];
    expect(adminLogs.some((r) => r.log.code === 'session.impersonationEnd')).toBe(true);
  });
});

describe('DELETE /tarkan/session/impersonation', () => {
  it('refuses a session that is nobody else, changing nothing', async () => {
    const client = await signedIn('other@imp.test');
    const res = await client.delete('/tarkan/session/impersonation');
    expect(res.status).toBe(400);
    expect(await res.text()).toBe('Not signed in as another user - IllegalArgumentException');
    expect((await sessionUser(client))?.id).toBe(otherId);
  });

  it('only ever goes back to the original user of that session', async () => {
    const manager = await signedIn('manager@imp.test');
    await manager.get(`/api/session/${managedId}`);
    // Another session of the managed user itself has nobody to go back to.
    const own = await signedIn('managed@imp.test');
    expect((await own.delete('/tarkan/session/impersonation')).status).toBe(400);
    const back = await manager.delete('/tarkan/session/impersonation');
    expect(((await back.json()) as { id: number }).id).toBe(managerId);
  });

  it('goes back through GET /api/session/{original} too, as traccar-web would', async () => {
    const manager = await signedIn('manager@imp.test');
    await manager.get(`/api/session/${managedId}`);
    const back = await manager.get(`/api/session/${managerId}`);
    expect(back.status).toBe(200);
    expect((await state(manager)).original).toBeNull();
  });
});
