import {
  coveredCount,
  coveredDevices,
  devicesOfGeofence,
  linkChanges,
  reachableGeofences,
  targetsOfGeofence,
  type GeofenceLinkMap,
} from '../../../../src/dataProvider/geofenceCoverage';
import { dataProvider } from '../../../../src/dataProvider';
import { fakeFetch, jsonResponse, textResponse, type FakeRequest } from '../fakeFetch';

afterEach(() => vi.unstubAllGlobals());

// Groups: 10 (top) ⊃ 11. Devices: 1 in 11, 2 in 10, 3 without group.
const map: GeofenceLinkMap = {
  devices: [
    { id: 1, groupId: 11, name: 'Van' },
    { id: 2, groupId: 10, name: 'Truck' },
    { id: 3, groupId: 0, name: 'Car' },
  ],
  groups: [
    { id: 10, groupId: 0, name: 'Fleet' },
    { id: 11, groupId: 10, name: 'South' },
  ],
  deviceGeofences: { 1: [], 2: [], 3: [7] },
  groupGeofences: { 10: [8], 11: [] },
};

describe('geofence coverage', () => {
  it('counts the devices a geofence applies to, directly or through a parent group', () => {
    expect(devicesOfGeofence(map, 7)).toEqual([3]);
    expect(devicesOfGeofence(map, 8)).toEqual([1, 2]);
    expect(devicesOfGeofence(map, 9)).toEqual([]);
    expect(targetsOfGeofence(map, 8)).toEqual({ all: false, deviceIds: [], groupIds: [10] });
    expect(coveredCount(map, { all: false, deviceIds: [3], groupIds: [11] })).toBe(2);
    expect(coveredCount(map, { all: true, deviceIds: [], groupIds: [] })).toBe(3);
  });

  it('links every device the user sees for "all my devices", and unlinks what was unchosen', () => {
    expect(linkChanges(map, 7, { all: true, deviceIds: [], groupIds: [] })).toEqual({
      link: { deviceIds: [1, 2], groupIds: [] },
      unlink: { deviceIds: [], groupIds: [] },
    });
    expect(linkChanges(map, 8, { all: false, deviceIds: [1], groupIds: [] })).toEqual({
      link: { deviceIds: [1], groupIds: [] },
      unlink: { deviceIds: [], groupIds: [10] },
    });
  });

  it('finds when a geofence rule can match no linked geofence', () => {
    const reach = {
      ...map,
      deviceGeofences: { 1: [], 2: [], 3: [] },
      groupGeofences: {},
      deviceNotifications: { 1: [5] },
      groupNotifications: { 10: [6] },
    };
    expect(reachableGeofences(reach, coveredDevices(reach, undefined, true))).toEqual([]);
    expect(reachableGeofences(map, coveredDevices(reach, undefined, true))).toEqual([7, 8]);
    expect(coveredDevices(reach, 5, false)).toEqual([1]);
    expect(coveredDevices(reach, 6, false)).toEqual([1, 2]);
    expect(coveredDevices(reach, undefined, false)).toEqual([]);
    expect(reachableGeofences(map, [3], [8])).toEqual([]);
  });
});

describe('geofence saves through the data provider', () => {
  it('creates the geofence, then links it to the chosen devices over /api/permissions', async () => {
    const devices = [
      { id: 1, name: 'Van', uniqueId: 'v', groupId: 0, attributes: {} },
      { id: 2, name: 'Truck', uniqueId: 't', groupId: 0, attributes: {} },
    ];
    const linked: Record<string, number[]> = { 1: [], 2: [4] };
    const { requests } = fakeFetch({
      'GET /api/devices': () => jsonResponse(devices),
      'GET /api/groups': () => jsonResponse([]),
      'GET /api/geofences': (r: FakeRequest) => {
        const ids = linked[r.url.searchParams.get('deviceId') ?? ''] ?? [];
        return jsonResponse(ids.map((id) => ({ id, name: `G${id}`, area: '' })));
      },
      'POST /api/geofences': (r) => jsonResponse({ ...JSON.parse(r.body), id: 9 }),
      'POST /api/permissions/bulk': () => textResponse('', 204),
      'POST /api/permissions': () => textResponse('', 204),
    });
    const saved = await dataProvider.create('geofence', {
      data: {
        name: 'Depot',
        area: 'CIRCLE (-23.5 -46.6, 200)',
        appliesTo: { all: true, deviceIds: [], groupIds: [] },
      },
    });
    expect(saved.data.id).toBe(9);
    const post = requests.find((r) => r.method === 'POST' && r.path === '/api/geofences')!;
    expect(JSON.parse(post.body)).not.toHaveProperty('appliesTo');
    const links = requests
      .filter((r) => r.path.startsWith('/api/permissions'))
      .map((r) => JSON.parse(r.body) as unknown);
    expect(links).toEqual([
      { deviceId: 1, geofenceId: 9 },
      { deviceId: 2, geofenceId: 9 },
    ]);
    // The device is the owner: its key comes first, as Traccar reads the body.
    expect(Object.keys(links[0] as object)).toEqual(['deviceId', 'geofenceId']);
  });
});

