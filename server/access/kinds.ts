/**
 * Object kinds of the entity API; the same names the change feed and the link tables use. A user
 * reaches each through `user_<kind>` links and, except users, group links.
 */
export type ChangeKind =
  | 'device'
  | 'group'
  | 'geofence'
  | 'notification'
  | 'calendar'
  | 'attribute'
  | 'driver'
  | 'command'
  | 'maintenance'
  | 'report';

/** Capitalised kind, for messages such as `Geofence access denied`. */
export const LABELS: Record<ChangeKind, string> = {
  device: 'Device',
  group: 'Group',
  geofence: 'Geofence',
  notification: 'Notification',
  calendar: 'Calendar',
  attribute: 'Attribute',
  driver: 'Driver',
  command: 'Command',
  maintenance: 'Maintenance',
  report: 'Report',
};
