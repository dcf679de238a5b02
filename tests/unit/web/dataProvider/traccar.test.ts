import { isDeletedUniqueId } from '../../../../model/device';
import {
  permissionBody,
  traccarDataProvider as provider,
} from '../../../../src/dataProvider/traccar';
import { holdBack, isHeldBack, release } from '../../../../src/dataProvider/pendingDeletes';
import { serverErrorCode, serverErrorMessage } from '../../../../src/dataProvider/serverErrors';
import { fakeFetch, jsonResponse, textResponse } from '../fakeFetch';

const devices = [
  {
    id: 1,
    name: 'Truck 10',
    uniqueId: '111',
    status: 'online',
    groupId: 2,
    attributes: { placa: 'ABC1D23' },
  },
  { id: 2, name: 'Truck 9', uniqueId: '222', status: 'offline', groupId: 0, attributes: {} },
  { id: 3, name: 'Van', uniqueId: '333', status: 'online', groupId: 2, attributes: {} },
  {
    id: 4,
    name: 'Old',
    uniqueId: 'deleted-444-1700000000',
    status: 'offline',
    groupId: 0,
    attributes: {},
  },
];

afterEach(() => vi.unstubAllGlobals());

describe('traccar data provider: lists in memory', () => {
  it('hides lazily deleted devices, searches, filters, sorts and pages', async () => {
    const { requests } = fakeFetch({ 'GET /api/devices': () => jsonResponse(devices) });
    const page = await provider.getList('device-admin', {
      filter: { status: 'online' },
      sort: { field: 'name', order: 'DESC' },
      pagination: { page: 1, perPage: 1 },
    });
    expect(page.data.map((d) => d.id)).toEqual([3]);
    expect(page.total).toBe(2);
    const search = await provider.getList('device-admin', {
      filter: { q: 'abc1' },
      sort: { field: 'name', order: 'ASC' },
      pagination: { page: 1, perPage: 25 },
    });
    expect(search.data.map((d) => d.id)).toEqual([1]);
    const all = await provider.getList('device-admin', {
      filter: {},
      sort: { field: 'name', order: 'ASC' },
      pagination: { page: 1, perPage: 25 },
    });
    expect(all.data.map((d) => d.name)).toEqual(['Truck 9', 'Truck 10', 'Van']);
    expect(requests.every((r) => r.path === '/api/devices')).toBe(true);
  });

  it('leaves out rows whose undoable delete waits for its toast, until released', async () => {
    fakeFetch({ 'GET /api/geofences': () => jsonResponse([{ id: 8 }, { id: 9 }]) });
    const ids = async () =>
      (await provider.getList('geofence', { pagination: { page: 1, perPage: 10 } })).data.map(
        (row) => row.id,
      );
    holdBack('geofence', [9]);
    try {
      expect(await ids()).toEqual([8]);
      expect((await provider.getMany('geofence', { ids: [9] })).data).toEqual([]);
      // Another resource's row 9 is not held back.
      expect(isHeldBack('groups', 9)).toBe(false);
    } finally {
      release('geofence', [9]);
    }
    expect(await ids()).toEqual([8, 9]);
  });

  it('sends the owner filter to the server and hides share users', async () => {
    const { requests } = fakeFetch({
      'GET /api/users': () =>
        jsonResponse([
          { id: 5, name: 'Bia', attributes: {} },
          { id: 6, name: 'share-xyz', attributes: { isShared: 1 } },
        ]),
    });
    const { data, total } = await provider.getList('users', {
      filter: { linked: { userId: 1 } },
      sort: { field: 'name', order: 'ASC' },
      pagination: { page: 1, perPage: 10 },
    });
    expect(data.map((u) => u.id)).toEqual([5]);
    expect(total).toBe(1);
    expect(requests[0].url.searchParams.get('userId')).toBe('1');
  });

  it('maps resource names to Traccar paths', async () => {
    const { requests } = fakeFetch({
      'GET /api/attributes/computed/1': () => jsonResponse({ id: 1, description: 'x' }),
      'GET /api/geofences': () => jsonResponse([{ id: 9, name: 'Depot' }]),
      'GET /api/maintenance': () => jsonResponse([]),
    });
    await provider.getOne('computed', { id: 1 });
    expect((await provider.getMany('geofence', { ids: [9] })).data[0].name).toBe('Depot');
    await provider.getList('maintenances', { pagination: { page: 1, perPage: 5 } });
    expect(requests.map((r) => r.path)).toEqual([
      '/api/attributes/computed/1',
      '/api/geofences',
      '/api/maintenance',
    ]);
  });

  it("reads one object by its own path, so one's own account needs no right to list users", async () => {
    const { requests } = fakeFetch({
      'GET /api/users': () => textResponse('Access denied - SecurityException', 400),
      'GET /api/users/5': () => jsonResponse({ id: 5, name: 'Operadora' }),
    });
    expect((await provider.getOne('users', { id: 5 })).data).toMatchObject({ name: 'Operadora' });
    expect(requests.map((r) => r.path)).toEqual(['/api/users/5']);
  });

  it('creates, updates and deletes with the REST verbs', async () => {
    const { requests } = fakeFetch({
      'POST /api/groups': (r) => jsonResponse({ ...JSON.parse(r.body), id: 11 }),
      'PUT /api/groups/11': (r) => jsonResponse(JSON.parse(r.body)),
      'DELETE /api/groups/11': () => textResponse('', 204),
      'DELETE /api/groups/12': () => textResponse('', 204),
    });
    const created = await provider.create('groups', { data: { name: 'Sul', groupId: 0 } });
    expect(created.data).toMatchObject({ id: 11, name: 'Sul' });
    await provider.update('groups', {
      id: 11,
      data: { name: 'Sul 2' },
      previousData: created.data,
    });
    expect(JSON.parse(requests[1].body)).toEqual({ name: 'Sul 2', id: 11 });
    await provider.deleteMany('groups', { ids: [11, 12] });
    expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([
      '/api/groups/11',
      '/api/groups/12',
    ]);
  });

  it('turns server error texts into translation keys', async () => {
    fakeFetch({
      'POST /api/devices': () => textResponse('User device limit reached - SecurityException', 400),
    });
    await expect(
      provider.create('device-admin', { data: { name: 'x', uniqueId: 'y' } }),
    ).rejects.toMatchObject({ status: 400, message: 'admin.errors.USER_DEVICE_LIMIT_REACHED' });
  });
});

