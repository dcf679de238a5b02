import { advancedPermission, type PermName } from '../../model/advancedPerms';
import type { Server } from '../../model/server';
import type { User } from '../../model/user';
import { PERM_AREAS, type PermArea } from './permissionAreas';
import { accessFor, type Access } from './permissions';

/**
 * Who may see and do what in the management screens: one table of resources × actions, over
 * Traccar's restriction flags, the account hierarchy and the advanced-permission areas
 * (`permissionAreas.ts`). Pages (react-admin's `canAccess`), buttons and both menus read it, so
 * they always agree. The server enforces the same rules on its side.
 */

/** react-admin resource names (management), plus the screens that are not resources. */
export type AccessResource =
  | 'device-admin'
  | 'groups'
  | 'geofence'
  | 'commands'
  | 'notifications'
  | 'drivers'
  | 'calendars'
  | 'maintenances'
  | 'computed'
  | 'users'
  | 'server'
  | 'account'
  | 'reports'
  | 'scheduled-reports'
  | 'events'
  | 'logs'
  | 'integrations'
  | 'billing'
  | 'invoices'
  | 'theme'
  | 'reseller'
  | 'statistics'
  | 'live-logs'
  | 'connecting-devices'
  | 'announcements';

type UserLike = Pick<
  User,
  'id' | 'administrator' | 'readonly' | 'deviceReadonly' | 'limitCommands' | 'attributes'
> &
  Partial<Pick<User, 'userLimit' | 'disableReports'>>;

type ServerLike = Pick<Server, 'readonly' | 'deviceReadonly' | 'limitCommands' | 'attributes'>;

export interface ServerAccessInfo {
  server: ServerLike;
  /** The `licensemode` header was present. */
  isPlus: boolean;
  /** The `devicelimit` header: devices the licence still allows, null when absent. */
  deviceLimit: number | null;
}

export interface AccessRequest {
  action: string;
  resource: string;
  record?: { id?: unknown; administrator?: unknown } | null;
}

/** The advanced-permission area of each resource gated by one (ids of `PERM_AREAS`). */
const RESOURCE_AREAS: Partial<Record<AccessResource, PermArea['id']>> = {
  'device-admin': 'devices',
  users: 'users',
  notifications: 'notifications',
  events: 'events',
  geofence: 'geofences',
  groups: 'groups',
  commands: 'commands',
  computed: 'attributes',
  reports: 'reports',
  // Scheduling reports needs what running them needs: the server has no bits of its own for it.
  'scheduled-reports': 'reports',
  drivers: 'drivers',
  calendars: 'calendars',
  maintenances: 'maintenance',
};

const AREAS: Partial<Record<AccessResource, PermArea>> = Object.fromEntries(
  Object.entries(RESOURCE_AREAS).map(([resource, id]) => [
    resource,
    PERM_AREAS.find((area) => area.id === id),
  ]),
);

const DEVICE_ACTION_BITS: Record<string, PermName> = {
  lock: 'deviceLock',
  unlock: 'deviceUnlock',
  command: 'deviceCommand',
  anchor: 'deviceAnchor',
  share: 'shareCreate',
};

const READ_ACTIONS = new Set(['list', 'show', 'export']);
const WRITE_ACTIONS = new Set(['create', 'edit', 'delete', 'clone', 'link']);

const truthy = (value: unknown) => value === true || value === 'true';

/** Screens whose visibility is a rule of its own rather than an area of bits. */
const specialRule = (
  resource: AccessResource,
  user: UserLike,
  info: ServerAccessInfo,
): boolean | undefined => {
  const admin = user.administrator;
  const billingOn = truthy(info.server.attributes?.['tarkan.enableBilling']);
  switch (resource) {
    case 'server':
    case 'statistics':
    case 'live-logs':
    case 'connecting-devices':
      return admin;
    case 'announcements':
      // Traccar's rule: administrators, and managers for the users they manage.
      return admin || (user.userLimit ?? 0) !== 0;
    case 'reseller':
      // Only resellers have a reseller screen, administrators included only when resellers.
      return truthy(user.attributes?.['tarkan.reseller']);
    case 'theme':
      // Resellers edit their own brand (the server keeps them to it).
      return (admin || truthy(user.attributes?.['tarkan.reseller'])) && info.isPlus;
    case 'logs':
    case 'integrations':
      return admin && info.isPlus;
    case 'billing':
      return admin && info.isPlus && billingOn;
    case 'invoices':
      return !admin && billingOn;
    default:
      return undefined;
  }
};

