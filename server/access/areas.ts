/** Advanced-permission areas (`model/advancedPerms.ts`) that gate list/create/edit/delete. */
export type PermArea =
  | 'devices'
  | 'groups'
  | 'geofences'
  | 'notifications'
  | 'commands'
  | 'attributes'
  | 'drivers'
  | 'calendars'
  | 'maintenance'
  | 'reports'
  | 'users';

/** What a caller asks to do in an area. */
export type Action = 'read' | 'create' | 'edit' | 'delete';
