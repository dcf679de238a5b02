import type { User } from '../../model';
import type { Db } from '../db/database';
import { parseAttributes } from '../db/json';
import { findUserById, updateUser } from '../db/users';
import { IllegalArgumentException, SecurityException } from '../errors';
import type { Change } from '../changes';
import { visibleDeviceIds } from '../permissions/visibility';
import { QR_DRIVER_ATTRIBUTE } from '../processing/pipeline';

/** Device attribute naming the checked-in driver (its uniqueId); the pipeline copies it onto positions. */
export const DEVICE_DRIVER = QR_DRIVER_ATTRIBUTE;
export const DEVICE_LOCKED = 'isQrLocked';
export const DEVICE_LOCK_TIME = 'qrLockTime';
/** User attributes of a driver account: its driver's uniqueId, and the vehicle it is checked in to. */
export const USER_DRIVER_ID = 'tarkan.isQrDriverId';
export const USER_DEVICE_ID = 'tarkan.isQrDeviceId';
/** User attribute: when the driver checked in (ISO-8601). */
export const USER_CHECK_IN_TIME = 'tarkan.qrCheckInTime';

export interface DriverRow {
  id: number;
  name: string;
  uniqueId: string;
  attributes: Record<string, unknown>;
}

export interface DeviceRow {
  id: number;
  name: string;
  uniqueId: string;
  attributes: Record<string, unknown>;
}

export const isDriverAccount = (user: Pick<User, 'attributes'>): boolean => {
  const value = user.attributes[USER_DRIVER_ID];
  return typeof value === 'string' && value !== '';
};

/** The device a driver account is checked in to, or 0. */
export const checkedInDevice = (user: Pick<User, 'attributes'>): number => {
  const value = Number(user.attributes[USER_DEVICE_ID] ?? 0);
  return Number.isSafeInteger(value) && value > 0 ? value : 0;
};

export async function findDriverByUniqueId(db: Db, uniqueId: string): Promise<DriverRow | null> {
  const row = await db.kysely
    .selectFrom('drivers')
    .select(['id', 'name', 'uniqueId', 'attributes'])
    .where('uniqueId', '=', uniqueId)
    .executeTakeFirst();
  return row ? { ...row, attributes: parseAttributes(row.attributes) } : null;
}

/** The driver entity behind a driver account; refuses anyone else. */
export async function driverOfUser(db: Db, user: User): Promise<DriverRow> {
  if (!isDriverAccount(user)) throw new SecurityException('Driver access required');
  const driver = await findDriverByUniqueId(db, String(user.attributes[USER_DRIVER_ID]));
  if (!driver || driver.attributes['tarkan.enableQrCode'] !== true) {
    throw new SecurityException('Driver access required');
  }
  return driver;
}

