import { describe, expect, it } from 'vitest';
import { encodePerms, type PermName } from '../../../model';
import {
  addPosition,
  countRows,
  create,
  link,
  makeUser,
  apiFixtureForFile,
} from '../../support/entityApi';

// The advanced-permission bits exercised here apply only with the plus licence.
const f = apiFixtureForFile({ LICENSE_MODE: 'plus' });

const base64 = (text: string) => Buffer.from(text).toString('base64');
const ICS = base64('BEGIN:VCALENDAR\nVERSION:2.0\nEND:VCALENDAR\n');

type Obj = Record<string, unknown> & { id: number };

/** Per resource: a valid body, an edit, the expected shape, and bodies that must be refused. */
const RESOURCES: {
  path: string;
  table: string;
  body: Record<string, unknown>;
  edit: Record<string, unknown>;
  shape: Record<string, unknown>;
  bad: [Record<string, unknown>, string][];
  /** A partial update that must be refused. */
  badEdit: Record<string, unknown>;
}[] = [
  {
    path: '/api/groups',
    table: 'groups',
    body: { name: 'Fleet A', attributes: { speedLimit: 80 } },
    edit: { name: 'Fleet A2' },
    shape: { name: 'Fleet A', groupId: 0, attributes: { speedLimit: 80 } },
    badEdit: { name: '' },
    bad: [
      [{}, 'name is required - IllegalArgumentException'],
      [{ name: 'x', groupId: 4242 }, 'Group access denied - SecurityException'],
      [
        { name: 'G'.repeat(129) },
        'Invalid name: longer than 128 characters - IllegalArgumentException',
      ],
    ],
  },
  {
    path: '/api/geofences',
    table: 'geofences',
    body: { name: 'Depot', area: 'CIRCLE (-23.55 -46.63, 300)', attributes: { speedLimit: 20 } },
    edit: { area: 'POLYGON ((1 1, 1 2, 2 2))', description: 'yard' },
    shape: {
      name: 'Depot',
      description: null,
      area: 'CIRCLE (-23.55 -46.63, 300)',
      calendarId: 0,
      attributes: { speedLimit: 20 },
    },
    badEdit: { area: 'CIRCLE' },
    bad: [
      [{ name: 'x' }, 'area is required - IllegalArgumentException'],
      [
        { name: 'x', area: 'CIRCLE (95 0, 10)' },
        'Latitude out of range in circle centre: 95 - IllegalArgumentException',
      ],
      [
        { name: 'x', area: 'SQUARE (1 1)' },
        'Geofence area must start with CIRCLE, POLYGON or LINESTRING - IllegalArgumentException',
      ],
      [
        { name: 'x', area: 'CIRCLE (1 1, 1e308)' },
        'Circle radius must be more than 0 and at most 20037509 metres: 1e308 - IllegalArgumentException',
      ],
    ],
  },
  {
    path: '/api/calendars',
    table: 'calendars',
    body: { name: 'Weekdays', data: ICS },
    edit: { name: 'Workdays' },
    shape: { name: 'Weekdays', data: ICS, attributes: {} },
    badEdit: { data: '###' },
    bad: [
      [{ name: 'x', data: '###' }, 'Calendar data must be base64 - IllegalArgumentException'],
      [
        { name: 'x', data: Buffer.from('hello').toString('base64') },
        'Calendar data must be iCalendar text (BEGIN:VCALENDAR) - IllegalArgumentException',
      ],
      [
        { name: 'x', data: base64('BEGIN:VCALENDAR\ngarbage\nEND:VCALENDAR\n') },
        'Calendar data must be valid iCalendar: invalid line (no token ";" or ":") "garbage" - IllegalArgumentException',
      ],
      [
        {
          name: 'x',
          data: base64(
            'BEGIN:VCALENDAR\nBEGIN:VEVENT\nDTSTART:20250101T080000Z\nRRULE:FREQ=SOMETIMES\nEND:VEVENT\nEND:VCALENDAR\n',
          ),
        },
        'Calendar data must be valid iCalendar: invalid frequency "SOMETIMES" expected: ' +
          '"SECONDLY, MINUTELY, HOURLY, DAILY, WEEKLY, MONTHLY, YEARLY" - IllegalArgumentException',
      ],
      [
        {
          name: 'x',
          data: base64('BEGIN:VCALENDAR\nBEGIN:VEVENT\nUID:1\nEND:VEVENT\nEND:VCALENDAR\n'),
        },
        'Calendar data must be valid iCalendar: an event has no start (DTSTART) - IllegalArgumentException',
      ],
    ],
  },
  {
    path: '/api/drivers',
    table: 'drivers',
    body: { name: 'Ana', uniqueId: 'RFID-1', attributes: { cnhNumber: '123' } },
    edit: { name: 'Ana Maria' },
    shape: { name: 'Ana', uniqueId: 'RFID-1', attributes: { cnhNumber: '123' } },
    badEdit: { uniqueId: ' ' },
    bad: [
      [{ name: 'x' }, 'uniqueId is required - IllegalArgumentException'],
      [{ name: 'x', uniqueId: 'RFID-1' }, 'Duplicate unique id - IllegalArgumentException'],
    ],
  },
  {
    path: '/api/maintenance',
    table: 'maintenances',
    body: { name: 'Oil', type: 'totalDistance', start: 1000, period: 10000 },
    edit: { period: 5000.5 },
    shape: { name: 'Oil', type: 'totalDistance', start: 1000, period: 10000, attributes: {} },
    badEdit: { start: 'x' },
    bad: [
      [{ name: 'x' }, 'type is required - IllegalArgumentException'],
      [
        { name: 'x', type: 'hours', start: 'soon' },
        'body/start must be number - IllegalArgumentException',
      ],
    ],
  },
  {
    path: '/api/notifications',
    table: 'notifications',
    body: { type: 'alarm', notificators: 'web,mail', attributes: { alarms: 'sos' } },
    edit: { always: true, description: 'SOS' },
    shape: {
      type: 'alarm',
      description: null,
      always: false,
      notificators: 'web,mail',
      calendarId: 0,
      commandId: 0,
      attributes: { alarms: 'sos' },
    },
    badEdit: { type: '' },
    bad: [
      [{ notificators: 'web' }, 'type is required - IllegalArgumentException'],
      [{ type: 'alarm', commandId: 4242 }, 'Command access denied - SecurityException'],
    ],
  },
  {
    path: '/api/attributes/computed',
    table: 'attributes',
    body: { description: 'Fuel', attribute: 'fuel', expression: 'adc1 * 2', type: 'number' },
    edit: { priority: 5 },
    shape: {
      description: 'Fuel',
      attribute: 'fuel',
      expression: 'adc1 * 2',
      type: 'number',
      priority: 0,
    },
    badEdit: { expression: '(' },
    bad: [
      [
        { attribute: 'a', expression: 'speed *', type: 'number' },
        'Unexpected end of expression at position 8 - IllegalArgumentException',
      ],
      [
        { attribute: 'a', expression: '1', type: 'text' },
        'type must be one of string, number, boolean - IllegalArgumentException',
      ],
    ],
  },
];