describe('traccar data provider: the events screen', () => {
  const notifications = [
    { id: 1, type: 'alarm', notificators: 'web', calendarId: 0, commandId: 0 },
    { id: 2, type: 'scheduled', notificators: 'web', calendarId: 5, commandId: 0 },
    { id: 3, type: 'geofenceEnter', notificators: 'web,command', calendarId: 0, commandId: 8 },
  ];

  it('lists only scheduled and command notifications, and writes them as notifications', async () => {
    const { requests } = fakeFetch({
      'GET /api/notifications': () => jsonResponse(notifications),
      'POST /api/notifications': (r) => jsonResponse({ ...JSON.parse(r.body), id: 9 }),
      'PUT /api/notifications/9': (r) => jsonResponse(JSON.parse(r.body)),
      'DELETE /api/notifications/9': () => textResponse('', 204),
    });
    const page = await provider.getList('events', {
      sort: { field: 'id', order: 'ASC' },
      pagination: { page: 1, perPage: 25 },
      filter: {},
    });
    expect(page.data.map((row) => row.id)).toEqual([2, 3]);

    const data = { type: 'scheduled', notificators: 'command', calendarId: 5, commandId: 8 };
    const created = await provider.create('events', { data });
    expect(created.data.id).toBe(9);
    await provider.update('events', {
      id: 9,
      data: { ...created.data, description: 'Night' },
      previousData: created.data,
    });
    await provider.delete('events', { id: 9, previousData: created.data });
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /api/notifications',
      'POST /api/notifications',
      'PUT /api/notifications/9',
      'DELETE /api/notifications/9',
    ]);
    expect(JSON.parse(requests[1].body)).toMatchObject(data);
  });
});