export async function findDevice(db: Db, id: number): Promise<DeviceRow | null> {
  const row = await db.kysely
    .selectFrom('devices')
    .select(['id', 'name', 'uniqueId', 'attributes'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? { ...row, attributes: parseAttributes(row.attributes) } : null;
}

export async function setDeviceAttributes(
  db: Db,
  id: number,
  update: (attributes: Record<string, unknown>) => Record<string, unknown>,
): Promise<void> {
  const device = await findDevice(db, id);
  if (!device) return;
  await db.kysely
    .updateTable('devices')
    .set({ attributes: JSON.stringify(update(device.attributes)) })
    .where('id', '=', id)
    .execute();
}

/**
 * Devices a driver may check in to: those linked to the driver entity (`device_driver`), or when
 * there are none, every device the driver's owner (the user managing the account) reaches.
 */
async function allowedDeviceIds(db: Db, user: User, driver: DriverRow): Promise<number[] | 'all'> {
  const linked = await db.kysely
    .selectFrom('deviceDriver')
    .select('deviceId')
    .where('driverId', '=', driver.id)
    .execute();
  if (linked.length > 0) return linked.map((row) => Number(row.deviceId));
  const owners = await db.kysely
    .selectFrom('userManagedUser')
    .select('userId')
    .where('managedUserId', '=', user.id)
    .execute();
  const ids = new Set<number>();
  for (const { userId } of owners) {
    const owner = await findUserById(db, Number(userId));
    if (!owner || owner.user.disabled) continue;
    if (owner.user.administrator) return 'all';
    for (const id of await visibleDeviceIds(db, owner.user.id, false)) ids.add(id);
  }
  return [...ids];
}

export async function assertAllowedDevice(
  db: Db,
  user: User,
  driver: DriverRow,
  deviceId: number,
): Promise<DeviceRow> {
  const device = await findDevice(db, deviceId);
  const allowed = device ? await allowedDeviceIds(db, user, driver) : [];
  if (!device || (allowed !== 'all' && !allowed.includes(deviceId))) {
    throw new IllegalArgumentException('Vehicle not allowed for this driver');
  }
  return device;
}

/** Writes the account's check-in attributes (0: none). */
async function setUserCheckIn(db: Db, user: User, deviceId: number, now: number): Promise<User> {
  const attributes = { ...user.attributes };
  if (deviceId > 0) {
    attributes[USER_DEVICE_ID] = deviceId;
    attributes[USER_CHECK_IN_TIME] = new Date(now).toISOString();
  } else {
    delete attributes[USER_DEVICE_ID];
    delete attributes[USER_CHECK_IN_TIME];
  }
  return (await updateUser(db, user.id, { ...user, attributes }))!;
}

/** Removes the driver from a device, if the device still names them. */
async function releaseDevice(db: Db, deviceId: number, driverUniqueId: string): Promise<boolean> {
  const device = await findDevice(db, deviceId);
  if (!device || device.attributes[DEVICE_DRIVER] !== driverUniqueId) return false;
  await setDeviceAttributes(db, deviceId, (attributes) => {
    const next = { ...attributes };
    delete next[DEVICE_DRIVER];
    return next;
  });
  return true;
}

/**
 * Checks the account in to `deviceId` (leaving any previous vehicle). A driver already on that
 * vehicle is checked out of it. Returns the updated account and the devices that changed.
 */
export async function recordCheckIn(
  db: Db,
  user: User,
  driver: DriverRow,
  device: DeviceRow,
  changes: Change[],
  now: number,
): Promise<{ user: User; released: number }> {
  const previous = checkedInDevice(user);
  let released = 0;
  if (previous && previous !== device.id && (await releaseDevice(db, previous, driver.uniqueId))) {
    changes.push({ kind: 'device', id: previous, action: 'update' });
    released = previous;
  }
  const other = device.attributes[DEVICE_DRIVER];
  if (typeof other === 'string' && other !== '' && other !== driver.uniqueId) {
    const otherDriver = await findDriverByUniqueId(db, other);
    const otherId = Number(otherDriver?.attributes['tarkan.driverUserId'] ?? 0);
    const otherAccount = otherId > 0 ? await findUserById(db, otherId) : null;
    if (otherAccount && checkedInDevice(otherAccount.user) === device.id) {
      await setUserCheckIn(db, otherAccount.user, 0, now);
      changes.push({ kind: 'user', id: otherAccount.user.id, action: 'update' });
    }
  }
  await setDeviceAttributes(db, device.id, (attributes) => ({
    ...attributes,
    [DEVICE_DRIVER]: driver.uniqueId,
  }));
  changes.push({ kind: 'device', id: device.id, action: 'update' });
  const updated = await setUserCheckIn(db, user, device.id, now);
  changes.push({ kind: 'user', id: user.id, action: 'update' });
  return { user: updated, released };
}

/** Checks the account out; returns the account and the device it left (0 when none). */
export async function recordCheckOut(
  db: Db,
  user: User,
  changes: Change[],
  now: number,
): Promise<{ user: User; released: number }> {
  const deviceId = checkedInDevice(user);
  const driverId = String(user.attributes[USER_DRIVER_ID] ?? '');
  let released = 0;
  if (deviceId && (await releaseDevice(db, deviceId, driverId))) {
    changes.push({ kind: 'device', id: deviceId, action: 'update' });
    released = deviceId;
  }
  const updated = await setUserCheckIn(db, user, 0, now);
  changes.push({ kind: 'user', id: user.id, action: 'update' });
  return { user: updated, released };
}

/** For a disabled or deleted driver: clears the check-in without running any rule. */
export async function clearCheckIn(db: Db, user: User): Promise<void> {
  if (checkedInDevice(user)) await recordCheckOut(db, user, [], Date.now());
}