describe.each(RESOURCES)('$path', (resource) => {
  it('round-trips CRUD and refuses bad input without storing it', async () => {
    const created = await create<Obj>(f.admin, resource.path, resource.body);
    expect(created).toEqual({ id: created.id, ...resource.shape });
    expect(await (await f.admin.get(`${resource.path}/${created.id}`)).json()).toEqual(created);
    const listed = (await (await f.admin.get(resource.path)).json()) as Obj[];
    expect(listed.map((o) => o.id)).toContain(created.id);

    const put = await f.admin.json(`${resource.path}/${created.id}`, resource.edit, 'PUT');
    expect(put.status).toBe(200);
    expect(await put.json()).toEqual({ ...created, ...resource.edit });

    const before = await countRows(f.db, resource.table);
    for (const [body, text] of resource.bad) {
      const res = await f.admin.json(resource.path, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.text()).toBe(text);
    }
    const edit = await f.admin.json(`${resource.path}/${created.id}`, resource.badEdit, 'PUT');
    expect(edit.status).toBe(400);
    expect(await edit.text()).toMatch(/ - IllegalArgumentException$/);
    expect(await countRows(f.db, resource.table)).toBe(before);
    expect(await (await f.admin.get(`${resource.path}/${created.id}`)).json()).toEqual({
      ...created,
      ...resource.edit,
    });

    expect((await f.admin.delete(`${resource.path}/${created.id}`)).status).toBe(204);
    expect((await f.admin.get(`${resource.path}/${created.id}`)).status).toBe(404);
    expect((await f.admin.delete(`${resource.path}/${created.id}`)).status).toBe(404);
  });
});