const isWrite = (action: string) => WRITE_ACTIONS.has(action);

/** Traccar's own restriction flags (user OR server), which hold whatever the bits say. */
const flagsAllow = (resource: AccessResource, action: string, access: Access): boolean => {
  if (!isWrite(action) && !(action in DEVICE_ACTION_BITS)) return true;
  if (access.readonly) return false;
  if (resource === 'device-admin' && isWrite(action) && access.deviceReadonly) return false;
  if (resource === 'commands' && isWrite(action) && access.limitCommands) return false;
  return true;
};

/** The account hierarchy: not yourself (delete), never an administrator above you. */
const hierarchyAllows = (user: UserLike, action: string, record: AccessRequest['record']) => {
  if (!record) return true;
  if (action === 'delete' && record.id === user.id) return false;
  if ((action === 'edit' || action === 'delete') && !user.administrator) {
    return record.administrator !== true;
  }
  return true;
};

const bitFor = (bits: PermArea, action: string): PermName | undefined => {
  if (READ_ACTIONS.has(action)) return bits.view;
  if (action === 'create' || action === 'clone') return bits.create ?? bits.view;
  if (action === 'edit' || action === 'link') return bits.edit ?? bits.view;
  if (action === 'delete') return bits.delete ?? bits.view;
  return DEVICE_ACTION_BITS[action];
};

export const isAccessResource = (value: string): value is AccessResource =>
  value in AREAS ||
  [
    'server',
    'account',
    'logs',
    'integrations',
    'billing',
    'invoices',
    'theme',
    'reseller',
    'reports',
    'events',
    'statistics',
    'live-logs',
    'connecting-devices',
    'announcements',
  ].includes(value);

export const canAccess = (
  user: UserLike | null,
  info: ServerAccessInfo,
  { action, resource, record }: AccessRequest,
): boolean => {
  if (!user || !isAccessResource(resource)) return false;
  const attributes = user.attributes ?? {};
  // Shared-link users see the map and logout only; QR drivers only the driver screens.
  if (attributes.isShared || attributes['tarkan.isQrDriverId']) return false;
  const admin = user.administrator;
  const access = accessFor(user, info.server, info.isPlus);

  const special = specialRule(resource, user, info);
  if (resource === 'announcements' && special && !admin) {
    // A manager writes to the users they manage: not from a read-only account, nor when the
    // advanced permissions hide the users (the server refuses both).
    return (
      READ_ACTIONS.has(action) &&
      !access.readonly &&
      canAccess(user, info, { action: 'list', resource: 'users' })
    );
  }
  if (special !== undefined) {
    return special && (READ_ACTIONS.has(action) || admin || resource === 'theme');
  }
  // Nobody deletes their own account from the user list, administrators included.
  if (resource === 'users' && action === 'delete' && record?.id === user.id) return false;
  if (admin) return true;

  if (resource === 'account') {
    if (READ_ACTIONS.has(action)) return true;
    return action === 'edit' && !access.readonly && advancedPermission(access, 'self');
  }
  if (resource === 'computed' && isWrite(action)) return false; // admin-only on the server
  if (resource === 'users' && (user.userLimit ?? 0) === 0) return false;
  if ((resource === 'reports' || resource === 'scheduled-reports') && user.disableReports) {
    return false;
  }
  if (resource === 'events' && !info.isPlus) return false;
  // The events are notifications: the server lists them only to those who reach that area.
  if (resource === 'events' && !advancedPermission(access, 'notifications')) return false;
  if (resource === 'device-admin' && action === 'create' && info.deviceLimit !== null) {
    if (info.deviceLimit <= 0) return false;
  }

  const bits = AREAS[resource];
  if (!bits) return false;
  const bit = bitFor(bits, action);
  if (!bit) return false;
  if (!advancedPermission(access, bit)) return false;
  // Linking needs the owner's edit bit (above) and the owner area's view bit.
  if (action === 'link' && !advancedPermission(access, bits.view)) return false;
  return flagsAllow(resource, action, access) && hierarchyAllows(user, action, record);
};
