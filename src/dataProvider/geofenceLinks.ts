import type { CreateParams, DataProvider, RaRecord, UpdateParams } from 'react-admin';
import {
  linkChanges,
  type GeofenceLinkMap,
  type GeofenceTargets,
  type LinkedRow,
} from './geofenceCoverage';
import { traccarDataProvider, type LinkEnd } from './traccar';

/**
 * Geofence ↔ device/group links, kept in Traccar's model: a geofence is checked only against the
 * positions of devices it is linked to (directly or through a group), and links go through
 * `/api/permissions`. Traccar has no "devices of a geofence" query, so the map is read from the
 * device and group side (`/api/geofences?deviceId=` and `?groupId=`), a few requests at a time.
 */

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

export interface NotificationReach extends GeofenceLinkMap {
  /** Notification ids linked directly to each device / group. */
  deviceNotifications: Record<number, number[]>;
  groupNotifications: Record<number, number[]>;
}

async function geofenceLinkMap(): Promise<GeofenceLinkMap> {
  const [devices, groups] = await Promise.all([rows('device-admin'), rows('groups')]);
  const [deviceGeofences, groupGeofences] = await Promise.all([
    linksOf('geofence', 'deviceId', devices),
    linksOf('geofence', 'groupId', groups),
  ]);
  return { devices, groups, deviceGeofences, groupGeofences };
}

async function setGeofenceLinks(geofenceId: number, targets: GeofenceTargets): Promise<void> {
  const changes = linkChanges(await geofenceLinkMap(), geofenceId, targets);
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
  /** The same, plus the notifications linked to each device and group. */
  notificationReach: async (): Promise<NotificationReach> => {
    const map = await geofenceLinkMap();
    const [deviceNotifications, groupNotifications] = await Promise.all([
      linksOf('notifications', 'deviceId', map.devices),
      linksOf('notifications', 'groupId', map.groups),
    ]);
    return { ...map, deviceNotifications, groupNotifications };
  },
  /** Links the geofence to exactly these devices and groups (of those the user sees). */
  setGeofenceLinks,
};

const splitTargets = (data: Record<string, unknown>) => {
  const { [TARGETS_FIELD]: targets, ...rest } = data;
  return { targets: targets as GeofenceTargets | undefined, rest };
};

/**
 * Geofence create and update with the form's device/group choice: the geofence is saved first
 * (a new one needs its id), then linked. Without a choice (the links never loaded) no link is
 * touched.
 */
export const geofenceSaves: Pick<DataProvider, 'create' | 'update'> = {
  create: async (resource: string, params: CreateParams) => {
    if (resource !== 'geofence') return traccarDataProvider.create(resource, params);
    const { targets, rest } = splitTargets(params.data as Record<string, unknown>);
    const saved = await traccarDataProvider.create(resource, { ...params, data: rest });
    if (targets) await setGeofenceLinks(Number(saved.data.id), targets);
    return saved;
  },
  update: async (resource: string, params: UpdateParams) => {
    if (resource !== 'geofence') return traccarDataProvider.update(resource, params);
    const { targets, rest } = splitTargets(params.data as Record<string, unknown>);
    const saved = await traccarDataProvider.update(resource, { ...params, data: rest });
    if (targets) await setGeofenceLinks(Number(params.id), targets);
    return saved;
  },
} as Pick<DataProvider, 'create' | 'update'>;