describe('"all my devices" where the server evaluates it as a rule', () => {
  const devices = [
    { id: 1, name: 'Van', uniqueId: 'v', groupId: 0, attributes: {} },
    { id: 2, name: 'Truck', uniqueId: 't', groupId: 0, attributes: {} },
  ];
  // Geofence 4 is linked to the truck, one by one, as "all" used to be saved.
  const routes = {
    'GET /api/devices': () => jsonResponse(devices),
    'GET /api/groups': () => jsonResponse([]),
    'GET /tarkan/geofences/coverage': () =>
      jsonResponse([{ id: 4, deviceIds: [2], linkedDeviceIds: [2], linkedGroupIds: [] }]),
    'POST /api/geofences': (r: FakeRequest) => jsonResponse({ ...JSON.parse(r.body), id: 9 }),
    'PUT /api/geofences/4': (r: FakeRequest) => jsonResponse(JSON.parse(r.body)),
    'POST /api/permissions': () => textResponse('', 204),
    'DELETE /api/permissions': () => textResponse('', 204),
  };
  const bodies = (requests: FakeRequest[], path: string) =>
    requests.filter((r) => r.path === path).map((r) => [r.method, JSON.parse(r.body)]);

  it('saves the rule on the geofence and links no device one by one', async () => {
    const { requests } = fakeFetch(routes);
    await dataProvider.create('geofence', {
      data: {
        name: 'Depot',
        area: 'CIRCLE (-23.5 -46.6, 200)',
        attributes: { color: '#f00' },
        appliesTo: { all: true, deviceIds: [], groupIds: [] },
      },
    });
    const [[, body]] = bodies(requests, '/api/geofences');
    expect(body.attributes).toEqual({ color: '#f00', allDevices: true });
    expect(bodies(requests, '/api/permissions')).toEqual([]);
  });

  it('turns a geofence linked device by device into the rule, dropping the links', async () => {
    const { requests } = fakeFetch(routes);
    await dataProvider.update('geofence', {
      id: 4,
      previousData: { id: 4 },
      data: {
        id: 4,
        name: 'G4',
        area: '',
        attributes: {},
        appliesTo: { all: true, deviceIds: [2], groupIds: [] },
      },
    });
    expect(bodies(requests, '/api/geofences/4')[0][1].attributes).toEqual({ allDevices: true });
    expect(bodies(requests, '/api/permissions')).toEqual([
      ['DELETE', { deviceId: 2, geofenceId: 4 }],
    ]);
  });

  it('shows the rule as "all" and drops it when devices are chosen instead', async () => {
    const { requests } = fakeFetch(routes);
    const linkMap = await dataProvider.geofenceLinkMap();
    expect(targetsOfGeofence(linkMap, 4, { allDevices: true }).all).toBe(true);
    expect(targetsOfGeofence(linkMap, 4, {}).all).toBe(false);
    await dataProvider.update('geofence', {
      id: 4,
      previousData: { id: 4 },
      data: {
        id: 4,
        name: 'G4',
        area: '',
        attributes: { allDevices: true },
        appliesTo: { all: false, deviceIds: [1, 2], groupIds: [] },
      },
    });
    expect(bodies(requests, '/api/geofences/4')[0][1].attributes).toEqual({});
    expect(bodies(requests, '/api/permissions')).toEqual([
      ['POST', { deviceId: 1, geofenceId: 4 }],
    ]);
  });
});

