import { bitAllows, isEventNotification, type PermName } from '../../model';
import type { Actor } from '../access/actor';
import type { Action, PermArea } from '../access/areas';

/** Advanced-permission bits per area and action (`model/advancedPerms.ts`). */
const BITS: Record<PermArea, Record<Action, PermName>> = {
  devices: { read: 'devices', create: 'deviceCreate', edit: 'deviceEdit', delete: 'deviceDelete' },
  users: { read: 'users', create: 'userCreate', edit: 'userEdit', delete: 'userDelete' },
  notifications: {
    read: 'notifications',
    create: 'notificationCreate',
    edit: 'notificationEdit',
    delete: 'notificationDelete',
  },
  geofences: {
    read: 'geofences',
    create: 'geofenceCreate',
    edit: 'geofenceEdit',
    delete: 'geofenceDelete',
  },
  groups: { read: 'groups', create: 'groupCreate', edit: 'groupEdit', delete: 'groupDelete' },
  commands: {
    read: 'commands',
    create: 'commandCreate',
    edit: 'commandEdit',
    delete: 'commandDelete',
  },
  attributes: {
    read: 'attributes',
    create: 'attributeCreate',
    edit: 'attributeEdit',
    delete: 'attributeDelete',
  },
  drivers: { read: 'drivers', create: 'driverCreate', edit: 'driverEdit', delete: 'driverDelete' },
  calendars: {
    read: 'calendars',
    create: 'calendarCreate',
    edit: 'calendarEdit',
    delete: 'calendarDelete',
  },
  maintenance: {
    read: 'maintenance',
    create: 'maintenanceCreate',
    edit: 'maintenanceEdit',
    delete: 'maintenanceDelete',
  },
  // Tarkan has no bits of its own for scheduled reports: the reports menu bit covers them.
  reports: { read: 'reports', create: 'reports', edit: 'reports', delete: 'reports' },
};

export const DENIED = {
  readonly: 'Account is readonly',
  deviceReadonly: 'Account is device readonly',
  write: 'Write access denied',
  read: 'Access denied',
  admin: 'Administrator access required',
  reports: 'Reports are disabled',
} as const;

/** One advanced bit; always granted when the server does not enable advanced permissions. */
export function hasBit(actor: Actor, bit: PermName): boolean {
  return actor.perms === null || bitAllows(actor.perms, bit);
}

/**
 * Whether `actor` may do `action` in `area` at all, before looking at any particular object: the
 * restrictions (server OR user), admin-only writes, and advanced-permission bits. Returns the
 * denial message, or null when allowed. Admins are never restricted.
 */
export function accessDenial(actor: Actor, area: PermArea, action: Action): string | null {
  if (actor.admin) return null;
  const write = action !== 'read';
  if (write) {
    if (actor.restrictions.readonly) return DENIED.readonly;
    if (area === 'devices' && actor.restrictions.deviceReadonly) return DENIED.deviceReadonly;
    if (area === 'commands' && actor.restrictions.limitCommands) return DENIED.write;
    if (area === 'attributes') return DENIED.admin;
  }
  // A user who may not run reports may not schedule them either.
  if (area === 'reports' && actor.restrictions.disableReports) return DENIED.reports;
  // A shared link's session exists to watch its devices: the menu bits hide every area from it,
  // but reading the devices it was given (visibility still decides which) is what it is for.
  if (area === 'devices' && action === 'read' && actor.perms?.shared) return null;
  if (!hasBit(actor, BITS[area][action])) return write ? DENIED.write : DENIED.read;
  return null;
}

/**
 * Sending a command: an unsaved one is blocked by `limitCommands`; the advanced bits are
 * `deviceCommand`, or `deviceLock`/`deviceUnlock` for engineStop/engineResume (Tarkan's buttons).
 */
export function sendDenial(actor: Actor, type: string, saved: boolean): string | null {
  if (actor.admin) return null;
  if (!saved && actor.restrictions.limitCommands) return DENIED.write;
  const special =
    type === 'engineStop' ? 'deviceLock' : type === 'engineResume' ? 'deviceUnlock' : null;
  if (hasBit(actor, 'deviceCommand') || (special !== null && hasBit(actor, special))) return null;
  return DENIED.write;
}

/**
 * A device's saved-command menu (`GET /api/commands/send`): only for those who may send one of
 * them, so a shared link's session, which has no command bit, is refused rather than shown a menu.
 */
export function commandMenuDenial(actor: Actor): string | null {
  if (actor.admin) return null;
  const bits = ['deviceCommand', 'deviceLock', 'deviceUnlock'] as const;
  return bits.some((bit) => hasBit(actor, bit)) ? null : DENIED.read;
}

/** Area of each end of a permission link, for the advanced bits. */
const LINK_AREAS: Record<string, PermArea> = {
  user: 'users',
  managedUser: 'users',
  device: 'devices',
  linkedDevice: 'devices',
  group: 'groups',
  geofence: 'geofences',
  notification: 'notifications',
  calendar: 'calendars',
  attribute: 'attributes',
  driver: 'drivers',
  command: 'commands',
  maintenance: 'maintenance',
  report: 'reports',
};

/**
 * Linking or unlinking: readonly blocks it; with advanced permissions the owner's area needs its
 * edit bit (Tarkan: "each link button needs user edit plus that section's bit") and the linked
 * object's area its view bit.
 */
export function linkDenial(actor: Actor, owner: string, property: string): string | null {
  if (actor.admin) return null;
  if (actor.restrictions.readonly) return DENIED.readonly;
  if ((owner === 'report' || property === 'report') && actor.restrictions.disableReports) {
    return DENIED.reports;
  }
  const ownerArea = LINK_AREAS[owner];
  const propertyArea = LINK_AREAS[property];
  if (!hasBit(actor, BITS[ownerArea].edit) || !hasBit(actor, BITS[propertyArea].read)) {
    return DENIED.write;
  }
  return null;
}

/** Position history and reports. */
export function reportsDenial(actor: Actor): string | null {
  return actor.restrictions.disableReports ? DENIED.reports : null;
}

const EVENT_BITS = { create: 'eventCreate', edit: 'eventEdit', delete: 'eventDelete' } as const;

/**
 * Scheduled notifications and those that send a saved command belong to the events screen: on
 * top of the notifications area's bits, writing one needs the events bit for the action.
 */
export function eventNotificationDenial(
  actor: Actor,
  action: keyof typeof EVENT_BITS,
  notification: Record<string, unknown>,
): string | null {
  if (actor.admin) return null;
  const type = typeof notification.type === 'string' ? notification.type : '';
  const notificators =
    typeof notification.notificators === 'string' ? notification.notificators : '';
  if (!isEventNotification({ type, notificators })) return null;
  return hasBit(actor, EVENT_BITS[action]) ? null : DENIED.write;
}
