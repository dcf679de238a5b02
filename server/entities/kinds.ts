import type { VisibleKind } from '../permissions/visibility';

/** Object kinds of the entity API; the same names the change feed and the link tables use. */
export type ChangeKind = VisibleKind;

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