describe('geofence coverage through the data provider', () => {
  const DEVICES = 200;
  const devices = Array.from({ length: DEVICES }, (_, i) => ({
    id: i + 1,
    name: `D${i + 1}`,
    uniqueId: `d${i + 1}`,
    groupId: i < 100 ? 10 : 0,
    attributes: {},
  }));
  const groups = [{ id: 10, name: 'Fleet', groupId: 0, attributes: {} }];
  // Geofence 7 is linked to device 150; geofence 8 to group 10 (devices 1–100).
  const coverage = [
    { id: 7, deviceIds: [150], linkedDeviceIds: [150], linkedGroupIds: [] },
    {
      id: 8,
      deviceIds: devices.slice(0, 100).map((d) => d.id),
      linkedDeviceIds: [],
      linkedGroupIds: [10],
    },
    { id: 9, deviceIds: [], linkedDeviceIds: [], linkedGroupIds: [] },
  ];
  const traccarRoutes = {
    'GET /api/devices': () => jsonResponse(devices),
    'GET /api/groups': () => jsonResponse(groups),
    'GET /api/geofences': (r: FakeRequest) => {
      const deviceId = Number(r.url.searchParams.get('deviceId'));
      const groupId = Number(r.url.searchParams.get('groupId'));
      const ids = deviceId === 150 ? [7] : groupId === 10 ? [8] : [];
      return jsonResponse(ids.map((id) => ({ id, name: `G${id}`, area: '' })));
    },
  };

  it('reads every geofence’s device count in one request, not one per device', async () => {
    const { requests } = fakeFetch({
      ...traccarRoutes,
      'GET /tarkan/geofences/coverage': () => jsonResponse(coverage),
    });
    const counts = await dataProvider.geofenceDevices();
    expect(requests.map((r) => r.path)).toEqual(['/tarkan/geofences/coverage']);
    expect(counts[7]).toEqual([150]);
    expect(counts[8]).toHaveLength(100);
    expect(counts[9]).toEqual([]);
  });

  it('builds the editor’s links from the device and group lists plus that one answer', async () => {
    const { requests } = fakeFetch({
      ...traccarRoutes,
      'GET /tarkan/geofences/coverage': () => jsonResponse(coverage),
    });
    const linkMap = await dataProvider.geofenceLinkMap();
    expect(requests).toHaveLength(3);
    expect(requests.filter((r) => r.path === '/api/geofences')).toEqual([]);
    expect(targetsOfGeofence(linkMap, 8)).toEqual({ all: false, deviceIds: [], groupIds: [10] });
    expect(targetsOfGeofence(linkMap, 7)).toEqual({ all: false, deviceIds: [150], groupIds: [] });
  });

  it('asks once which geofences a notification can fire for', async () => {
    const { requests } = fakeFetch({
      ...traccarRoutes,
      'GET /tarkan/geofences/coverage': (r) =>
        jsonResponse(r.url.searchParams.get('notificationId') === '5' ? coverage.slice(1) : []),
    });
    expect(await dataProvider.reachableGeofenceIds(5, false)).toEqual([8]);
    expect(requests.map((r) => r.url.pathname + r.url.search)).toEqual([
      '/tarkan/geofences/coverage?notificationId=5',
    ]);
    // A new rule that is not "all devices" covers no device yet: nothing to ask.
    expect(await dataProvider.reachableGeofenceIds(undefined, false)).toEqual([]);
    expect(requests).toHaveLength(1);
  });

  it('falls back to Traccar’s per-device requests where the route is not served', async () => {
    // Proxy mode: /tarkan/geofences/coverage answers 404, /api goes to a real Traccar.
    const { requests } = fakeFetch(traccarRoutes);
    const counts = await dataProvider.geofenceDevices();
    expect(counts[7]).toEqual([150]);
    expect(counts[8]).toHaveLength(100);
    expect(requests.filter((r) => r.path === '/api/geofences')).toHaveLength(DEVICES + 1);
  });
});
