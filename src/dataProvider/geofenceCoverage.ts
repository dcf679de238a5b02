import { appliesToAllDevices } from '../../model/geofence';
import { groupChain as chainOfGroups } from '../../model/groupChain';

/**
 * Which devices a geofence applies to, from Traccar's links: a geofence linked to a device, or to
 * its group or a parent group (three levels, as the server reads them), is checked against that
 * device's positions. Pure, so the geofence editor, the geofence list and the notification form
 * share one reading of the links.
 */

export interface LinkedRow {
  id: number;
  groupId: number;
  name: string;
}

export interface GeofenceLinkMap {
  /** The devices and groups the signed-in user sees. */
  devices: LinkedRow[];
  groups: LinkedRow[];
  /** Geofence ids linked DIRECTLY to each device / group. */
  deviceGeofences: Record<number, number[]>;
  groupGeofences: Record<number, number[]>;
  /**
   * The server evaluates "all my devices" as a rule (`appliesToAllDevices`, Frota's own server):
   * a device added later is covered. False where links are all there is (proxy mode), and "all"
   * can only link the devices there are now.
   */
  rules?: boolean;
}

/** What the geofence editor chooses: "all my devices", or devices and groups by id. */
export interface GeofenceTargets {
  all: boolean;
  deviceIds: number[];
  groupIds: number[];
}

/** A group and its parents among `groups`, nearest first (model/groupChain.ts). */
export function groupChain(groups: readonly LinkedRow[], groupId: number): number[] {
  const parent = new Map(groups.map((g) => [g.id, g.groupId]));
  return chainOfGroups(groupId, (id) => parent.get(id));
}

/** The geofences checked for one device: its own links and its groups'. */
export function geofencesOfDevice(map: GeofenceLinkMap, device: LinkedRow): Set<number> {
  const ids = new Set(map.deviceGeofences[device.id] ?? []);
  for (const groupId of groupChain(map.groups, device.groupId)) {
    for (const id of map.groupGeofences[groupId] ?? []) ids.add(id);
  }
  return ids;
}

/** Ids of the devices (of those the user sees) a geofence applies to. */
export function devicesOfGeofence(map: GeofenceLinkMap, geofenceId: number): number[] {
  return map.devices.filter((d) => geofencesOfDevice(map, d).has(geofenceId)).map((d) => d.id);
}

/** Ids of the devices in any of these groups or their sub-groups. */
export function devicesInGroups(map: GeofenceLinkMap, groupIds: readonly number[]): number[] {
  const wanted = new Set(groupIds);
  return map.devices
    .filter((d) => groupChain(map.groups, d.groupId).some((id) => wanted.has(id)))
    .map((d) => d.id);
}

/**
 * The devices and groups linked directly to a geofence, as the editor shows them; "all" is the
 * geofence's rule where the server has rules, else every device being linked.
 */
export function targetsOfGeofence(
  map: GeofenceLinkMap,
  geofenceId: number,
  attributes?: Readonly<Record<string, unknown>>,
): GeofenceTargets {
  const deviceIds = map.devices
    .filter((d) => (map.deviceGeofences[d.id] ?? []).includes(geofenceId))
    .map((d) => d.id);
  const groupIds = map.groups
    .filter((g) => (map.groupGeofences[g.id] ?? []).includes(geofenceId))
    .map((g) => g.id);
  const all = map.rules
    ? appliesToAllDevices(attributes)
    : map.devices.length > 0 && deviceIds.length === map.devices.length;
  return { all, deviceIds, groupIds };
}

/** How many devices a choice in the editor would cover (before it is saved). */
export function coveredCount(map: GeofenceLinkMap, targets: GeofenceTargets): number {
  if (targets.all) return map.devices.length;
  return new Set([...targets.deviceIds, ...devicesInGroups(map, targets.groupIds)]).size;
}

/**
 * The links to add and remove so the geofence is linked to exactly the chosen devices and groups.
 * "All my devices" is a rule where the server has rules: no link is needed (and those there were
 * go). Without rules it links every device the user sees, one by one: a device added later is
 * not covered until it is linked.
 */
export function linkChanges(
  map: GeofenceLinkMap,
  geofenceId: number,
  targets: GeofenceTargets,
): {
  link: { deviceIds: number[]; groupIds: number[] };
  unlink: { deviceIds: number[]; groupIds: number[] };
} {
  const current = targetsOfGeofence(map, geofenceId);
  const byRule = targets.all && map.rules === true;
  const wantedDevices = new Set(
    byRule ? [] : targets.all ? map.devices.map((d) => d.id) : targets.deviceIds,
  );
  const wantedGroups = new Set(byRule ? [] : targets.groupIds);
  const haveDevices = new Set(current.deviceIds);
  const haveGroups = new Set(current.groupIds);
  return {
    link: {
      deviceIds: [...wantedDevices].filter((id) => !haveDevices.has(id)),
      groupIds: [...wantedGroups].filter((id) => !haveGroups.has(id)),
    },
    unlink: {
      deviceIds: [...haveDevices].filter((id) => !wantedDevices.has(id)),
      groupIds: [...haveGroups].filter((id) => !wantedGroups.has(id)),
    },
  };
}

/**
 * The geofences a geofence-type notification can ever fire for: those linked to the devices it
 * covers, narrowed by its own `geofenceIds` filter when it has one. Empty means it never fires.
 */
export function reachableGeofences(
  map: GeofenceLinkMap,
  coveredDeviceIds: readonly number[],
  filter: readonly number[] = [],
): number[] {
  const covered = new Set(coveredDeviceIds);
  const ids = new Set<number>();
  for (const device of map.devices) {
    if (!covered.has(device.id)) continue;
    for (const id of geofencesOfDevice(map, device)) ids.add(id);
  }
  const narrowed = filter.length > 0 ? [...ids].filter((id) => filter.includes(id)) : [...ids];
  return narrowed.sort((a, b) => a - b);
}

/** The link map plus the notifications linked to each device and group (the Traccar way). */
export interface NotificationReach extends GeofenceLinkMap {
  /** Notification ids linked directly to each device / group. */
  deviceNotifications: Record<number, number[]>;
  groupNotifications: Record<number, number[]>;
}

/** The devices a rule covers: all the user sees with "All devices", else its device and group links. */
export function coveredDevices(
  reach: NotificationReach,
  notificationId: number | undefined,
  always: boolean,
): number[] {
  if (always) return reach.devices.map((d) => d.id);
  if (!notificationId) return [];
  const linked = (links: Record<number, number[]>) =>
    Object.entries(links)
      .filter(([, ids]) => ids.includes(notificationId))
      .map(([owner]) => Number(owner));
  return [
    ...new Set([
      ...linked(reach.deviceNotifications),
      ...devicesInGroups(reach, linked(reach.groupNotifications)),
    ]),
  ];
}
