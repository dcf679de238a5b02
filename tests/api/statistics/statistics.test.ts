import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Statistics } from '../../../model';
import { Client } from '../../support/http';
import { startHttpDouble, type HttpDouble } from '../../support/httpDouble';
import { createTempPostgres, type TempPostgres } from '../../support/postgres';
import { signInAdmin } from '../../support/entityApi';
import { TEST_ADMIN, startServer, type TestServer } from '../../support/server';
import { startSmtp, type TestSmtp } from '../../support/smtp';

const ALICE = { email: 'alice@frota.test', password: 'alice-pass-1' };
const DAY = 86_400_000;

const period = () =>
  `from=${new Date(Date.now() - DAY).toISOString()}&to=${new Date(Date.now() + DAY).toISOString()}`;

// Both dialects: the day's row is added to with an upsert, and old days are folded.
describe.each(['sqlite', 'postgres'])('GET /api/statistics and GET /api/audit on %s', (dialect) => {
  let pg: TempPostgres | null = null;
  let smtp: TestSmtp;
  let gateway: HttpDouble;
  let server: TestServer;
  let admin: Client;
  let alice: Client;
  let aliceId: number;
  let deviceId: number;

  const osmand = (query: string) => fetch(`http://127.0.0.1:${server.osmandPort}/?${query}`);
  const fix = (uniqueId: string, secondsAgo: number) =>
    osmand(
      `id=${uniqueId}&lat=-23.55&lon=-46.63&speed=5&timestamp=${Math.floor(Date.now() / 1000) - secondsAgo}`,
    );

  async function today(client = admin): Promise<Statistics> {
    const res = await client.get(`/api/statistics?${period()}`);
    expect(res.status).toBe(200);
    const rows = (await res.json()) as Statistics[];
    expect(rows).toHaveLength(1);
    return rows[0];
  }

  beforeAll(async () => {
    [smtp, gateway] = await Promise.all([startSmtp(), startHttpDouble()]);
    gateway.on('/sms/', () => ({ json: { queued: true } }));
    pg = dialect === 'postgres' ? await createTempPostgres('dir') : null;
    server = await startServer({
      env: { SMTP_URL: smtp.url, OSMAND_PORT: '0', ...(pg ? { DATABASE_URL: pg.url } : {}) },
    });
    admin = await signInAdmin(server);
    const server0 = (await (await admin.get('/api/server')).json()) as Record<string, unknown>;
    const saved = await admin.json(
      '/api/server',
      {
        ...server0,
        attributes: { 'notificator.sms.http.url': `${gateway.url}/sms/send` },
      },
      'PUT',
    );
    expect(saved.status).toBe(200);
    const user = await admin.json('/api/users', { name: 'Alice', ...ALICE, phone: '+5511999' });
    aliceId = ((await user.json()) as { id: number }).id;
    const device = await admin.json('/api/devices', { name: 'Van', uniqueId: 'stat-van' });
    deviceId = ((await device.json()) as { id: number }).id;
    alice = new Client(server.url);
    await alice.login(ALICE.email, ALICE.password);
  });

  afterAll(async () => {
    await server?.stop();
    await pg?.drop();
    await smtp?.close();
    await gateway?.close();
  });

  it('counts real traffic: requests, users, messages, stored positions, mail and SMS', async () => {
    const before = await today();
    expect(before.captureTime).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(new Date(before.captureTime).getTime()).toBeLessThanOrEqual(Date.now());
    expect(Date.now() - new Date(before.captureTime).getTime()).toBeLessThan(DAY + 3_600_000);

    for (const ago of [30, 20, 10]) expect((await fix('stat-van', ago)).status).toBe(200);
    // An unknown device's message is received but not stored.
    expect((await fix('nobody-knows', 5)).status).not.toBe(200);
    for (let i = 0; i < 3; i++) expect((await alice.get('/api/devices')).status).toBe(200);
    const announce = (channel: string) =>
      admin.json(`/api/notifications/send/${channel}?userId=${aliceId}`, {
        subject: 'Aviso',
        body: 'Manutenção às 22h',
      });
    expect((await announce('mail')).status).toBe(204);
    expect((await announce('sms')).status).toBe(204);
    expect(smtp.mails).toHaveLength(1);
    expect(gateway.requests.filter((r) => r.path.startsWith('/sms/'))).toHaveLength(1);

    const after = await today();
    expect(after.id).toBe(before.id);
    expect(after.messagesReceived - before.messagesReceived).toBe(4);
    expect(after.messagesStored - before.messagesStored).toBe(3);
    expect(after.mailSent - before.mailSent).toBe(1);
    expect(after.smsSent - before.smsSent).toBe(1);
    // Alice's three calls, the admin's two announcements and this read, each counted before it
    // is answered.
    expect(after.requests - before.requests).toBe(6);
    expect(after.activeUsers).toBe(2);
    expect(after.activeDevices).toBe(1);
    expect(after.protocols).toEqual({ osmand: 1 });
    expect(after.geocoderRequests).toBe(0);
    expect(after.attributes).toEqual({});

    // Reading again writes nothing twice.
    const again = await today();
    expect(again.messagesStored).toBe(after.messagesStored);
    expect(again.mailSent).toBe(after.mailSent);
    expect(again.activeUsers).toBe(2);
  });

  it('keeps what was counted when the server stops, and adds to it after a restart', async () => {
    const before = await today();
    expect((await fix('stat-van', 2)).status).toBe(200);
    await server.restart();
    admin = await signInAdmin(server);
    expect((await fix('stat-van', 1)).status).toBe(200);
    const after = await today();
    expect(after.id).toBe(before.id);
    expect(after.messagesStored - before.messagesStored).toBe(2);
    expect(after.activeDevices).toBe(1);
    expect(after.activeUsers).toBe(2);
  });

  it('is for administrators only and wants a valid period', async () => {
    alice = new Client(server.url);
    await alice.login(ALICE.email, ALICE.password);
    const refused = await alice.get(`/api/statistics?${period()}`);
    expect([refused.status, await refused.text()]).toEqual([
      400,
      'Administrator access required - SecurityException',
    ]);
    expect((await new Client(server.url).get(`/api/statistics?${period()}`)).status).toBe(401);
    for (const query of ['', 'from=yesterday&to=today', `from=${new Date().toISOString()}`]) {
      const res = await admin.get(`/api/statistics?${query}`);
      expect(res.status).toBe(400);
      expect(await res.text()).toMatch(/IllegalArgumentException$/);
    }
    const empty = await admin.get(
      `/api/statistics?from=2001-01-01T00:00:00Z&to=2001-01-31T00:00:00Z`,
    );
    expect(await empty.json()).toEqual([]);
  });

  it('serves the audit log as Traccar actions', async () => {
    await new Promise((resolve) => setTimeout(resolve, 5));
    const start = new Date().toISOString();
    const made = await admin.json('/api/groups', { name: 'Audited' });
    const group = (await made.json()) as { id: number; name: string };
    expect(
      (await admin.json(`/api/groups/${group.id}`, { ...group, name: 'Renamed' }, 'PUT')).status,
    ).toBe(200);
    expect(
      (await admin.json('/api/permissions', { userId: aliceId, groupId: group.id })).status,
    ).toBe(204);
    expect((await admin.delete(`/api/groups/${group.id}`)).status).toBe(204);
    const failed = await new Client(server.url).form('/api/session', {
      email: ALICE.email,
      password: 'wrong',
    });
    expect(failed.status).toBe(401);
    // A refused change is no action.
    expect((await alice.delete(`/api/devices/${deviceId}`)).status).toBe(400);

    const res = await admin.get(
      `/api/audit?from=${start}&to=${new Date(Date.now() + 1000).toISOString()}`,
    );
    expect(res.status).toBe(200);
    const actions = (await res.json()) as Record<string, unknown>[];
    const adminId = (await (await admin.get('/api/session')).json()) as { id: number };
    expect(
      actions.map((a) => [a.actionType, a.objectType, a.objectId, a.userId, a.attributes]),
    ).toEqual([
      ['create', 'group', group.id, adminId.id, {}],
      ['edit', 'group', group.id, adminId.id, {}],
      ['link', 'group', group.id, adminId.id, { ownerType: 'user', ownerId: aliceId }],
      ['remove', 'group', group.id, adminId.id, {}],
      ['denied', null, 0, 0, {}],
    ]);
    const first = actions[0];
    expect(Object.keys(first).sort()).toEqual(
      [
        'id',
        'actionTime',
        'address',
        'userId',
        'userEmail',
        'actionType',
        'objectType',
        'objectId',
        'attributes',
      ].sort(),
    );
    expect(first.userEmail).toBe(TEST_ADMIN.email);
    expect(first.address).toBe('127.0.0.1');
    expect(typeof first.actionTime).toBe('string');

    const refused = await alice.get(`/api/audit?${period()}`);
    expect(refused.status).toBe(400);
    expect((await admin.get('/api/audit?from=x&to=y')).status).toBe(400);
  });
});
