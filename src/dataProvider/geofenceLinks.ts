import type { CreateParams, DataProvider, RaRecord, UpdateParams } from 'react-admin';
import type { GeofenceCoverage } from '../../model';
import { ALL_DEVICES_ATTRIBUTE } from '../../model/geofence';
import {
  coveredDevices,
  devicesOfGeofence,
  linkChanges,
  reachableGeofences,
  type GeofenceLinkMap,
  type GeofenceTargets,
  type LinkedRow,
  type NotificationReach,
} from './geofenceCoverage';
import { HttpError, request } from './http';
import { traccarDataProvider, type LinkEnd } from './traccar';

/**
 * Geofence ↔ device/group links, kept in Traccar's model: a geofence is checked only against the
 * positions of devices it is linked to (directly or through a group), and links go through
 * `/api/permissions`. Traccar has no "devices of a geofence" query; Frota's server answers it in
 * one request (`GET /tarkan/geofences/coverage`). In proxy mode that route is not served (404),
 * and the map is read the Traccar way instead: from the device and group side
 * (`/api/geofences?deviceId=` and `?groupId=`), a few requests at a time.
 */

const COVERAGE_PATH = '/tarkan/geofences/coverage';

/** The server's coverage, or null where it does not answer it (proxy mode). */
async function serverCoverage(notificationId?: number): Promise<GeofenceCoverage[] | null> {
  try {
    return (await request<GeofenceCoverage[]>(COVERAGE_PATH, { query: { notificationId } })).body;
  } catch (error) {
    if (error instanceof HttpError && (error.status === 404 || error.status === 501)) return null;
    throw error;
  }
}

/** The geofence form's choice, sent along with the geofence and turned into links on save. */
export const TARGETS_FIELD = 'appliesTo';

const ALL = {
  pagination: { page: 1, perPage: 1_000_000 },
  sort: { field: 'id', order: 'ASC' as const },
  filter: {},
};
const PARALLEL = 6;

async function inBatches<T, R>(items: readonly T[], run: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += PARALLEL) {
    out.push(...(await Promise.all(items.slice(i, i + PARALLEL).map(run))));
  }
  return out;
}

const rows = async (resource: string): Promise<LinkedRow[]> =>
  (await traccarDataProvider.getList(resource, ALL)).data.map((row: RaRecord) => ({
    id: Number(row.id),
    groupId: Number((row as { groupId?: unknown }).groupId ?? 0),
    name: String((row as { name?: unknown }).name ?? row.id),
  }));

/** For each owner, the ids of `resource` linked to it directly. */
async function linksOf(
  resource: string,
  owner: 'deviceId' | 'groupId',
  owners: readonly LinkedRow[],
): Promise<Record<number, number[]>> {
  const lists = await inBatches(owners, (row) =>
    traccarDataProvider.linkedIds(resource, { [owner]: row.id }),
  );
  return Object.fromEntries(owners.map((row, i) => [row.id, lists[i]]));
}

/** The map read the Traccar way: one request per device and per group. */
async function perDeviceLinkMap(
  devices: LinkedRow[],
  groups: LinkedRow[],
): Promise<GeofenceLinkMap> {
  const [deviceGeofences, groupGeofences] = await Promise.all([
    linksOf('geofence', 'deviceId', devices),
    linksOf('geofence', 'groupId', groups),
  ]);
  return { devices, groups, deviceGeofences, groupGeofences, rules: false };
}

/** The direct links of the server's answer, turned around to the device and group side. */
function linkMapOf(
  devices: LinkedRow[],
  groups: LinkedRow[],
  coverage: readonly GeofenceCoverage[],
): GeofenceLinkMap {
  const deviceGeofences: Record<number, number[]> = {};
  const groupGeofences: Record<number, number[]> = {};
  for (const row of devices) deviceGeofences[row.id] = [];
  for (const row of groups) groupGeofences[row.id] = [];
  for (const { id, linkedDeviceIds, linkedGroupIds } of coverage) {
    for (const deviceId of linkedDeviceIds) (deviceGeofences[deviceId] ??= []).push(id);
    for (const groupId of linkedGroupIds) (groupGeofences[groupId] ??= []).push(id);
  }
  // The server that answers the coverage is Frota's own, which evaluates "all my devices".
  return { devices, groups, deviceGeofences, groupGeofences, rules: true };
}

async function geofenceLinkMap(): Promise<GeofenceLinkMap> {
  const [devices, groups, coverage] = await Promise.all([
    rows('device-admin'),
    rows('groups'),
    serverCoverage(),
  ]);
  return coverage ? linkMapOf(devices, groups, coverage) : perDeviceLinkMap(devices, groups);
}

/** Ids of every geofence some device or group is linked to, in the per-device map. */
const linkedGeofenceIds = (map: GeofenceLinkMap): number[] => [
  ...new Set([...Object.values(map.deviceGeofences), ...Object.values(map.groupGeofences)].flat()),
];

