/**
 * Permission links between owners and the objects they reach (Traccar's `tc_<owner>_<property>`).
 * One table per pair, named `<owner>_<property>`, with columns `<owner>_id` and `<property>_id`
 * (`managed_user_id` and `linked_device_id` for the two self-links).
 */
export const TRACKING_LINKS = [
  { owner: 'user', property: 'device' },
  { owner: 'user', property: 'group' },
  { owner: 'user', property: 'geofence' },
  { owner: 'user', property: 'notification' },
  { owner: 'user', property: 'calendar' },
  { owner: 'user', property: 'attribute' },
  { owner: 'user', property: 'driver' },
  { owner: 'user', property: 'command' },
  { owner: 'user', property: 'maintenance' },
  { owner: 'user', property: 'managedUser' },
  { owner: 'group', property: 'geofence' },
  { owner: 'group', property: 'notification' },
  { owner: 'group', property: 'attribute' },
  { owner: 'group', property: 'driver' },
  { owner: 'group', property: 'command' },
  { owner: 'group', property: 'maintenance' },
  { owner: 'device', property: 'geofence' },
  { owner: 'device', property: 'notification' },
  { owner: 'device', property: 'attribute' },
  { owner: 'device', property: 'driver' },
  { owner: 'device', property: 'command' },
  { owner: 'device', property: 'maintenance' },
  { owner: 'device', property: 'linkedDevice' },
] as const;

/** Scheduled reports: who receives one, and the devices and groups it covers. */
export const REPORT_LINKS = [
  { owner: 'user', property: 'report' },
  { owner: 'group', property: 'report' },
  { owner: 'device', property: 'report' },
] as const;

/**
 * Every link. Each migration creates the tables of its own list (`TRACKING_LINKS` in 0002,
 * `REPORT_LINKS` in 0011), so appending here never changes what an older migration does.
 */
export const LINKS = [...TRACKING_LINKS, ...REPORT_LINKS] as const;

export type Link = (typeof LINKS)[number];

/** The entity table a link end points at (`managedUser` → users, `linkedDevice` → devices). */
export const ENTITY_TABLES = {
  user: 'users',
  device: 'devices',
  group: 'groups',
  geofence: 'geofences',
  notification: 'notifications',
  calendar: 'calendars',
  attribute: 'attributes',
  driver: 'drivers',
  command: 'commands',
  maintenance: 'maintenances',
  report: 'reports',
  managedUser: 'users',
  linkedDevice: 'devices',
} as const;

const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** Table and column names as stored (snake_case). */
export function linkNames(link: Link): {
  table: string;
  ownerColumn: string;
  propertyColumn: string;
} {
  return {
    table: `${link.owner}_${snake(link.property)}`,
    ownerColumn: `${link.owner}_id`,
    propertyColumn: `${snake(link.property)}_id`,
  };
}

/** Finds the link for a permission body's keys, e.g. `userId` + `deviceId`. */
export function findLink(ownerKey: string, propertyKey: string): Link | undefined {
  const owner = ownerKey.replace(/Id$/, '');
  const property = propertyKey.replace(/Id$/, '');
  return LINKS.find((link) => link.owner === owner && link.property === property);
}
