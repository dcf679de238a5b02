import { describe, expect, it } from 'vitest';
import { Client } from '../../support/http';
import {
  addEvent,
  addPosition,
  countRows,
  create,
  link,
  makeUser,
  apiFixtureForFile,
  makeUserSeeing,
} from '../../support/entityApi';

interface Device {
  id: number;
  name: string;
  uniqueId: string;
  groupId: number;
  positionId: number;
  status: string;
  attributes: Record<string, unknown>;
}

const f = apiFixtureForFile();

const names = (list: { name: string }[]) => list.map((d) => d.name);

async function setServerAttributes(attributes: Record<string, unknown>): Promise<void> {
  const res = await f.admin.json('/api/server', { attributes }, 'PUT');
  expect(res.status).toBe(200);
}

describe('devices', () => {
  it('round-trips CRUD with the contract shapes and status codes', async () => {
    const created = await create<Device>(f.admin, '/api/devices', {
      name: 'Truck 1',
      uniqueId: ' 100001 ',
      phone: '+5511',
      status: 'online',
      positionId: 99,
      unknownField: 'ignored',
      attributes: { placa: 'ABC1234', 'tarkan.color': '1|2|3', nested: { a: [1, { b: null }] } },
    });
    expect(created).toEqual({
      id: created.id,
      name: 'Truck 1',
      uniqueId: '100001',
      status: 'offline',
      disabled: false,
      lastUpdate: null,
      positionId: 0,
      groupId: 0,
      calendarId: 0,
      phone: '+5511',
      model: null,
      contact: null,
      category: null,
      expirationTime: null,
      attributes: { placa: 'ABC1234', 'tarkan.color': '1|2|3', nested: { a: [1, { b: null }] } },
    });
    const got = await f.admin.get(`/api/devices/${created.id}`);
    expect(await got.json()).toEqual(created);
    // Never reported, never null: Traccar clients read the status as text.
    const listed = (await (await f.admin.get('/api/devices')).json()) as Device[];
    expect(listed.find((d) => d.id === created.id)?.status).toBe('offline');

    const put = await f.admin.json(
      `/api/devices/${created.id}`,
      { ...created, name: 'Truck One', category: 'truck', expirationTime: '2030-01-02T03:04:05Z' },
      'PUT',
    );
    expect(put.status).toBe(200);
    expect(await put.json()).toMatchObject({
      name: 'Truck One',
      category: 'truck',
      expirationTime: '2030-01-02T03:04:05.000Z',
    });

    expect((await f.admin.delete(`/api/devices/${created.id}`)).status).toBe(204);
    const gone = await f.admin.get(`/api/devices/${created.id}`);
    expect(gone.status).toBe(404);
    expect(await gone.text()).toBe('Not found - WebApplicationException');
    expect((await f.admin.delete(`/api/devices/${created.id}`)).status).toBe(404);
    expect((await f.admin.json('/api/devices/424242', { name: 'x' }, 'PUT')).status).toBe(404);
  });

  it('rejects bad input with 400 text and stores nothing', async () => {
    await create(f.admin, '/api/devices', { name: 'Dup', uniqueId: 'dup-1' });
    const before = await countRows(f.db, 'devices');
    const cases: [unknown, RegExp][] = [
      [{ name: 'No id' }, /^uniqueId is required - IllegalArgumentException$/],
      [{ uniqueId: 'x1' }, /^name is required - IllegalArgumentException$/],
      [{ name: '  ', uniqueId: 'x2' }, /^name is required - IllegalArgumentException$/],
      [{ name: 'D', uniqueId: 'dup-1' }, /^Duplicate unique id - IllegalArgumentException$/],
      [{ name: 'D', uniqueId: 'x3', attributes: 'x' }, /attributes.* - IllegalArgumentException$/],
      [{ name: 'D', uniqueId: 'x4', attributes: [1] }, /attributes.* - IllegalArgumentException$/],
      [{ name: 'D', uniqueId: 'x5', groupId: -1 }, / - IllegalArgumentException$/],
      [{ name: 'D', uniqueId: 'x6', expirationTime: 'soon' }, /expirationTime.* - Illegal/],
      [{ name: 'D', uniqueId: 'x7', disabled: 'yes' }, / - IllegalArgumentException$/],
      [{ name: 'D', uniqueId: 'x8', groupId: 4242 }, /^Group access denied - SecurityException$/],
      // Traccar's columns: 128 characters for names and identifiers, 512 for the contact.
      [
        { name: 'N'.repeat(129), uniqueId: 'x10' },
        /^Invalid name: longer than 128 characters - IllegalArgumentException$/,
      ],
      [
        { name: 'D', uniqueId: 'u'.repeat(129) },
        /^Invalid uniqueId: longer than 128 characters - IllegalArgumentException$/,
      ],
      [
        { name: 'D', uniqueId: 'x11', contact: 'c'.repeat(513) },
        /^Invalid contact: longer than 512 characters - IllegalArgumentException$/,
      ],
      [
        { name: 'D', uniqueId: 'x12', phone: '9'.repeat(129) },
        /^Invalid phone: longer than 128 characters - IllegalArgumentException$/,
      ],
    ];
    for (const [body, text] of cases) {
      const res = await f.admin.json('/api/devices', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.text()).toMatch(text);
    }
    const bad = await f.admin.request('/api/devices', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name": "D", "uniqueId": "x9", "attributes": {"n": 1e400}}',
    });
    // JSON's 1e400 is Infinity: still stored as valid JSON, never a 500.
    expect(bad.status).toBeLessThan(500);
    if (bad.status === 200)
      await f.admin.delete(`/api/devices/${((await bad.json()) as Device).id}`);
    const notJson = await f.admin.request('/api/devices', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name": ',
    });
    expect(notJson.status).toBe(400);
    expect(await countRows(f.db, 'devices')).toBe(before);
    const dup = (await (await f.admin.get('/api/devices?uniqueId=dup-1')).json()) as Device[];
    const rename = await f.admin.json(
      `/api/devices/${dup[0].id}`,
      { name: 'Renamed', uniqueId: 'dup-1', latitude: 5 },
      'PUT',
    );
    expect(rename.status).toBe(200);
    // At the limit is fine; a rename past it is refused and changes nothing.
    const longest = await f.admin.json(
      `/api/devices/${dup[0].id}`,
      { ...dup[0], name: 'L'.repeat(128), contact: 'c'.repeat(512) },
      'PUT',
    );
    expect(longest.status).toBe(200);
    const tooLong = await f.admin.json(
      `/api/devices/${dup[0].id}`,
      { ...dup[0], name: 'L'.repeat(129) },
      'PUT',
    );
    expect(tooLong.status).toBe(400);
    expect(((await (await f.admin.get(`/api/devices/${dup[0].id}`)).json()) as Device).name).toBe(
      'L'.repeat(128),
    );
    await create(f.admin, '/api/devices', { name: 'Dup2', uniqueId: 'dup-2' });
    const clash = await f.admin.json(`/api/devices/${dup[0].id}`, { uniqueId: 'dup-2' }, 'PUT');
    expect(await clash.text()).toBe('Duplicate unique id - IllegalArgumentException');
    expect((await (await f.admin.get(`/api/devices/${dup[0].id}`)).json()) as Device).toMatchObject(
      {
        uniqueId: 'dup-1',
      },
    );
  });

  it('filters lists: all, userId, groupId, deviceId, id, uniqueId, keyword, limit/offset', async () => {
    const group = await create(f.admin, '/api/groups', { name: 'Filter group' });
    const a = await create<Device>(f.admin, '/api/devices', {
      name: 'F-Alpha',
      uniqueId: 'f-1',
      model: 'XT-9000',
      groupId: group.id,
    });
    const b = await create<Device>(f.admin, '/api/devices', { name: 'F-Beta', uniqueId: 'f-2' });
    const c = await create<Device>(f.admin, '/api/devices', { name: 'F-Gamma', uniqueId: 'f-3' });
    const user = await makeUserSeeing(f, b.id);
    await link(f.admin, { userId: user.id, groupId: group.id });
    await link(f.admin, { deviceId: a.id, linkedDeviceId: c.id });

    const get = async (client = f.admin, query = '') =>
      (await (await client.get(`/api/devices${query}`)).json()) as Device[];
    expect(names(await get(user.client))).toEqual(['F-Alpha', 'F-Beta']);
    expect(names(await get(user.client, '?all=true'))).toEqual(['F-Alpha', 'F-Beta']);
    expect(names(await get(f.admin, `?userId=${user.id}`))).toEqual(['F-Beta']);
    expect(names(await get(user.client, `?userId=${user.id}`))).toEqual(['F-Beta']);
    expect(names(await get(f.admin, `?groupId=${group.id}`))).toEqual(['F-Alpha']);
    expect(names(await get(f.admin, `?deviceId=${a.id}`))).toEqual(['F-Gamma']);
    expect(names(await get(f.admin, `?id=${a.id}&id=${c.id}`))).toEqual(['F-Alpha', 'F-Gamma']);
    expect(names(await get(user.client, `?id=${a.id}&id=${c.id}`))).toEqual(['F-Alpha']);
    expect(names(await get(f.admin, '?uniqueId=f-2&uniqueId=f-3'))).toEqual(['F-Beta', 'F-Gamma']);
    expect(names(await get(f.admin, '?keyword=xt-9'))).toEqual(['F-Alpha']);
    expect(names(await get(f.admin, '?keyword=f-%25'))).toEqual([]);
    expect(names(await get(f.admin, '?keyword=F-&limit=2&offset=1'))).toEqual([
      'F-Beta',
      'F-Gamma',
    ]);
    expect(names(await get(f.admin, '?keyword=F-&offset=2'))).toEqual(['F-Gamma']);
    const lean = await get(f.admin, `?id=${a.id}&excludeAttributes=true`);
    expect(lean[0].attributes).toEqual({});

    const other = await makeUser(f);
    const denied = await other.client.get(`/api/devices?userId=${user.id}`);
    expect(denied.status).toBe(400);
    expect(await denied.text()).toBe('User access denied - SecurityException');
    expect(await (await other.client.get(`/api/devices?groupId=${group.id}`)).text()).toBe(
      'Group access denied - SecurityException',
    );
    expect(await (await other.client.get(`/api/devices/${a.id}`)).text()).toBe(
      'Device access denied - SecurityException',
    );
    expect((await f.admin.get('/api/devices?limit=x')).status).toBe(400);
    expect((await new Client(f.server.url).get('/api/devices')).status).toBe(401);
  });

  it('lets a plain user create (auto-linked), edit and delete only their devices', async () => {
    const user = await makeUser(f);
    const mine = await create<Device>(user.client, '/api/devices', {
      name: 'Mine',
      uniqueId: 'u-1',
    });
    expect(names((await (await user.client.get('/api/devices')).json()) as Device[])).toEqual([
      'Mine',
    ]);
    const theirs = await create<Device>(f.admin, '/api/devices', {
      name: 'Theirs',
      uniqueId: 'u-2',
    });
    const edit = await user.client.json(`/api/devices/${theirs.id}`, { name: 'Hacked' }, 'PUT');
    expect(edit.status).toBe(400);
    expect(await edit.text()).toBe('Device access denied - SecurityException');
    expect((await user.client.delete(`/api/devices/${theirs.id}`)).status).toBe(400);
    expect(((await (await f.admin.get(`/api/devices/${theirs.id}`)).json()) as Device).name).toBe(
      'Theirs',
    );
    // Referencing a group the user does not reach is denied, and nothing changes.
    const group = await create(f.admin, '/api/groups', { name: 'Not yours' });
    const move = await user.client.json(`/api/devices/${mine.id}`, { groupId: group.id }, 'PUT');
    expect(await move.text()).toBe('Group access denied - SecurityException');
    expect(
      ((await (await user.client.get(`/api/devices/${mine.id}`)).json()) as Device).groupId,
    ).toBe(0);
    expect((await user.client.delete(`/api/devices/${mine.id}`)).status).toBe(204);
  });

  it('blocks readonly and deviceReadonly users (user or server flag) without changing data', async () => {
    const readonly = await makeUser(f, { readonly: true });
    const deviceReadonly = await makeUser(f, { deviceReadonly: true });
    const device = await create<Device>(f.admin, '/api/devices', {
      name: 'Locked',
      uniqueId: 'ro-1',
    });
    await link(f.admin, { userId: readonly.id, deviceId: device.id });
    await link(f.admin, { userId: deviceReadonly.id, deviceId: device.id });
    const count = await countRows(f.db, 'devices');
    for (const [client, message] of [
      [readonly.client, 'Account is readonly - SecurityException'],
      [deviceReadonly.client, 'Account is device readonly - SecurityException'],
    ] as const) {
      const post = await client.json('/api/devices', { name: 'New', uniqueId: `ro-new` });
      expect(post.status).toBe(400);
      expect(await post.text()).toBe(message);
      expect(
        await (await client.json(`/api/devices/${device.id}`, { name: 'X' }, 'PUT')).text(),
      ).toBe(message);
      expect(await (await client.delete(`/api/devices/${device.id}`)).text()).toBe(message);
      expect((await client.get(`/api/devices/${device.id}`)).status).toBe(200);
    }
    // deviceReadonly users may still create other objects.
    expect((await deviceReadonly.client.json('/api/groups', { name: 'Ok' })).status).toBe(200);
    expect((await readonly.client.json('/api/groups', { name: 'No' })).status).toBe(400);
    expect(await countRows(f.db, 'devices')).toBe(count);

    const plain = await makeUser(f);
    await setServerAttributes({});
    const server = (await (await f.admin.get('/api/server')).json()) as Record<string, unknown>;
    await f.admin.json('/api/server', { ...server, deviceReadonly: true }, 'PUT');
    const res = await plain.client.json('/api/devices', { name: 'S', uniqueId: 'srv-ro' });
    expect(await res.text()).toBe('Account is device readonly - SecurityException');
    // Admins are exempt from restrictions.
    expect((await f.admin.json('/api/devices', { name: 'S', uniqueId: 'srv-ro' })).status).toBe(
      200,
    );
    await f.admin.json('/api/server', { ...server, deviceReadonly: false }, 'PUT');
    expect(await countRows(f.db, 'devices')).toBe(count + 1);
  });

  it('enforces user and server device limits', async () => {
    const none = await makeUser(f, { deviceLimit: 0 });
    const res = await none.client.json('/api/devices', { name: 'L', uniqueId: 'lim-0' });
    expect(res.status).toBe(400);
    expect(await res.text()).toBe('User device limit reached - SecurityException');

    const two = await makeUser(f, { deviceLimit: 2 });
    await create(two.client, '/api/devices', { name: 'L1', uniqueId: 'lim-1' });
    const shared = await create<Device>(f.admin, '/api/devices', { name: 'L2', uniqueId: 'lim-2' });
    await link(f.admin, { userId: two.id, deviceId: shared.id });
    expect(
      await (await two.client.json('/api/devices', { name: 'L3', uniqueId: 'lim-3' })).text(),
    ).toBe('User device limit reached - SecurityException');
    // Linking a third device to them is refused too.
    const third = await create<Device>(f.admin, '/api/devices', { name: 'L4', uniqueId: 'lim-4' });
    const over = await f.admin.json('/api/permissions', { userId: two.id, deviceId: third.id });
    expect(await over.text()).toBe('User device limit reached - SecurityException');

    const total = (await (await f.admin.get('/api/devices')).json()) as Device[];
    await setServerAttributes({ 'tarkan.deviceLimit': total.length });
    const capped = await f.admin.json('/api/devices', { name: 'Cap', uniqueId: 'cap-1' });
    expect(capped.status).toBe(400);
    expect(await capped.text()).toBe('User device limit reached - SecurityException');
    await setServerAttributes({ 'tarkan.deviceLimit': total.length + 1 });
    expect((await f.admin.json('/api/devices', { name: 'Cap', uniqueId: 'cap-1' })).status).toBe(
      200,
    );
    await setServerAttributes({});
  });

  it('lazily deletes when the server enables it', async () => {
    const user = await makeUser(f);
    const device = await create<Device>(user.client, '/api/devices', {
      name: 'Lazy',
      uniqueId: 'lazy1',
    });
    await addPosition(f.db, device.id, Date.parse('2025-01-01T00:00:00Z'));
    await setServerAttributes({ 'tarkan.enableLazyDeletion': true });
    const before = Date.now();
    expect((await user.client.delete(`/api/devices/${device.id}`)).status).toBe(204);
    await setServerAttributes({});

    const row = await f.db.kysely
      .selectFrom('devices')
      .selectAll()
      .where('id', '=', device.id)
      .executeTakeFirstOrThrow();
    const [, uid, time] = row.uniqueId.split('-');
    expect(uid).toBe('lazy1');
    expect(Number(time)).toBeGreaterThanOrEqual(before);
    expect(await countRows(f.db, 'positions')).toBeGreaterThan(0);
    expect((await user.client.get(`/api/devices/${device.id}`)).status).toBe(400);
    const all = (await (await f.admin.get('/api/devices')).json()) as Device[];
    expect(all.find((d) => d.id === device.id)).toBeUndefined();
    // The uniqueId is free again.
    expect((await f.admin.json('/api/devices', { name: 'Again', uniqueId: 'lazy1' })).status).toBe(
      200,
    );

    const hard = await create<Device>(f.admin, '/api/devices', { name: 'Hard', uniqueId: 'hard1' });
    await addPosition(f.db, hard.id, Date.now());
    await addEvent(f.db, hard.id);
    expect((await f.admin.delete(`/api/devices/${hard.id}`)).status).toBe(204);
    const left = await f.db.kysely
      .selectFrom('positions')
      .select('id')
      .where('deviceId', '=', hard.id)
      .execute();
    expect(left).toEqual([]);
  });

  it('copies the latest position with new accumulators', async () => {
    const device = await create<Device>(f.admin, '/api/devices', {
      name: 'Acc',
      uniqueId: 'acc-1',
    });
    const noPosition = await f.admin.json(
      `/api/devices/${device.id}/accumulators`,
      {
        deviceId: device.id,
        totalDistance: 5,
      },
      'PUT',
    );
    expect(noPosition.status).toBe(400);
    const first = await addPosition(f.db, device.id, Date.parse('2025-02-01T10:00:00Z'), {
      attributes: { totalDistance: 100, hours: 5, ignition: true },
    });
    const res = await f.admin.json(
      `/api/devices/${device.id}/accumulators`,
      { deviceId: device.id, totalDistance: 123456.5, hours: 3_600_000 },
      'PUT',
    );
    expect(res.status).toBe(204);
    const latest = (await (await f.admin.get(`/api/positions?deviceId=${device.id}`)).json()) as {
      id: number;
      fixTime: string;
      attributes: Record<string, unknown>;
    }[];
    expect(latest).toHaveLength(1);
    expect(latest[0].id).not.toBe(first);
    expect(latest[0].fixTime).toBe('2025-02-01T10:00:00.000Z');
    expect(latest[0].attributes).toEqual({
      totalDistance: 123456.5,
      hours: 3_600_000,
      ignition: true,
    });
    const readonly = await makeUserSeeing(f, device.id, { readonly: true });
    const denied = await readonly.client.json(
      `/api/devices/${device.id}/accumulators`,
      { deviceId: device.id, totalDistance: 1 },
      'PUT',
    );
    expect(await denied.text()).toBe('Account is readonly - SecurityException');
    expect(
      (await f.admin.json(`/api/devices/${device.id}/accumulators`, { deviceId: 1 }, 'PUT')).status,
    ).toBe(400);
  });
});

