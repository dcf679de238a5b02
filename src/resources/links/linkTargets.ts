import type { AccessResource } from '../../authProvider/canAccess';
import type { LinkKey } from '../../dataProvider/traccar';

export type LinkOwnerKey = 'userId' | 'deviceId' | 'groupId';

export interface LinkTarget {
  /** react-admin resource listed in the dialog. */
  resource: AccessResource;
  /** Its key in the `/api/permissions` body. */
  key: LinkKey;
  /** The row's text in the dialog. */
  label: 'name' | 'description';
}

const T = (resource: AccessResource, key: LinkKey, label: LinkTarget['label'] = 'name') => ({
  resource,
  key,
  label,
});

const SHARED: LinkTarget[] = [
  T('geofence', 'geofenceId'),
  T('notifications', 'notificationId', 'description'),
  T('drivers', 'driverId'),
  T('computed', 'attributeId', 'description'),
  T('commands', 'commandId', 'description'),
  T('maintenances', 'maintenanceId'),
];

/** What each owner can link (the server's link table of `/api/permissions`, `docs/traccar-api.md`). */
export const LINK_TARGETS: Record<LinkOwnerKey, LinkTarget[]> = {
  userId: [
    T('device-admin', 'deviceId'),
    T('groups', 'groupId'),
    ...SHARED.slice(0, 2),
    T('calendars', 'calendarId'),
    ...SHARED.slice(2),
    T('users', 'managedUserId'),
  ],
  deviceId: SHARED,
  groupId: SHARED,
};

/** The resource whose edit permission linking from this owner needs. */
export const OWNER_RESOURCE: Record<LinkOwnerKey, AccessResource> = {
  userId: 'users',
  deviceId: 'device-admin',
  groupId: 'groups',
};

/** The text a linkable row is shown and searched by. */
export const rowText = (row: Record<string, unknown>, target: LinkTarget): string => {
  const primary = row[target.label] ?? row.name ?? row.description ?? row.email;
  const extra =
    target.resource === 'users'
      ? row.email
      : target.resource === 'device-admin'
        ? row.uniqueId
        : null;
  return [primary, extra]
    .filter((part) => part !== null && part !== undefined && part !== '')
    .join(' · ');
};
