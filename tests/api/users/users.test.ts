import { describe, expect, it } from 'vitest';
import { Client } from '../../support/http';
import { countRows, create, link, makeUser, apiFixtureForFile } from '../../support/entityApi';
import { TEST_ADMIN } from '../../support/server';

const f = apiFixtureForFile();

interface User {
  id: number;
  name: string;
  email: string;
  administrator: boolean;
  readonly: boolean;
  deviceLimit: number;
  userLimit: number;
  expirationTime: string | null;
  attributes: Record<string, unknown>;
  password: null;
}

const getUser = async (client: Client, id: number) =>
  (await (await client.get(`/api/users/${id}`)).json()) as User;

describe('users', () => {
  it('admins list, create, update and delete anyone', async () => {
    const made = await create<User>(f.admin, '/api/users', {
      name: 'Admin Made',
      email: 'made@frota.test',
      password: 'made-pass',
      deviceLimit: 5,
      userLimit: 2,
      readonly: true,
    });
    expect(made).toMatchObject({ deviceLimit: 5, userLimit: 2, readonly: true, password: null });
    const list = (await (await f.admin.get('/api/users')).json()) as User[];
    expect(list.map((u) => u.email)).toEqual(
      expect.arrayContaining([TEST_ADMIN.email, 'made@frota.test']),
    );
    const found = (await (await f.admin.get('/api/users?keyword=MADE@')).json()) as User[];
    expect(found.map((u) => u.id)).toEqual([made.id]);
    const lean = (await (
      await f.admin.get(`/api/users?keyword=made@&excludeAttributes=true`)
    ).json()) as User[];
    expect(lean[0].attributes).toEqual({});
    const put = await f.admin.json(
      `/api/users/${made.id}`,
      { administrator: true, deviceLimit: -1 },
      'PUT',
    );
    expect(await put.json()).toMatchObject({ administrator: true, deviceLimit: -1 });
    expect((await f.admin.delete(`/api/users/${made.id}`)).status).toBe(204);
    expect((await f.admin.get(`/api/users/${made.id}`)).status).toBe(404);
    expect((await f.admin.delete(`/api/users/${made.id}`)).status).toBe(404);
  });

  it('nobody deletes themselves, not even an admin', async () => {
    const me = (await (await f.admin.get('/api/session')).json()) as User;
    const res = await f.admin.delete(`/api/users/${me.id}`);
    expect(res.status).toBe(400);
    expect(await res.text()).toBe('Cannot delete yourself - SecurityException');
    const plain = await makeUser(f);
    expect(await (await plain.client.delete(`/api/users/${plain.id}`)).text()).toBe(
      'Cannot delete yourself - SecurityException',
    );
    expect((await plain.client.get('/api/session')).status).toBe(200);
  });

  it('managers create users up to their limit and manage only them', async () => {
    const manager = await makeUser(f, { userLimit: 2, expirationTime: '2090-01-01T00:00:00.000Z' });
    const sub1 = await create<User>(manager.client, '/api/users', {
      name: 'Sub One',
      email: 'sub1@frota.test',
      password: 'sub-pass',
      administrator: true,
      deviceLimit: 100,
      userLimit: -1,
      readonly: true,
      expirationTime: '2080-01-01T00:00:00.000Z',
    });
    // Manager-only fields apply; admin-only ones are kept at their defaults.
    expect(sub1).toMatchObject({
      administrator: false,
      deviceLimit: -1,
      userLimit: 0,
      readonly: true,
      expirationTime: '2080-01-01T00:00:00.000Z',
    });
    const late = await manager.client.json('/api/users', {
      name: 'Sub Late',
      email: 'late@frota.test',
      password: 'sub-pass',
    });
    expect(await late.text()).toBe('Expiration time later than your own - SecurityException');
    const sub2 = await create<User>(manager.client, '/api/users', {
      name: 'Sub Two',
      email: 'sub2@frota.test',
      password: 'sub-pass',
      expirationTime: '2085-01-01T00:00:00.000Z',
    });
    const third = await manager.client.json('/api/users', {
      name: 'Sub Three',
      email: 'sub3@frota.test',
      password: 'sub-pass',
      expirationTime: '2085-01-01T00:00:00.000Z',
    });
    expect(await third.text()).toBe('Manager user limit reached - SecurityException');

    const mine = (await (await manager.client.get('/api/users')).json()) as User[];
    expect(mine.map((u) => u.email)).toEqual(['sub1@frota.test', 'sub2@frota.test']);
    expect(
      (await (await f.admin.get(`/api/users?userId=${manager.id}`)).json()) as User[],
    ).toHaveLength(2);

    const edited = await manager.client.json(
      `/api/users/${sub1.id}`,
      { name: 'Sub Renamed', readonly: false, userLimit: 9, administrator: true },
      'PUT',
    );
    expect(await edited.json()).toMatchObject({
      name: 'Sub Renamed',
      readonly: false,
      userLimit: 0,
      administrator: false,
    });
    expect((await manager.client.get(`/api/users/${sub2.id}`)).status).toBe(200);

    const stranger = await makeUser(f);
    for (const res of [
      await manager.client.get(`/api/users/${stranger.id}`),
      await manager.client.json(`/api/users/${stranger.id}`, { name: 'Nope' }, 'PUT'),
      await manager.client.delete(`/api/users/${stranger.id}`),
      await manager.client.get(`/api/users?userId=${stranger.id}`),
    ]) {
      expect(res.status).toBe(400);
      expect(await res.text()).toBe('User access denied - SecurityException');
    }
    // The manager links their own device to a managed user, not someone else's device.
    const device = await create(manager.client, '/api/devices', {
      name: 'Mgr dev',
      uniqueId: 'mgr-1',
    });
    await link(manager.client, { userId: sub1.id, deviceId: device.id });
    const sub1Client = new Client(f.server.url);
    await sub1Client.login('sub1@frota.test', 'sub-pass');
    expect(((await (await sub1Client.get('/api/devices')).json()) as unknown[]).length).toBe(1);
    // A manager does not see their managed users' other devices.
    const subDevice = await create(sub1Client, '/api/devices', {
      name: 'Sub dev',
      uniqueId: 'sub-1',
    });
    expect((await manager.client.get(`/api/devices/${subDevice.id}`)).status).toBe(400);
    expect(
      ((await (await manager.client.get(`/api/devices?userId=${sub1.id}`)).json()) as unknown[])
        .length,
    ).toBe(2);

    expect((await manager.client.delete(`/api/users/${sub2.id}`)).status).toBe(204);
    expect((await f.admin.get(`/api/users/${sub2.id}`)).status).toBe(404);
    expect(await getUser(f.admin, stranger.id)).toMatchObject({
      name: stranger.client ? expect.any(String) : '',
    });
  });

  it('plain users see only themselves and cannot create users; their list is empty, as in Traccar', async () => {
    const plain = await makeUser(f);
    // Traccar lists the users the caller manages, whoever asks: none for a plain user.
    const list = await plain.client.get('/api/users');
    expect([list.status, await list.json()]).toEqual([200, []]);
    const other = await makeUser(f);
    expect(await (await plain.client.get(`/api/users/${other.id}`)).text()).toBe(
      'User access denied - SecurityException',
    );
    const count = await countRows(f.db, 'users');
    const res = await plain.client.json('/api/users', {
      name: 'Nope Nope',
      email: 'nope@frota.test',
      password: 'nope-pass',
    });
    expect(await res.text()).toBe('Registration disabled - SecurityException');
    expect(await countRows(f.db, 'users')).toBe(count);
  });

  it('non-admins never edit or delete an administrator', async () => {
    const manager = await makeUser(f, { userLimit: -1 });
    const admin2 = await create<User>(f.admin, '/api/users', {
      name: 'Second Admin',
      email: 'admin2@frota.test',
      password: 'admin2-pass',
      administrator: true,
    });
    await link(f.admin, { userId: manager.id, managedUserId: admin2.id });
    const edit = await manager.client.json(`/api/users/${admin2.id}`, { name: 'Demoted' }, 'PUT');
    expect(await edit.text()).toBe('User access denied - SecurityException');
    expect(await (await manager.client.delete(`/api/users/${admin2.id}`)).text()).toBe(
      'User access denied - SecurityException',
    );
    expect(await getUser(f.admin, admin2.id)).toMatchObject({
      name: 'Second Admin',
      administrator: true,
    });
  });

  it('readonly users may only change their notification tokens', async () => {
    const readonly = await makeUser(f, { readonly: true, attributes: { language: 'pt' } });
    const profile = await readonly.client.json(
      `/api/users/${readonly.id}`,
      { name: 'Changed Name' },
      'PUT',
    );
    expect(profile.status).toBe(400);
    expect(await profile.text()).toBe('Account is readonly - SecurityException');
    const tokens = await readonly.client.json(
      `/api/users/${readonly.id}`,
      { attributes: { language: 'pt', notificationTokens: 'abc' } },
      'PUT',
    );
    expect(tokens.status).toBe(200);
    const stored = await getUser(f.admin, readonly.id);
    expect(stored.name).not.toBe('Changed Name');
    expect(stored.attributes).toEqual({ language: 'pt', notificationTokens: 'abc' });
  });
});
