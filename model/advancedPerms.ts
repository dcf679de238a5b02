/**
 * Tarkan's `tarkan.advancedPerms` user attribute: 32 hex digits holding 128 bits. Each 8-digit
 * block becomes 32 binary digits (most significant first) and character i of the joined string is
 * bit i, so bit 0 is the top bit of the first block. Shared by the server (enforcement) and the web
 * app (menus), so both read the same bit for the same name.
 */

/** Every named bit (`docs/extension-api.md`). Unlisted bits are unused. */
export const PERM_BITS = {
  /** Edit own name, phone, email and password. */
  self: 0,
  devices: 8,
  deviceAnchor: 9,
  /** engineStop */
  deviceLock: 10,
  /** engineResume */
  deviceUnlock: 11,
  deviceCommand: 12,
  deviceCreate: 13,
  deviceEdit: 14,
  deviceDelete: 15,
  users: 16,
  userCreate: 17,
  /** Each "link objects" button also needs the linked section's bit. */
  userEdit: 18,
  userDelete: 19,
  shares: 24,
  shareCreate: 25,
  shareEdit: 26,
  shareDelete: 27,
  notifications: 32,
  notificationCreate: 33,
  notificationEdit: 34,
  notificationDelete: 35,
  /** Scheduled and command notifications (Plus). */
  events: 36,
  eventCreate: 37,
  eventEdit: 38,
  eventDelete: 39,
  geofences: 40,
  geofenceCreate: 41,
  geofenceEdit: 42,
  geofenceDelete: 43,
  groups: 48,
  /** Tarkan also uses this bit to gate the group edit button. */
  groupCreate: 49,
  groupEdit: 50,
  groupDelete: 51,
  commands: 56,
  commandCreate: 57,
  commandEdit: 58,
  commandDelete: 59,
  attributes: 64,
  attributeCreate: 65,
  attributeEdit: 66,
  attributeDelete: 67,
  reports: 72,
  reportRoute: 73,
  reportStops: 74,
  reportTrips: 75,
  reportEvents: 76,
  drivers: 80,
  driverCreate: 81,
  driverEdit: 82,
  driverDelete: 83,
  calendars: 88,
  calendarCreate: 89,
  calendarEdit: 90,
  calendarDelete: 91,
  maintenance: 96,
  maintenanceCreate: 97,
  maintenanceEdit: 98,
  maintenanceDelete: 99,
  reseller: 104,
  subReseller: 105,
} as const;

export type PermName = keyof typeof PERM_BITS;

export const PERM_NAMES = Object.keys(PERM_BITS) as PermName[];

const PERM_BIT_COUNT = 128;

const HEX_LENGTH = PERM_BIT_COUNT / 4;
const HEX_PATTERN = /^[0-9a-fA-F]{32}$/;

export class PermsFormatError extends Error {
  constructor(value: string) {
    super(`advancedPerms must be ${HEX_LENGTH} hex digits, got ${JSON.stringify(value)}`);
    this.name = 'PermsFormatError';
  }
}

export function isValidPerms(hex: string): boolean {
  return HEX_PATTERN.test(hex);
}

/** The 128 bits as a '0'/'1' string, index = bit number. */
function toBitString(hex: string): string {
  if (!isValidPerms(hex)) throw new PermsFormatError(hex);
  let bits = '';
  for (let block = 0; block < HEX_LENGTH; block += 8) {
    bits += parseInt(hex.slice(block, block + 8), 16)
      .toString(2)
      .padStart(32, '0');
  }
  return bits;
}

/** Reads any bit by index, named or not. Throws `PermsFormatError` on a malformed string. */
export function readBit(hex: string, index: number): boolean {
  if (!Number.isInteger(index) || index < 0 || index >= PERM_BIT_COUNT) {
    throw new RangeError(`bit index out of range: ${index}`);
  }
  return toBitString(hex)[index] === '1';
}

export type PermFlags = Record<PermName, boolean>;

