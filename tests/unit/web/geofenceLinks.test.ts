import {
  coveredCount,
  coveredDevices,
  devicesOfGeofence,
  linkChanges,
  reachableGeofences,
  targetsOfGeofence,
  type GeofenceLinkMap,
} from '../../../src/dataProvider/geofenceCoverage';
import { dataProvider } from '../../../src/dataProvider';
import { fakeFetch, jsonResponse, textResponse, type FakeRequest } from './fakeFetch';

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