describe('list filters and visibility of linked objects', () => {
  it('reaches geofences directly, through groups and sub-groups, and filters by link', async () => {
    const user = await makeUser(f);
    const top = await create(f.admin, '/api/groups', { name: 'Top' });
    const mid = await create(f.admin, '/api/groups', { name: 'Mid', groupId: top.id });
    const leaf = await create(f.admin, '/api/groups', { name: 'Leaf', groupId: mid.id });
    const g = async (name: string) =>
      create(f.admin, '/api/geofences', { name, area: 'CIRCLE (1 1, 10)' });
    const direct = await g('V-direct');
    const viaTop = await g('V-top');
    const viaLeaf = await g('V-leaf');
    const viaDevice = await g('V-device');
    await g('V-hidden');
    const device = await create(f.admin, '/api/devices', { name: 'V-dev', uniqueId: 'v-dev' });
    await link(f.admin, { userId: user.id, geofenceId: direct.id });
    await link(f.admin, { userId: user.id, groupId: top.id });
    await link(f.admin, { groupId: top.id, geofenceId: viaTop.id });
    await link(f.admin, { groupId: leaf.id, geofenceId: viaLeaf.id });
    await link(f.admin, { deviceId: device.id, geofenceId: viaDevice.id });

    const names = async (query: string, client = user.client) =>
      ((await (await client.get(`/api/geofences${query}`)).json()) as { name: string }[]).map(
        (o) => o.name,
      );
    expect(await names('?keyword=v-')).toEqual(['V-direct', 'V-leaf', 'V-top']);
    expect(await names(`?userId=${user.id}`)).toEqual(['V-direct']);
    expect(await names(`?groupId=${leaf.id}`)).toEqual(['V-leaf']);
    expect(await names(`?deviceId=${device.id}`, f.admin)).toEqual(['V-device']);
    expect(await (await user.client.get(`/api/geofences?deviceId=${device.id}`)).text()).toBe(
      'Device access denied - SecurityException',
    );
    expect(await names('?keyword=V-&limit=2', f.admin)).toEqual(['V-device', 'V-direct']);
    // Groups: the user sees all three levels.
    const groups = (await (await user.client.get('/api/groups')).json()) as { name: string }[];
    expect(groups.map((o) => o.name)).toEqual(['Leaf', 'Mid', 'Top']);
  });

  it('keeps groups at most three levels deep and free of cycles', async () => {
    const a = await create(f.admin, '/api/groups', { name: 'A' });
    const b = await create(f.admin, '/api/groups', { name: 'B', groupId: a.id });
    const c = await create(f.admin, '/api/groups', { name: 'C', groupId: b.id });
    const tooDeep = await f.admin.json('/api/groups', { name: 'D', groupId: c.id });
    expect(tooDeep.status).toBe(400);
    expect(await tooDeep.text()).toBe(
      'Groups nest at most 3 levels deep - IllegalArgumentException',
    );

    const cycle = await f.admin.json(`/api/groups/${a.id}`, { groupId: c.id }, 'PUT');
    expect(await cycle.text()).toBe('Group cannot be its own ancestor - IllegalArgumentException');
    const self = await f.admin.json(`/api/groups/${a.id}`, { groupId: a.id }, 'PUT');
    expect(await self.text()).toBe('Group cannot be its own ancestor - IllegalArgumentException');

    // Moving a two-level subtree under a two-level chain would make four levels.
    const x = await create(f.admin, '/api/groups', { name: 'X' });
    const y = await create(f.admin, '/api/groups', { name: 'Y', groupId: x.id });
    const move = await f.admin.json(`/api/groups/${b.id}`, { groupId: y.id }, 'PUT');
    expect(move.status).toBe(400);
    const stored = await f.db.kysely
      .selectFrom('groups')
      .select(['id', 'groupId'])
      .where('id', 'in', [a.id, b.id])
      .orderBy('id')
      .execute();
    expect(stored).toEqual([
      { id: a.id, groupId: null },
      { id: b.id, groupId: a.id },
    ]);
    // Moving the leaf under Y is fine: X > Y > C.
    expect((await f.admin.json(`/api/groups/${c.id}`, { groupId: y.id }, 'PUT')).status).toBe(200);
  });
});