/** Every named flag; bits outside the named set are ignored. */
export function decodePerms(hex: string): PermFlags {
  const bits = toBitString(hex);
  const flags = {} as PermFlags;
  for (const name of PERM_NAMES) flags[name] = bits[PERM_BITS[name]] === '1';
  return flags;
}

/** Upper-case hex, as Tarkan's editor writes it. Missing names are off. */
export function encodePerms(
  flags: Partial<Record<PermName, boolean>> | Iterable<PermName>,
): string {
  const bits = new Array<number>(PERM_BIT_COUNT).fill(0);
  const set = (name: PermName) => {
    // Guard against names that are not own keys (e.g. "toString") arriving from untyped JSON.
    if (!Object.hasOwn(PERM_BITS, name)) throw new RangeError(`unknown permission: ${name}`);
    bits[PERM_BITS[name]] = 1;
  };
  if (isIterable(flags)) {
    for (const name of flags) set(name);
  } else {
    for (const [name, on] of Object.entries(flags)) if (on) set(name as PermName);
  }
  let hex = '';
  for (let block = 0; block < PERM_BIT_COUNT; block += 32) {
    const value = parseInt(bits.slice(block, block + 32).join(''), 2);
    hex += value.toString(16).toUpperCase().padStart(8, '0');
  }
  return hex;
}

function isIterable(value: unknown): value is Iterable<PermName> {
  return typeof value === 'object' && value !== null && Symbol.iterator in value;
}

/** One named bit. A malformed string grants nothing (fails closed). */
export function hasPerm(hex: string, name: PermName): boolean {
  if (!isValidPerms(hex) || !Object.hasOwn(PERM_BITS, name)) return false;
  return readBit(hex, PERM_BITS[name]);
}

/**
 * Whether `hex` grants nothing beyond `limit`: every bit it sets, named or not, is set in `limit`.
 * False when either string is malformed.
 */
export function permsWithin(hex: string, limit: string): boolean {
  if (!isValidPerms(hex) || !isValidPerms(limit)) return false;
  const bits = toBitString(hex);
  const allowed = toBitString(limit);
  for (let index = 0; index < PERM_BIT_COUNT; index++) {
    if (bits[index] === '1' && allowed[index] !== '1') return false;
  }
  return true;
}

/** Who is asking, for `advancedPermission`. */
export interface PermsContext {
  administrator: boolean;
  /** User attribute `tarkan.isQrDriverId`. */
  qrDriver: boolean;
  /** User attribute `isShared` (a shared-link user). */
  shared: boolean;
  /** The product runs the Plus feature set. */
  plus: boolean;
  /** Server attribute `tarkan.enableAdvancedPerms`. */
  enabled: boolean;
  /** User attribute `tarkan.advancedPerms`, if any. */
  perms: string | null | undefined;
}

/**
 * Whether the permission bits are in force at all: only when the plus licence and the server's
 * advanced-permission setting are both on. The server's enforcement and the web app's menus both
 * ask this, so a switch left on after the licence went away restricts nobody on either side.
 */
export function advancedPermsApply(ctx: Pick<PermsContext, 'plus' | 'enabled'>): boolean {
  return ctx.plus && ctx.enabled;
}

/**
 * Tarkan's `advancedPermissions(i)` getter, in its order: QR driver → no; admin → yes; not Plus →
 * yes; feature on and a perms string → that bit; shared user → no; otherwise yes (a user with no
 * perms string may do everything).
 */
export function advancedPermission(ctx: PermsContext, name: PermName): boolean {
  if (ctx.qrDriver) return false;
  if (ctx.administrator) return true;
  if (!ctx.plus) return true;
  if (advancedPermsApply(ctx) && typeof ctx.perms === 'string' && ctx.perms !== '') {
    return hasPerm(ctx.perms, name);
  }
  if (ctx.shared) return false;
  return true;
}

/**
 * What the server enforces for one bit: allowed whenever the bits are not in force, else
 * `advancedPermission`. The web app asks this before calling an area the server would refuse.
 */
export function bitAllows(ctx: PermsContext, name: PermName): boolean {
  return !advancedPermsApply(ctx) || advancedPermission(ctx, name);
}
