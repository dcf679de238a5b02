import { advancedPermission, type PermName, type PermsContext } from '../../model/advancedPerms';
import type { Server } from '../../model/server';
import type { User } from '../../model/user';

/**
 * Who may do what on the live screens. Traccar's restriction flags apply when set on the user OR
 * the server (admins exempt); Tarkan's advanced permission bits apply on top when the Plus
 * licence and `tarkan.enableAdvancedPerms` are on. Pure, so it can be tested on its own.
 */
export interface Access extends PermsContext {
  readonly: boolean;
  deviceReadonly: boolean;
  limitCommands: boolean;
}

type UserLike = Pick<
  User,
  'administrator' | 'readonly' | 'deviceReadonly' | 'limitCommands' | 'attributes'
>;
type ServerLike = Pick<Server, 'readonly' | 'deviceReadonly' | 'limitCommands' | 'attributes'>;

const truthy = (value: unknown) => value === true || value === 'true';

export const accessFor = (user: UserLike | null, server: ServerLike, plus: boolean): Access => {
  const admin = user?.administrator === true;
  const attributes = user?.attributes ?? {};
  const perms = attributes['tarkan.advancedPerms'];
  return {
    administrator: admin,
    qrDriver: Boolean(attributes['tarkan.isQrDriverId']),
    shared: Boolean(attributes.isShared),
    plus,
    enabled: truthy(server.attributes?.['tarkan.enableAdvancedPerms']),
    perms: typeof perms === 'string' ? perms : null,
    readonly: !admin && (user?.readonly === true || server.readonly === true),
    deviceReadonly: !admin && (user?.deviceReadonly === true || server.deviceReadonly === true),
    limitCommands: !admin && (user?.limitCommands === true || server.limitCommands === true),
  };
};

type LiveAction =
  | 'devices'
  | 'deviceCreate'
  | 'deviceEdit'
  | 'lock'
  | 'unlock'
  | 'anchor'
  | 'sendCommand'
  | 'share'
  | 'qrCodes';

const BITS: Record<LiveAction, PermName | null> = {
  devices: 'devices',
  deviceCreate: 'deviceCreate',
  deviceEdit: 'deviceEdit',
  lock: 'deviceLock',
  unlock: 'deviceUnlock',
  anchor: 'deviceAnchor',
  sendCommand: 'deviceCommand',
  share: 'shareCreate',
  qrCodes: null,
};

/** Whether the action is offered at all (hidden otherwise). */
export const can = (access: Access, action: LiveAction): boolean => {
  const bit = BITS[action];
  if (bit && !advancedPermission(access, bit)) return false;
  switch (action) {
    case 'devices':
      return true;
    case 'deviceCreate':
    case 'deviceEdit':
      return !access.readonly && !access.deviceReadonly;
    case 'qrCodes':
      return access.administrator;
    default:
      return !access.readonly;
  }
};

/**
 * Lock and unlock go out as raw commands unless a saved command stands in for them; Traccar's
 * `limitCommands` forbids the raw kind, so without a saved stand-in they are disabled.
 */
export const canSendRaw = (access: Access): boolean => !access.limitCommands;

interface DeviceLimitInput {
  /** The `devicelimit` header: devices the licence still allows (null when absent). */
  licenceRemaining: number | null;
  /** Server attribute `tarkan.deviceLimit` (absent or -1: none). */
  serverLimit: unknown;
  /** The user's own `deviceLimit` (-1: unlimited). */
  userLimit: number | undefined;
  /** Devices the user has now. */
  count: number;
  administrator: boolean;
}

/**
 * Creation is allowed unless the server-granted limit is zero or less, or the server
 * attribute limit is reached, or the user's own deviceLimit (when -1 or more) is reached.
 */
export const canAddDevice = (input: DeviceLimitInput): boolean => {
  if (input.licenceRemaining !== null && input.licenceRemaining <= 0) return false;
  const raw = input.serverLimit;
  const serverLimit = raw === '' || raw === null || raw === undefined ? NaN : Number(raw);
  if (Number.isFinite(serverLimit) && serverLimit >= 0 && input.count >= serverLimit) return false;
  if (input.administrator) return true;
  const own = input.userLimit ?? -1;
  return own === -1 || input.count < own;
};
