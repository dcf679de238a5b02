import { describe, expect, it } from 'vitest';
import { encodePerms } from '../../../model';
import { cleanupExpiredShares } from '../../../server/shares/service';
import { Client } from '../../support/http';
import {
  addPosition,
  create,
  makeUser,
  apiFixtureForFile,
  makeUserSeeing,
} from '../../support/entityApi';

// The advanced-permission bits exercised here apply only with the plus licence.
const f = apiFixtureForFile({ LICENSE_MODE: 'plus' });

interface Share {
  id: number;
  name: string;
  deviceId: number;
  deviceIds: number[];
  expirationTime: string;
  limitCommands: boolean;
  token: string;
  userId: number;
}

let seq = 0;
async function device(owner: Client = f.admin) {
  seq += 1;
  return create(owner, '/api/devices', { name: `S${seq}`, uniqueId: `share-${seq}-${Date.now()}` });
}

const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

async function share(client: Client, body: Record<string, unknown>): Promise<Share> {
  return create<Share>(client, '/tarkan/shares', {
    id: 0,
    name: 'Link',
    token: null,
    ...body,
  });
}

/** A fresh browser signed in through the link's token. */
async function viewer(token: string): Promise<{ client: Client; res: Response }> {
  const client = new Client(f.server.url);
  const res = await client.json('/tarkan/shares/session', { token });
  return { client, res };
}