describe('traccar data provider: custom methods', () => {
  it('links and unlinks with the owner key first, in bulk when several', async () => {
    const { requests } = fakeFetch({
      'POST /api/permissions': () => textResponse('', 204),
      'DELETE /api/permissions/bulk': () => textResponse('', 204),
    });
    await provider.link({ key: 'deviceId', id: 5 }, [{ key: 'geofenceId', id: 2 }]);
    expect(requests[0].body).toBe('{"deviceId":5,"geofenceId":2}');
    await provider.unlink({ key: 'userId', id: 1 }, [
      { key: 'managedUserId', id: 7 },
      { key: 'managedUserId', id: 8 },
    ]);
    expect(JSON.parse(requests[1].body)).toEqual([
      { userId: 1, managedUserId: 7 },
      { userId: 1, managedUserId: 8 },
    ]);
    expect(
      Object.keys(permissionBody({ key: 'groupId', id: 3 }, { key: 'driverId', id: 4 })),
    ).toEqual(['groupId', 'driverId']);
  });

  it('links one object to each selected owner in one bulk request, and unlinks it', async () => {
    const { requests } = fakeFetch({
      'POST /api/permissions/bulk': () => textResponse('', 204),
      'DELETE /api/permissions': () => textResponse('', 204),
    });
    await provider.linkEach(
      [
        { key: 'deviceId', id: 5 },
        { key: 'deviceId', id: 6 },
      ],
      { key: 'geofenceId', id: 2 },
    );
    expect(requests[0].path).toBe('/api/permissions/bulk');
    expect(requests[0].body).toBe('[{"deviceId":5,"geofenceId":2},{"deviceId":6,"geofenceId":2}]');
    await provider.unlinkEach([{ key: 'groupId', id: 3 }], { key: 'notificationId', id: 9 });
    expect(requests[1].path).toBe('/api/permissions');
    expect(requests[1].body).toBe('{"groupId":3,"notificationId":9}');
  });

  it('reads linked ids, accumulators, computed test, types', async () => {
    const { requests } = fakeFetch({
      'GET /api/geofences': () => jsonResponse([{ id: 2 }, { id: 3 }]),
      'PUT /api/devices/5/accumulators': () => textResponse('', 204),
      'POST /api/attributes/computed/test': () => jsonResponse(42),
      'GET /api/commands/types': () => jsonResponse([{ type: 'custom' }, { type: 'engineStop' }]),
      'POST /api/notifications/test': () => textResponse('', 204),
    });
    expect(await provider.linkedIds('geofence', { deviceId: 5 })).toEqual([2, 3]);
    expect(requests[0].url.search).toBe('?deviceId=5');
    await provider.setAccumulators(5, { totalDistance: 12000 });
    expect(JSON.parse(requests[1].body)).toEqual({ deviceId: 5, totalDistance: 12000 });
    expect(await provider.computedTest(5, { expression: 'speed * 2' })).toBe(42);
    expect(requests[2].url.searchParams.get('deviceId')).toBe('5');
    expect(await provider.commandTypes()).toEqual(['custom', 'engineStop']);
    await provider.notificationTest();
    expect(requests.at(-1)?.method).toBe('POST');
  });
});

describe('server error codes', () => {
  it.each([
    ['User device limit reached - SecurityException', 'USER_DEVICE_LIMIT_REACHED'],
    ['Account is readonly - SecurityException', 'ACCOUNT_IS_READONLY'],
    ['Account is device readonly - SecurityException', 'ACCOUNT_IS_DEVICE_READONLY'],
    ['Write access denied - SecurityException', 'WRITE_ACCESS_DENIED'],
    ['Geofence access denied - SecurityException', 'ACCESS_DENIED'],
    ['Manager access required - SecurityException', 'MANAGER_ACCESS_REQUIRED'],
    ['Manager user limit reached - SecurityException', 'MANAGER_USER_LIMIT_REACHED'],
    ['Cannot delete yourself - SecurityException', 'CANNOT_DELETE_YOURSELF'],
    ['Groups nest at most 3 levels deep - IllegalArgumentException', 'GROUPS_NEST_TOO_DEEP'],
    [
      'Group cannot be its own ancestor - IllegalArgumentException',
      'GROUP_CANNOT_BE_ITS_OWN_ANCESTOR',
    ],
    ['Duplicate unique id - IllegalArgumentException', 'DUPLICATE_UNIQUE_ID'],
    ['Email already in use - IllegalArgumentException', 'EMAIL_ALREADY_IN_USE'],
    [
      'Calendar data must be valid iCalendar: invalid line "x" - IllegalArgumentException',
      'CALENDAR_DATA_INVALID',
    ],
    [
      'Circle radius must be more than 0 and at most 20037509 metres: 1e308 - IllegalArgumentException',
      'GEOFENCE_RADIUS_INVALID',
    ],
    [
      'Longitude out of range in Polygon point 2: 190 - IllegalArgumentException',
      'GEOFENCE_AREA_INVALID',
    ],
    ['Polygon needs at least 3 points - IllegalArgumentException', 'GEOFENCE_AREA_INVALID'],
    ['Geofence area is empty - IllegalArgumentException', 'GEOFENCE_AREA_INVALID'],
    ['Database unavailable - StorageException', 'DATABASE_UNAVAILABLE'],
  ])('%s → %s', (text, code) => {
    expect(serverErrorCode(text)).toBe(code);
    expect(serverErrorMessage(text)).toBe(`admin.errors.${code}`);
  });

  it('keeps an unknown text as it is', () => {
    expect(serverErrorMessage('Something odd - RuntimeException\nstack')).toBe(
      'Something odd - RuntimeException',
    );
  });

  it('recognises lazily deleted devices', () => {
    expect(isDeletedUniqueId('deleted-123-1700000000')).toBe(true);
    expect(isDeletedUniqueId('deleted-123')).toBe(false);
    expect(isDeletedUniqueId('123')).toBe(false);
  });
});