describe('positions and events', () => {
  it('serves latest, one device, history, and ids, only for reachable devices', async () => {
    const user = await makeUser(f);
    const group = await create(f.admin, '/api/groups', { name: 'Pos group' });
    const seen = await create<Device>(f.admin, '/api/devices', {
      name: 'Pos seen',
      uniqueId: 'pos-1',
      groupId: group.id,
    });
    const hidden = await create<Device>(f.admin, '/api/devices', {
      name: 'Pos hidden',
      uniqueId: 'pos-2',
    });
    await link(f.admin, { userId: user.id, groupId: group.id });
    const t0 = Date.parse('2025-03-01T00:00:00Z');
    const ids: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      ids.push(await addPosition(f.db, seen.id, t0 + i * 60_000, { speed: i }, i === 4));
    }
    // Stored out of order: history still comes back by fixTime.
    const early = await addPosition(f.db, seen.id, t0 - 60_000, { speed: 99 }, false);
    const other = await addPosition(f.db, hidden.id, t0, {}, true);

    type P = { id: number; deviceId: number; speed: number; fixTime: string; geofenceIds: unknown };
    const get = async (query: string, client = user.client) =>
      (await (await client.get(`/api/positions${query}`)).json()) as P[];

    const latest = await get('');
    expect(latest.map((p) => p.id)).toEqual([ids[4]]);
    expect(latest[0]).toMatchObject({
      deviceId: seen.id,
      protocol: 'osmand',
      outdated: false,
      geofenceIds: null,
    });
    const adminLatest = await get('', f.admin);
    expect(adminLatest.map((p) => p.id)).toEqual(expect.arrayContaining([ids[4], other]));

    expect((await get(`?deviceId=${seen.id}`)).map((p) => p.id)).toEqual([ids[4]]);
    const history = await get(
      `?deviceId=${seen.id}&from=${new Date(t0 - 60_000).toISOString()}&to=${new Date(t0 + 180_000).toISOString()}`,
    );
    expect(history.map((p) => p.id)).toEqual([early, ids[0], ids[1], ids[2], ids[3]]);
    expect(history.map((p) => p.speed)).toEqual([99, 0, 1, 2, 3]);
    expect((await get(`?id=${ids[1]}&id=${other}&id=${ids[2]}`)).map((p) => p.id)).toEqual([
      ids[1],
      ids[2],
    ]);

    const denied = await user.client.get(`/api/positions?deviceId=${hidden.id}`);
    expect(await denied.text()).toBe('Device access denied - SecurityException');
    const bad = await user.client.get(`/api/positions?deviceId=${seen.id}&from=yesterday&to=now`);
    expect(bad.status).toBe(400);

    const noReports = await makeUserSeeing(f, seen.id, { disableReports: true });
    const blocked = await noReports.client.get(
      `/api/positions?deviceId=${seen.id}&from=2025-01-01T00:00:00Z&to=2026-01-01T00:00:00Z`,
    );
    expect(await blocked.text()).toBe('Reports are disabled - SecurityException');
    expect((await noReports.client.get(`/api/positions?deviceId=${seen.id}`)).status).toBe(200);

    const event = await addEvent(f.db, seen.id);
    const res = await user.client.get(`/api/events/${event}`);
    expect(await res.json()).toMatchObject({
      id: event,
      type: 'alarm',
      deviceId: seen.id,
      positionId: 0,
      geofenceId: 0,
      attributes: { alarm: 'sos' },
    });
    const hiddenEvent = await addEvent(f.db, hidden.id);
    expect(await (await user.client.get(`/api/events/${hiddenEvent}`)).text()).toBe(
      'Device access denied - SecurityException',
    );
    expect((await user.client.get('/api/events/999999')).status).toBe(404);
  });
});