describe('shares', () => {
  it('creates, lists, updates and deletes with Tarkan shapes', async () => {
    const d = await device();
    const before = Date.now();
    const created = await share(f.admin, { deviceId: d.id });
    expect(Object.keys(created).sort()).toEqual([
      'deviceId',
      'deviceIds',
      'expirationTime',
      'id',
      'limitCommands',
      'name',
      'token',
      'userId',
    ]);
    expect(created.deviceId).toBe(d.id);
    expect(created.deviceIds).toEqual([d.id]);
    expect(created.limitCommands).toBe(true);
    expect(created.token.length).toBeGreaterThanOrEqual(40);
    // Default expiration: now + 30 min.
    const expires = Date.parse(created.expirationTime) - before;
    expect(expires).toBeGreaterThan(29 * 60_000);
    expect(expires).toBeLessThan(31 * 60_000);

    const list = (await (await f.admin.get('/tarkan/shares')).json()) as Share[];
    expect(list.find((s) => s.id === created.id)).toEqual(created);
    const byDevice = (await (
      await f.admin.get(`/tarkan/shares?deviceId=${d.id}`)
    ).json()) as Share[];
    expect(byDevice.map((s) => s.id)).toEqual([created.id]);

    const d2 = await device();
    const put = await f.admin.json(
      `/tarkan/shares/${created.id}`,
      {
        ...created,
        name: 'Renamed',
        deviceIds: [d.id, d2.id],
        limitCommands: false,
        expirationTime: inMinutes(60),
      },
      'PUT',
    );
    expect(put.status).toBe(200);
    const updated = (await put.json()) as Share;
    expect(updated).toMatchObject({
      name: 'Renamed',
      deviceIds: [d.id, d2.id],
      limitCommands: false,
      token: created.token,
    });

    const del = await f.admin.delete(`/tarkan/shares/${created.id}`);
    expect(del.status).toBe(200);
    expect(await del.json()).toEqual({ success: true });
    expect((await f.admin.delete(`/tarkan/shares/${created.id}`)).status).toBe(404);
  });

  it('validates the body with the Traccar error text', async () => {
    const d = await device();
    for (const [body, text] of [
      [
        { deviceId: d.id, expirationTime: inMinutes(-1) },
        'Expiration must be in the future - IllegalArgumentException',
      ],
      [
        { deviceId: d.id, expirationTime: 'soon' },
        'Invalid expiration time - IllegalArgumentException',
      ],
      [
        { deviceId: d.id, expirationTime: inMinutes(60 * 24 * 31) },
        'Expiration is too far - IllegalArgumentException',
      ],
      [{}, 'Device is required - IllegalArgumentException'],
      [{ deviceId: 999999 }, 'Device access denied - SecurityException'],
    ] as const) {
      const res = await f.admin.json('/tarkan/shares', { id: 0, name: 'x', token: null, ...body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.text()).toBe(text);
    }
    expect((await new Client(f.server.url).get('/tarkan/shares')).status).toBe(401);
  });

  it('is refused to other users, users without the device, readonly accounts and missing bits', async () => {
    const owner = await makeUser(f);
    const d = await device(owner.client);
    const mine = await share(owner.client, { deviceId: d.id });

    const other = await makeUser(f);
    expect(((await (await other.client.get('/tarkan/shares')).json()) as Share[]).length).toBe(0);
    const put = await other.client.json(`/tarkan/shares/${mine.id}`, { ...mine, name: 'x' }, 'PUT');
    expect(await put.text()).toBe('Share access denied - SecurityException');
    expect(await (await other.client.delete(`/tarkan/shares/${mine.id}`)).text()).toBe(
      'Share access denied - SecurityException',
    );
    const notMine = await other.client.json('/tarkan/shares', { deviceId: d.id });
    expect(await notMine.text()).toBe('Device access denied - SecurityException');

    const readonly = await makeUserSeeing(f, d.id, { readonly: true });
    const ro = await readonly.client.json('/tarkan/shares', { deviceId: d.id });
    expect(await ro.text()).toBe('Account is readonly - SecurityException');
    expect((await readonly.client.get('/tarkan/shares')).status).toBe(200);

    // limitCommands owners can only make limited shares.
    const limited = await makeUser(f, { limitCommands: true });
    const ld = await device(limited.client);
    expect(
      (await share(limited.client, { deviceId: ld.id, limitCommands: false })).limitCommands,
    ).toBe(true);

    const bits = await makeUser(f, {
      attributes: { 'tarkan.advancedPerms': encodePerms(['devices', 'deviceCreate', 'shares']) },
    });
    const bd = await device(bits.client);
    const server = (await (await f.admin.get('/api/server')).json()) as Record<string, unknown>;
    await f.admin.json(
      '/api/server',
      { ...server, attributes: { 'tarkan.enableAdvancedPerms': true } },
      'PUT',
    );
    try {
      expect((await bits.client.get('/tarkan/shares')).status).toBe(200);
      const denied = await bits.client.json('/tarkan/shares', { deviceId: bd.id });
      expect(await denied.text()).toBe('Write access denied - SecurityException');
      const none = await makeUser(f, {
        attributes: { 'tarkan.advancedPerms': encodePerms(['devices']) },
      });
      expect(await (await none.client.get('/tarkan/shares')).text()).toBe(
        'Access denied - SecurityException',
      );
    } finally {
      await f.admin.json('/api/server', server, 'PUT');
    }
  });

  it('signs the viewer in by token, showing only the shared device', async () => {
    const owner = await makeUser(f);
    const shared = await device(owner.client);
    const hidden = await device(owner.client);
    await addPosition(f.db, shared.id, Date.now());
    const s = await share(owner.client, { deviceId: shared.id, expirationTime: inMinutes(90) });

    const { client, res } = await viewer(s.token);
    expect(res.status).toBe(200);
    const user = (await res.json()) as {
      id: number;
      attributes: Record<string, unknown>;
      readonly: boolean;
    };
    expect(user.attributes.isShared).toBe(owner.id);
    expect(user.readonly).toBe(true);
    // The session ends with the share.
    const cookie = client.lastSetCookie.join(';');
    expect(cookie).toContain('HttpOnly');
    const session = await f.db.kysely
      .selectFrom('sessions')
      .selectAll()
      .where('userId', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(Number(session.expires)).toBe(Date.parse(s.expirationTime));

    const devices = (await (await client.get('/api/devices')).json()) as { id: number }[];
    expect(devices.map((d) => d.id)).toEqual([shared.id]);
    expect((await client.get(`/api/devices/${hidden.id}`)).status).toBe(400);
    const positions = (await (await client.get('/api/positions')).json()) as { deviceId: number }[];
    expect(positions.map((p) => p.deviceId)).toEqual([shared.id]);
    // A share user shares nothing further and is in no user list.
    expect(await (await client.json('/tarkan/shares', { deviceId: shared.id })).text()).toBe(
      'Access denied - SecurityException',
    );
    const users = (await (await f.admin.get('/api/users')).json()) as { id: number }[];
    expect(users.some((u) => u.id === user.id)).toBe(false);
    // No password sign-in with the share user's address.
    const login = await new Client(f.server.url).form('/api/session', {
      email: (user as unknown as { email: string }).email,
      password: '!',
    });
    expect(login.status).toBe(401);
  });

  it('answers INVALID_SHARE for unknown and expired tokens', async () => {
    for (const token of ['nope', '']) {
      const { res } = await viewer(token);
      expect(res.status).toBe(400);
      expect(await res.text()).toBe('Invalid share - SecurityException');
    }
    const d = await device();
    const s = await share(f.admin, { deviceId: d.id });
    await f.db.kysely
      .updateTable('shares')
      .set({ expirationTime: Date.now() - 1000 })
      .where('id', '=', s.id)
      .execute();
    const { res } = await viewer(s.token);
    expect(await res.text()).toBe('Invalid share - SecurityException');
    // Expired shares are not listed either.
    const list = (await (await f.admin.get('/tarkan/shares')).json()) as Share[];
    expect(list.some((x) => x.id === s.id)).toBe(false);
  });

  it('revoking ends the viewer session; shortening the share shortens it', async () => {
    const d = await device();
    const s = await share(f.admin, { deviceId: d.id, expirationTime: inMinutes(120) });
    const { client } = await viewer(s.token);
    expect((await client.get('/api/session')).status).toBe(200);

    const shorter = inMinutes(10);
    await f.admin.json(`/tarkan/shares/${s.id}`, { ...s, expirationTime: shorter }, 'PUT');
    const row = await f.db.kysely
      .selectFrom('sessions')
      .innerJoin('shares', 'shares.shareUserId', 'sessions.userId')
      .select('sessions.expires')
      .where('shares.id', '=', s.id)
      .executeTakeFirstOrThrow();
    expect(Number(row.expires)).toBe(Date.parse(shorter));

    expect((await f.admin.delete(`/tarkan/shares/${s.id}`)).status).toBe(200);
    expect((await client.get('/api/session')).status).toBe(404);
    expect((await client.get('/api/devices')).status).toBe(401);
    const { res } = await viewer(s.token);
    expect(await res.text()).toBe('Invalid share - SecurityException');
  });

  it('cleans up expired shares and their users', async () => {
    const d = await device();
    const live = await share(f.admin, { deviceId: d.id });
    const old = await share(f.admin, { deviceId: d.id });
    const { client } = await viewer(old.token);
    const oldUser = await f.db.kysely
      .selectFrom('shares')
      .select('shareUserId')
      .where('id', '=', old.id)
      .executeTakeFirstOrThrow();
    await f.db.kysely
      .updateTable('shares')
      .set({ expirationTime: Date.now() - 1000 })
      .where('id', '=', old.id)
      .execute();

    const removed = await cleanupExpiredShares(f.db);
    expect(removed).toContain(oldUser.shareUserId);
    expect(
      await f.db.kysely
        .selectFrom('shares')
        .select('id')
        .where('id', '=', old.id)
        .executeTakeFirst(),
    ).toBeUndefined();
    expect(
      await f.db.kysely
        .selectFrom('users')
        .select('id')
        .where('id', '=', oldUser.shareUserId)
        .executeTakeFirst(),
    ).toBeUndefined();
    expect(
      await f.db.kysely
        .selectFrom('shareDevice')
        .select('shareId')
        .where('shareId', '=', old.id)
        .executeTakeFirst(),
    ).toBeUndefined();
    expect((await client.get('/api/session')).status).toBe(404);
    expect(
      await f.db.kysely
        .selectFrom('shares')
        .select('id')
        .where('id', '=', live.id)
        .executeTakeFirst(),
    ).toBeDefined();
  });
});
