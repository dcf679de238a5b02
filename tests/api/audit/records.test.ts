import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '../../support/http';
import { signInAdmin } from '../../support/entityApi';
import { TEST_ADMIN, startServer, type TestServer } from '../../support/server';

interface LogRow {
  id: number;
  userId: number | null;
  username: string | null;
  sesId: string | null;
  userIp: string | null;
  userAgent: string | null;
  serverHost: string | null;
  log: {
    code: string;
    object: Record<string, number>;
    status: number;
    data?: Record<string, unknown>;
    old?: Record<string, unknown>;
    command?: Record<string, unknown>;
  };
  created_at: string;
}

let plus: TestServer;
let basic: TestServer;
let admin: Client;

beforeAll(async () => {
  [plus, basic] = await Promise.all([
    startServer({ env: { LICENSE_MODE: 'plus' } }),
    startServer(),
  ]);
  admin = await signInAdmin(plus);
}, 120_000);
afterAll(async () => {
  await Promise.all([plus?.stop(), basic?.stop()]);
});

async function logs(path: string, client = admin): Promise<{ rows: LogRow[]; total: number }> {
  const res = await client.get(path);
  expect(res.status, await res.clone().text()).toBe(200);
  return {
    rows: (await res.json()) as LogRow[],
    total: Number(res.headers.get('x-total-count')),
  };
}

