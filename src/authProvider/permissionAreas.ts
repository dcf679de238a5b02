import type { PermName } from '../../model/advancedPerms';

/** An advanced-permission area: its view/create/edit/delete bits (one row of the editor). */
export interface PermArea {
  id: string;
  view: PermName;
  create?: PermName;
  edit?: PermName;
  delete?: PermName;
  /** Further bits of the area (report kinds). */
  extra?: PermName[];
}

/**
 * The advanced-permission areas, in the order the user form's editor shows them; `canAccess.ts`
 * gates the management screens by the same areas (bit positions: `model/advancedPerms.ts`).
 */
export const PERM_AREAS: PermArea[] = [
  {
    id: 'devices',
    view: 'devices',
    create: 'deviceCreate',
    edit: 'deviceEdit',
    delete: 'deviceDelete',
  },
  {
    id: 'reports',
    view: 'reports',
    extra: ['reportRoute', 'reportStops', 'reportTrips', 'reportEvents'],
  },
  {
    id: 'geofences',
    view: 'geofences',
    create: 'geofenceCreate',
    edit: 'geofenceEdit',
    delete: 'geofenceDelete',
  },
  {
    id: 'commands',
    view: 'commands',
    create: 'commandCreate',
    edit: 'commandEdit',
    delete: 'commandDelete',
  },
  { id: 'groups', view: 'groups', create: 'groupCreate', edit: 'groupEdit', delete: 'groupDelete' },
  {
    id: 'notifications',
    view: 'notifications',
    create: 'notificationCreate',
    edit: 'notificationEdit',
    delete: 'notificationDelete',
  },
  { id: 'events', view: 'events', create: 'eventCreate', edit: 'eventEdit', delete: 'eventDelete' },
  {
    id: 'drivers',
    view: 'drivers',
    create: 'driverCreate',
    edit: 'driverEdit',
    delete: 'driverDelete',
  },
  {
    id: 'calendars',
    view: 'calendars',
    create: 'calendarCreate',
    edit: 'calendarEdit',
    delete: 'calendarDelete',
  },
  { id: 'shares', view: 'shares', create: 'shareCreate', edit: 'shareEdit', delete: 'shareDelete' },
  { id: 'users', view: 'users', create: 'userCreate', edit: 'userEdit', delete: 'userDelete' },
  {
    id: 'attributes',
    view: 'attributes',
    create: 'attributeCreate',
    edit: 'attributeEdit',
    delete: 'attributeDelete',
  },
  {
    id: 'maintenance',
    view: 'maintenance',
    create: 'maintenanceCreate',
    edit: 'maintenanceEdit',
    delete: 'maintenanceDelete',
  },
];

/** Single actions: anchor, lock, unlock, send command, self-edit. */
export const PERM_ACTIONS: PermName[] = [
  'deviceAnchor',
  'deviceLock',
  'deviceUnlock',
  'deviceCommand',
  'self',
];

export const PERM_COLUMNS = ['view', 'create', 'edit', 'delete'] as const;
