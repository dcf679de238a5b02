import { describe, expect, it } from 'vitest';
import { encodePerms } from '../../../model';
import { create, makeUser, apiFixtureForFile, withAdvancedPerms } from '../../support/entityApi';

const f = apiFixtureForFile();

async function links(table: 'userDevice' | 'deviceGeofence' | 'userGeofence') {
  return f.db.kysely.selectFrom(table).selectAll().execute();
}

const send = (body: unknown, method = 'POST', client = f.admin, path = '/api/permissions') =>
  client.json(path, body, method);

describe('permissions', () => {
  it('links and unlinks with the owner key first', async () => {
    const user = await makeUser(f);
    const device = await create(f.admin, '/api/devices', { name: 'P1', uniqueId: 'p-1' });
    const geofence = await create(f.admin, '/api/geofences', {
      name: 'G',
      area: 'CIRCLE (1 1, 5)',
    });

    expect((await send({ userId: user.id, deviceId: device.id })).status).toBe(204);
    // Linking twice is harmless.
    expect((await send({ userId: user.id, deviceId: device.id })).status).toBe(204);
    expect((await user.client.get(`/api/devices/${device.id}`)).status).toBe(200);
    expect((await send({ deviceId: device.id, geofenceId: geofence.id })).status).toBe(204);
    expect(await links('deviceGeofence')).toEqual([
      { deviceId: device.id, geofenceId: geofence.id },
    ]);

    for (const [body, status, text] of [
      [
        { deviceId: device.id, userId: user.id },
        400,
        'Invalid permission - IllegalArgumentException',
      ],
      [
        { geofenceId: geofence.id, deviceId: device.id },
        400,
        'Invalid permission - IllegalArgumentException',
      ],
      [{ userId: user.id }, 400, 'Invalid permission - IllegalArgumentException'],
      [
        { userId: user.id, deviceId: device.id, groupId: 1 },
        400,
        'Invalid permission - IllegalArgumentException',
      ],
      [{ userId: user.id, deviceId: 0 }, 400, 'Invalid permission - IllegalArgumentException'],
      [{ userId: user.id, deviceId: 424242 }, 404, 'Not found - WebApplicationException'],
    ] as const) {
      const res = await send(body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(await res.text()).toBe(text);
    }
    expect((await send({ userId: user.id, deviceId: 'x' })).status).toBe(400);

    expect((await send({ userId: user.id, deviceId: device.id }, 'DELETE')).status).toBe(204);
    expect((await user.client.get(`/api/devices/${device.id}`)).status).toBe(400);
    expect((await send({ deviceId: device.id, geofenceId: geofence.id }, 'DELETE')).status).toBe(
      204,
    );
    expect(await links('deviceGeofence')).toEqual([]);
  });

  it('bulk requests need one key set and are all-or-nothing', async () => {
    const user = await makeUser(f);
    const a = await create(f.admin, '/api/devices', { name: 'BA', uniqueId: 'b-a' });
    const b = await create(f.admin, '/api/devices', { name: 'BB', uniqueId: 'b-b' });
    const geofence = await create(f.admin, '/api/geofences', {
      name: 'BG',
      area: 'CIRCLE (1 1, 5)',
    });
    const mixed = await send(
      [
        { userId: user.id, deviceId: a.id },
        { userId: user.id, geofenceId: geofence.id },
      ],
      'POST',
      f.admin,
      '/api/permissions/bulk',
    );
    expect(mixed.status).toBe(400);
    expect(await mixed.text()).toBe(
      'Permissions must all have the same keys - IllegalArgumentException',
    );
    const partlyMissing = await send(
      [
        { userId: user.id, deviceId: a.id },
        { userId: user.id, deviceId: 424242 },
      ],
      'POST',
      f.admin,
      '/api/permissions/bulk',
    );
    expect(partlyMissing.status).toBe(404);
    expect((await links('userDevice')).filter((l) => l.userId === user.id)).toEqual([]);

    const ok = await send(
      [
        { userId: user.id, deviceId: a.id },
        { userId: user.id, deviceId: b.id },
      ],
      'POST',
      f.admin,
      '/api/permissions/bulk',
    );
    expect(ok.status).toBe(204);
    expect(((await (await user.client.get('/api/devices')).json()) as unknown[]).length).toBe(2);
    const removed = await send(
      [
        { userId: user.id, deviceId: a.id },
        { userId: user.id, deviceId: b.id },
      ],
      'DELETE',
      f.admin,
      '/api/permissions/bulk',
    );
    expect(removed.status).toBe(204);
    expect(((await (await user.client.get('/api/devices')).json()) as unknown[]).length).toBe(0);
  });

  it('non-admins need access to both ends; readonly users change nothing', async () => {
    const user = await makeUser(f);
    const mine = await create(user.client, '/api/devices', { name: 'Mine', uniqueId: 'n-1' });
    const myFence = await create(user.client, '/api/geofences', {
      name: 'MyF',
      area: 'CIRCLE (1 1, 5)',
    });
    const theirs = await create(f.admin, '/api/devices', { name: 'Theirs', uniqueId: 'n-2' });
    const theirFence = await create(f.admin, '/api/geofences', {
      name: 'TF',
      area: 'CIRCLE (1 1, 5)',
    });
    const other = await makeUser(f);

    expect(
      (await send({ deviceId: mine.id, geofenceId: myFence.id }, 'POST', user.client)).status,
    ).toBe(204);
    const cases: [Record<string, number>, string][] = [
      [
        { deviceId: mine.id, geofenceId: theirFence.id },
        'Geofence access denied - SecurityException',
      ],
      [{ deviceId: theirs.id, geofenceId: myFence.id }, 'Device access denied - SecurityException'],
      [{ userId: user.id, deviceId: theirs.id }, 'Device access denied - SecurityException'],
      [{ userId: other.id, deviceId: mine.id }, 'User access denied - SecurityException'],
      [{ userId: user.id, managedUserId: other.id }, 'User access denied - SecurityException'],
    ];
    for (const [body, text] of cases) {
      const res = await send(body, 'POST', user.client);
      expect(res.status).toBe(400);
      expect(await res.text()).toBe(text);
    }
    // Unlinking is checked the same way.
    const unlink = await send({ userId: user.id, deviceId: theirs.id }, 'DELETE', user.client);
    expect(await unlink.text()).toBe('Device access denied - SecurityException');
    expect(await links('deviceGeofence')).toEqual([{ deviceId: mine.id, geofenceId: myFence.id }]);

    const readonly = await makeUser(f, { readonly: true });
    const fence = await create(f.admin, '/api/geofences', { name: 'RO', area: 'CIRCLE (1 1, 5)' });
    await send({ userId: readonly.id, geofenceId: fence.id });
    const before = await links('userGeofence');
    const res = await send(
      { userId: readonly.id, geofenceId: fence.id },
      'DELETE',
      readonly.client,
    );
    expect(await res.text()).toBe('Account is readonly - SecurityException');
    expect(await links('userGeofence')).toEqual(before);
  });
});

describe('advanced permissions without the plus licence', () => {
  it('restrict nobody, even with the server setting switched on', async () => {
    // This fixture runs without LICENSE_MODE: the web app then shows every menu, so the server
    // must allow what those menus do instead of answering "Access denied".
    const user = await makeUser(f, {
      attributes: { 'tarkan.advancedPerms': encodePerms(['devices']) },
    });
    await withAdvancedPerms(f.admin, async () => {
      expect((await user.client.get('/api/geofences')).status).toBe(200);
      expect((await user.client.get('/api/notifications')).status).toBe(200);
      const created = await user.client.json('/api/geofences', {
        name: 'Mine',
        area: 'CIRCLE (1 1, 5)',
      });
      expect(created.status).toBe(200);
    });
  });
});