/** The record is written after the response is sent: poll briefly. */
async function eventually(
  path: string,
  match: (row: LogRow) => boolean,
  client = admin,
): Promise<LogRow> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const found = (await logs(path, client)).rows.find(match);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no log matched at ${path}`);
}

async function createDevice(name: string, uniqueId: string): Promise<Record<string, unknown>> {
  const res = await admin.json('/api/devices', { name, uniqueId });
  expect(res.status).toBe(200);
  return (await res.json()) as Record<string, unknown>;
}

async function makeUser(email: string, fields: Record<string, unknown> = {}): Promise<number> {
  const res = await admin.json('/api/users', {
    name: email,
    email,
    password: 'pw-123456',
    ...fields,
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { id: number }).id;
}

describe('audit records', () => {
  it('records a device edit with who, where, old and new values', async () => {
    const device = await createDevice('Truck A', 'audit-1');
    const res = await admin.request(`/api/devices/${device.id}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'user-agent': 'audit-test-agent' },
      body: JSON.stringify({ ...device, name: 'Truck <img src=x onerror=alert(1)>' }),
    });
    expect(res.status).toBe(200);
    const row = await eventually(
      `/tarkan/devices/${device.id}/logs`,
      (r) => r.log.code === 'device.update',
    );
    expect(row.username).toBe(TEST_ADMIN.email);
    expect(row.userAgent).toBe('audit-test-agent');
    expect(row.userIp).toBeTruthy();
    expect(row.serverHost).toContain('127.0.0.1');
    expect(row.sesId).toMatch(/^[0-9a-f]{12}$/);
    expect(row.log.status).toBe(200);
    expect(row.log.object).toEqual({ deviceId: device.id });
    expect(row.log.old?.name).toBe('Truck A');
    expect(row.log.data?.name).toBe('Truck <img src=x onerror=alert(1)>');
    const created = await eventually(
      `/tarkan/devices/${device.id}/logs`,
      (r) => r.log.code === 'device.create',
    );
    expect(created.log.old).toBeUndefined();
    expect(created.log.data?.uniqueId).toBe('audit-1');
  });

  it('records failed and denied requests with their status and no new value', async () => {
    const device = await createDevice('Truck B', 'audit-2');
    const bad = await admin.json(
      `/api/devices/${device.id}`,
      { ...device, uniqueId: 'audit-1' },
      'PUT',
    );
    expect(bad.status).toBe(400);
    const failed = await eventually(
      `/tarkan/devices/${device.id}/logs`,
      (r) => r.log.code === 'device.update' && r.log.status === 400,
    );
    expect(failed.log.data).toBeUndefined();
    expect(failed.log.old).toBeUndefined();

    const email = `denied-${Date.now()}@frota.test`;
    const userId = await makeUser(email);
    const user = new Client(plus.url);
    await user.login(email, 'pw-123456');
    const denied = await user.json(`/api/devices/${device.id}`, { ...device, name: 'x' }, 'PUT');
    expect(denied.status).toBe(400);
    const row = await eventually(
      `/tarkan/users/${userId}/logs`,
      (r) => r.log.code === 'device.update' && r.userId === userId,
    );
    expect(row.log.status).toBe(400);
    expect(row.log.data).toBeUndefined();

    const login = await new Client(plus.url).form('/api/session', {
      email,
      password: 'wrong-password',
    });
    expect(login.status).toBe(401);
    const loginRow = await eventually(
      '/tarkan/server/logs',
      (r) => r.log.code === 'session.loginFailed' && r.username === email,
    );
    expect(loginRow.log.status).toBe(401);
    expect(JSON.stringify(loginRow)).not.toContain('wrong-password');
  });

  it('never stores passwords, hashes, TOTP keys or driver passwords', async () => {
    const email = `secret-${Date.now()}@frota.test`;
    const id = await makeUser(email, { attributes: { 'tarkan.driverPassword': 'drv-secret-9' } });
    const res = await admin.json(
      `/api/users/${id}`,
      {
        id,
        name: 'Renamed',
        email,
        password: 'new-secret-77',
        attributes: { 'tarkan.driverPassword': 'drv-secret-10', note: 'kept' },
      },
      'PUT',
    );
    expect(res.status).toBe(200);
    const row = await eventually(`/tarkan/users/${id}/logs`, (r) => r.log.code === 'user.update');
    expect(row.log.old?.name).toBe(email);
    expect(row.log.data?.name).toBe('Renamed');
    expect((row.log.data?.attributes as Record<string, unknown>).note).toBe('kept');
    const all = JSON.stringify((await logs(`/tarkan/users/${id}/logs?limit=500`)).rows);
    for (const secret of [
      'pw-123456',
      'new-secret-77',
      'drv-secret',
      'hashedPassword',
      'totpKey',
    ]) {
      expect(all).not.toContain(secret);
    }
    expect(all).not.toMatch(/"password"/);
  });

  it('lets only admins of a plus server read logs', async () => {
    const anonymous = new Client(plus.url);
    for (const path of ['/tarkan/server/logs', '/tarkan/users/1/logs', '/tarkan/devices/1/logs']) {
      expect((await anonymous.get(path)).status).toBe(401);
    }
    const email = `reader-${Date.now()}@frota.test`;
    await makeUser(email);
    const user = new Client(plus.url);
    await user.login(email, 'pw-123456');
    const denied = await user.get('/tarkan/server/logs');
    expect(denied.status).toBe(400);
    expect(await denied.text()).toMatch(/ - SecurityException$/);
    expect((await user.get('/tarkan/devices/1/logs')).status).toBe(400);

    const basicAdmin = await signInAdmin(basic);
    const noPlus = await basicAdmin.get('/tarkan/server/logs');
    expect(noPlus.status).toBe(400);
    expect(await noPlus.text()).toMatch(/ - SecurityException$/);
  });

  it('pages newest first with a total, and searches code, user and values', async () => {
    const device = await createDevice('Pager', 'audit-page');
    for (let i = 1; i <= 5; i += 1) {
      const res = await admin.json(
        `/api/devices/${device.id}`,
        { ...device, name: `Pager ${i}` },
        'PUT',
      );
      expect(res.status).toBe(200);
    }
    const path = `/tarkan/devices/${device.id}/logs`;
    await eventually(path, (r) => r.log.data?.name === 'Pager 5');
    const first = await logs(`${path}?limit=2`);
    expect(first.total).toBe(6);
    expect(first.rows.map((r) => r.log.data?.name)).toEqual(['Pager 5', 'Pager 4']);
    const third = await logs(`${path}?limit=2&page=3`);
    expect(third.rows.map((r) => r.log.code)).toEqual(['device.update', 'device.create']);
    const offset = await logs(`${path}?limit=2&offset=1`);
    expect(offset.rows[0].log.data?.name).toBe('Pager 4');

    const byValue = await logs(`${path}?q=${encodeURIComponent('pager 3')}`);
    expect(byValue.total).toBe(2); // its new value, and the next edit's old value
    const byCode = await logs(`${path}?q=device.create`);
    expect(byCode.rows.map((r) => r.log.code)).toEqual(['device.create']);
    const literal = await logs(`${path}?q=${encodeURIComponent('%')}`);
    expect(literal.total).toBe(0);
    const server = await logs(
      `/tarkan/server/logs?q=${encodeURIComponent(TEST_ADMIN.email)}&limit=1`,
    );
    expect(server.total).toBeGreaterThan(6);
  });

  it('filters per user (by and on them) and per device; records links and commands', async () => {
    const email = `scoped-${Date.now()}@frota.test`;
    const userId = await makeUser(email);
    const device = await createDevice('Scoped', 'audit-scope');
    const linked = await admin.json('/api/permissions', { userId, deviceId: device.id });
    expect(linked.status).toBe(204);
    const sent = await admin.json('/api/commands/send', {
      deviceId: device.id,
      type: 'custom',
      attributes: { data: 'hello' },
    });
    expect(sent.status).toBe(202);

    const link = await eventually(
      `/tarkan/devices/${device.id}/logs`,
      (r) => r.log.code === 'permission.link',
    );
    expect(link.log.object).toEqual({ userId, deviceId: device.id });
    const command = await eventually(
      `/tarkan/devices/${device.id}/logs`,
      (r) => r.log.code === 'command.send',
    );
    expect(command.log.command).toMatchObject({ type: 'custom', attributes: { data: 'hello' } });

    const user = new Client(plus.url);
    await user.login(email, 'pw-123456');
    const own = await user.json(`/api/devices/${device.id}`, { ...device, name: 'By user' }, 'PUT');
    expect(own.status).toBe(200);
    const userLogs = `/tarkan/users/${userId}/logs`;
    await eventually(userLogs, (r) => r.log.code === 'device.update' && r.userId === userId);
    await eventually(userLogs, (r) => r.log.code === 'user.create');
    await eventually(userLogs, (r) => r.log.code === 'session.login');
    const { rows } = await logs(userLogs);
    for (const row of rows) {
      const onUser = row.log.object.userId === userId && Object.keys(row.log.object).length === 1;
      expect(row.userId === userId || onUser).toBe(true);
    }
    const deviceRows = (await logs(`/tarkan/devices/${device.id}/logs`)).rows;
    for (const row of deviceRows) expect(row.log.object.deviceId).toBe(device.id);
  });
});
