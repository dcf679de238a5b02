import type { User } from '../../model';
import type { DriverStatus, DriverVehicle } from '../../model/qrDriver';
import type { Db } from '../db/database';
import { inTransaction, type Ctx } from '../access/context';
import {
  USER_CHECK_IN_TIME,
  assertAllowedDevice,
  checkedInDevice,
  driverOfUser,
  findDevice,
  recordCheckIn,
  type DeviceRow,
} from './checkIn';
import type { QrRules, RulesLog } from './rules';

const plateOf = (attributes: Record<string, unknown>) =>
  typeof attributes.placa === 'string' && attributes.placa !== '' ? attributes.placa : null;

const summary = (device: DeviceRow): DriverVehicle => ({
  id: device.id,
  name: device.name,
  plate: plateOf(device.attributes),
});

/** The driver account's check-in; refuses anyone but a driver with QR check-in on. */
export async function driverStatus(db: Db, user: User): Promise<DriverStatus> {
  const driver = await driverOfUser(db, user);
  const deviceId = checkedInDevice(user);
  const device = deviceId ? await findDevice(db, deviceId) : null;
  const since = user.attributes[USER_CHECK_IN_TIME];
  return {
    user,
    driverName: driver.name,
    device: device ? summary(device) : null,
    since: device && typeof since === 'string' ? since : null,
  };
}

/** A vehicle the driver may check in to (the one whose QR code was scanned). */
export async function allowedDevice(db: Db, user: User, deviceId: number): Promise<DriverVehicle> {
  const driver = await driverOfUser(db, user);
  return summary(await assertAllowedDevice(db, user, driver, deviceId));
}

/** The check-in/out stands even when a rule's command cannot be queued; that is logged. */
async function runRule(work: () => Promise<void>, log: RulesLog): Promise<void> {
  try {
    await work();
  } catch (error) {
    log.error({ err: error }, 'qr driver rule failed');
  }
}

/**
 * Checks the calling driver in to `deviceId` (leaving any previous vehicle), or out when it is 0,
 * then runs the rules that follow (unlock on check-in, the lock wait after leaving a vehicle).
 * Returns the driver's account as it is now.
 */
export async function checkInOrOut(
  ctx: Ctx,
  rules: QrRules,
  deviceId: number,
  log: RulesLog,
): Promise<User> {
  const { user } = ctx.actor;
  const driver = await driverOfUser(ctx.db, user);
  if (deviceId === 0) {
    const { user: updated, released } = await rules.checkOutAccount(user);
    if (released) await runRule(() => rules.checkedOut(released, driver), log);
    return updated;
  }
  const device = await assertAllowedDevice(ctx.db, user, driver, deviceId);
  const result = await inTransaction(ctx, (db, changes) =>
    recordCheckIn(db, user, driver, device, changes, Date.now()),
  );
  await runRule(() => rules.checkedIn(deviceId, driver, result.released), log);
  return result.user;
}