describe('computed attributes', () => {
  it('are written and tested by admins only', async () => {
    const user = await makeUser(f);
    const attribute = await create(f.admin, '/api/attributes/computed', {
      description: 'Speed km/h',
      attribute: 'speedKmh',
      expression: 'speed * 1.852',
      type: 'number',
    });
    await link(f.admin, { userId: user.id, attributeId: attribute.id });
    expect(
      ((await (await user.client.get('/api/attributes/computed')).json()) as Obj[]).length,
    ).toBe(1);
    const count = await countRows(f.db, 'attributes');
    for (const res of [
      await user.client.json('/api/attributes/computed', {
        attribute: 'a',
        expression: '1',
        type: 'number',
      }),
      await user.client.json(
        `/api/attributes/computed/${attribute.id}`,
        { expression: '2' },
        'PUT',
      ),
      await user.client.delete(`/api/attributes/computed/${attribute.id}`),
    ]) {
      expect(res.status).toBe(400);
      expect(await res.text()).toBe('Administrator access required - SecurityException');
    }
    expect(await countRows(f.db, 'attributes')).toBe(count);

    const device = await create(f.admin, '/api/devices', { name: 'Calc', uniqueId: 'calc-1' });
    const test = (body: unknown, client = f.admin) =>
      client.json(`/api/attributes/computed/test?deviceId=${device.id}`, body);
    expect((await test({ expression: 'speed', type: 'number' })).status).toBe(400);
    await addPosition(f.db, device.id, Date.now(), {
      speed: 10,
      attributes: { ignition: true, adc1: 2048, driverUniqueId: 'D1' },
    });
    const number = await test({ expression: 'speed * 1.852', type: 'number' });
    expect(number.status).toBe(200);
    expect(await number.json()).toBeCloseTo(18.52);
    const bool = await test({ expression: 'ignition && adc1 > 1000', type: 'boolean' });
    expect(await bool.json()).toBe(true);
    const text = await test({ expression: 'driverUniqueId', type: 'string' });
    expect(await text.text()).toBe('D1');
    expect((await test({ expression: 'ignition ? null : 1', type: 'number' })).status).toBe(204);
    const unknown = await test({ expression: 'missingKey', type: 'number' });
    expect(await unknown.text()).toBe(
      "Undefined variable 'missingKey' at position 1 - IllegalArgumentException",
    );
    const broken = await test({ expression: 'speed +* 2', type: 'number' });
    expect(broken.status).toBe(400);
    expect(await broken.text()).toMatch(/ - IllegalArgumentException$/);
    const denied = await test({ expression: '1', type: 'number' }, user.client);
    expect(await denied.text()).toBe('Administrator access required - SecurityException');
    expect(
      (await f.admin.json('/api/attributes/computed/test?deviceId=424242', { expression: '1' }))
        .status,
    ).toBe(404);
  });

  it('answers 400, not a 500 or a giant body, for an expression over the evaluation limits', async () => {
    const device = await create(f.admin, '/api/devices', { name: 'Blow-up', uniqueId: 'calc-2' });
    await addPosition(f.db, device.id, Date.now());
    // Each replace makes the text ten times longer: 10^7 characters after six.
    const expression = `'aaaaaaaaaa'` + `.replace('a', 'aaaaaaaaaa')`.repeat(6);
    const res = await f.admin.json(`/api/attributes/computed/test?deviceId=${device.id}`, {
      expression,
      type: 'string',
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toMatch(
      /^String longer than 65536 characters at position \d+ - IllegalArgumentException$/,
    );
  });
});

describe('advanced permissions', () => {
  it('gate areas when the server enables them, and never for admins', async () => {
    const perms = (names: PermName[]) => encodePerms(names);
    const limited = await makeUser(f, {
      attributes: { 'tarkan.advancedPerms': perms(['geofences', 'geofenceCreate', 'self']) },
    });
    const driver = await makeUser(f, {
      attributes: {
        'tarkan.advancedPerms': perms(['geofences', 'geofenceCreate']),
        'tarkan.isQrDriverId': 'D-9',
      },
    });
    const open = await makeUser(f);
    const server = (await (await f.admin.get('/api/server')).json()) as Record<string, unknown>;
    const enable = (on: boolean) =>
      f.admin.json(
        '/api/server',
        { ...server, attributes: on ? { 'tarkan.enableAdvancedPerms': true } : {} },
        'PUT',
      );

    // Off: the bits are ignored.
    expect((await limited.client.json('/api/groups', { name: 'Allowed' })).status).toBe(200);

    await enable(true);
    const geofence = await create(limited.client, '/api/geofences', {
      name: 'Mine',
      area: 'CIRCLE (1 1, 5)',
    });
    const groups = await f.db.kysely.selectFrom('groups').select('id').execute();
    const cases: [Promise<Response>, string][] = [
      [limited.client.get('/api/groups'), 'Access denied - SecurityException'],
      [
        limited.client.json('/api/groups', { name: 'No' }),
        'Write access denied - SecurityException',
      ],
      [
        limited.client.json(`/api/geofences/${geofence.id}`, { name: 'Renamed' }, 'PUT'),
        'Write access denied - SecurityException',
      ],
      [
        limited.client.delete(`/api/geofences/${geofence.id}`),
        'Write access denied - SecurityException',
      ],
      [limited.client.get('/api/devices'), 'Access denied - SecurityException'],
      [
        limited.client.json('/api/devices', { name: 'N', uniqueId: 'adv-1' }),
        'Write access denied - SecurityException',
      ],
      [driver.client.get('/api/geofences'), 'Access denied - SecurityException'],
    ];
    for (const [request, text] of cases) {
      const res = await request;
      expect(res.status).toBe(400);
      expect(await res.text()).toBe(text);
    }
    expect((await limited.client.get('/api/geofences')).status).toBe(200);
    // A user without a perms string may do everything; admins are never gated.
    expect((await open.client.get('/api/groups')).status).toBe(200);
    expect((await f.admin.json('/api/groups', { name: 'Admin ok' })).status).toBe(200);
    // Self-edit needs the `self` bit.
    const me = await limited.client.json(`/api/users/${limited.id}`, { name: 'Limited Me' }, 'PUT');
    expect(me.status).toBe(200);
    expect(
      await (
        await driver.client.json(`/api/users/${driver.id}`, { name: 'Driver Me' }, 'PUT')
      ).text(),
    ).toBe('Write access denied - SecurityException');
    await enable(false);

    expect(await countRows(f.db, 'groups')).toBe(groups.length + 1);
    const stored = await f.admin.get(`/api/geofences/${geofence.id}`);
    expect(((await stored.json()) as { name: string }).name).toBe('Mine');
  });
});