/** For each geofence, the ids of the user's devices it applies to (absent: none). */
async function geofenceDevices(): Promise<Record<number, number[]>> {
  const coverage = await serverCoverage();
  if (coverage) return Object.fromEntries(coverage.map((row) => [row.id, row.deviceIds]));
  const map = await perDeviceLinkMap(
    ...(await Promise.all([rows('device-admin'), rows('groups')])),
  );
  return Object.fromEntries(linkedGeofenceIds(map).map((id) => [id, devicesOfGeofence(map, id)]));
}

async function notificationReach(): Promise<NotificationReach> {
  const [devices, groups] = await Promise.all([rows('device-admin'), rows('groups')]);
  const map = await perDeviceLinkMap(devices, groups);
  const [deviceNotifications, groupNotifications] = await Promise.all([
    linksOf('notifications', 'deviceId', devices),
    linksOf('notifications', 'groupId', groups),
  ]);
  return { ...map, deviceNotifications, groupNotifications };
}

/**
 * The geofences a geofence-type notification can fire for, before its own `geofenceIds` filter:
 * those applying to a device it covers (every device the user sees when `always`, else the
 * devices and groups linked to it). A new rule (no id) that is not `always` covers none yet.
 */
async function reachableGeofenceIds(
  notificationId: number | undefined,
  always: boolean,
): Promise<number[]> {
  if (!always && !notificationId) return [];
  const coverage = await serverCoverage(always ? undefined : notificationId);
  if (coverage) {
    return coverage
      .filter((row) => row.deviceIds.length > 0)
      .map((row) => row.id)
      .sort((a, b) => a - b);
  }
  const reach = await notificationReach();
  return reachableGeofences(reach, coveredDevices(reach, notificationId, always));
}

async function setGeofenceLinks(
  geofenceId: number,
  targets: GeofenceTargets,
  known?: GeofenceLinkMap,
): Promise<void> {
  const changes = linkChanges(known ?? (await geofenceLinkMap()), geofenceId, targets);
  const geofence: LinkEnd = { key: 'geofenceId', id: geofenceId };
  const apply = async (
    method: 'link' | 'unlink',
    { deviceIds, groupIds }: { deviceIds: number[]; groupIds: number[] },
  ) => {
    // The owner key goes first in each body: device or group, then the geofence.
    for (const id of deviceIds)
      await traccarDataProvider[method]({ key: 'deviceId', id }, [geofence]);
    for (const id of groupIds)
      await traccarDataProvider[method]({ key: 'groupId', id }, [geofence]);
  };
  await apply('link', changes.link);
  await apply('unlink', changes.unlink);
}

export const geofenceLinkMethods = {
  /** Devices and groups the user sees, with the geofences linked to each. */
  geofenceLinkMap,
  /** For each geofence, the devices (of those the user sees) it applies to. */
  geofenceDevices,
  /** The geofences a geofence-type notification can fire for. */
  reachableGeofenceIds,
  /** Links the geofence to exactly these devices and groups (of those the user sees). */
  setGeofenceLinks,
};

const splitTargets = (data: Record<string, unknown>) => {
  const { [TARGETS_FIELD]: targets, ...rest } = data;
  return { targets: targets as GeofenceTargets | undefined, rest };
};

/**
 * The geofence's own `allDevices` attribute follows the choice where the server evaluates it;
 * elsewhere it would promise what no one keeps, so it is never written there.
 */
function withRule(
  data: Record<string, unknown>,
  targets: GeofenceTargets,
  map: GeofenceLinkMap,
): Record<string, unknown> {
  const attributes = { ...((data.attributes as Record<string, unknown> | undefined) ?? {}) };
  if (targets.all && map.rules) attributes[ALL_DEVICES_ATTRIBUTE] = true;
  else delete attributes[ALL_DEVICES_ATTRIBUTE];
  return { ...data, attributes };
}

/**
 * Geofence create and update with the form's device/group choice: the geofence is saved first
 * (a new one needs its id; "all my devices" as its rule where the server has rules), then linked.
 * Without a choice (the links never loaded) no link is touched.
 */
export const geofenceSaves: Pick<DataProvider, 'create' | 'update'> = {
  create: async (resource: string, params: CreateParams) => {
    if (resource !== 'geofence') return traccarDataProvider.create(resource, params);
    const { targets, rest } = splitTargets(params.data as Record<string, unknown>);
    if (!targets) return traccarDataProvider.create(resource, { ...params, data: rest });
    const map = await geofenceLinkMap();
    const saved = await traccarDataProvider.create(resource, {
      ...params,
      data: withRule(rest, targets, map),
    });
    await setGeofenceLinks(Number(saved.data.id), targets, map);
    return saved;
  },
  update: async (resource: string, params: UpdateParams) => {
    if (resource !== 'geofence') return traccarDataProvider.update(resource, params);
    const { targets, rest } = splitTargets(params.data as Record<string, unknown>);
    if (!targets) return traccarDataProvider.update(resource, { ...params, data: rest });
    const map = await geofenceLinkMap();
    const saved = await traccarDataProvider.update(resource, {
      ...params,
      data: withRule(rest, targets, map),
    });
    await setGeofenceLinks(Number(params.id), targets, map);
    return saved;
  },
} as Pick<DataProvider, 'create' | 'update'>;
