import type { User } from '../../model';
import { sendNativeCommand, systemContext } from '../commands/native';
import { ruleContext, ruleOwner } from '../devices/ruleOwners';
import type { LiveCommands } from '../commands/send';
import type { Db } from '../db/database';
import { findUserById } from '../db/users';
import { inTransaction, type Ctx } from '../access/context';
import type { ChangeFeed } from '../changes';
import {
  DEVICE_DRIVER,
  DEVICE_LOCKED,
  DEVICE_LOCK_TIME,
  checkedInDevice,
  findDevice,
  findDriverByUniqueId,
  recordCheckOut,
  setDeviceAttributes,
  type DeviceRow,
  type DriverRow,
} from './checkIn';
import { DRIVER_ATTR } from './driverAccount';
import { cancelTimer, dueTimers, findTimer, setTimer, type QrTimer } from './timers';

export interface RulesLog {
  error(object: unknown, message?: string): void;
  info(object: unknown, message?: string): void;
}

interface IgnitionEvent {
  type: string;
  deviceId: number;
}

const MINUTE = 60_000;

/** A whole number of minutes from an attribute (absent, negative or invalid: 0). */
function minutes(value: unknown): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) && n > 0 ? n : 0;
}

/**
 * The QR driver rules (docs/qr-driver.md), with due times persisted in `qr_driver_timers`:
 * - unlock: on check-in, a driver with `tarkan.driverUnlockDevice` resumes a QR-locked device;
 * - auto logout: after `ignitionOff` on the vehicle of a driver with `tarkan.driverAutoLogout`,
 *   the driver is checked out `tarkan.autoLogoutTimeout` minutes later unless `ignitionOn` comes
 *   first;
 * - lock: a device whose rule is on (device attribute `tarkan.driverLockDevice`, or the leaving
 *   driver's) that stays without a driver for `tarkan.lockDeviceTimeout` minutes (the device's,
 *   else the driver's) gets `engineStop` and is marked `isQrLocked`. The wait starts at check-out,
 *   auto logout, or `ignitionOn` without a driver.
 * Commands go out through the normal command path as the rule's owner (`commands/ruleOwners.ts`:
 * the user who turned the device's or the driver's rule on), using the device's saved command with
 * `tarkan.changeNative` when there is one; an owner who may not send it, or no longer reaches the
 * vehicle, stops nothing. A lock's owner is settled when its wait starts, and kept with the timer.
 */
export class QrRules {
  private chain: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | null = null;
  private active: () => boolean = () => true;

  constructor(
    private readonly db: Db,
    private readonly changes: ChangeFeed,
    private readonly log: RulesLog,
    private readonly now: () => number = Date.now,
    /** The devices connected here: a rule's command reaches a connected tracker at once. */
    private readonly live: LiveCommands | null = null,
    /** The plus licence: a rule owner's advanced-permission bits may apply. */
    private readonly plus = false,
  ) {}

  /**
   * Runs due timers every `intervalMs` (and at once, for those that fell due while down), while
   * `active` says so (several instances: the one holding the jobs lease).
   */
  start(intervalMs = 15_000, active: () => boolean = () => true): void {
    this.active = active;
    const tick = () => {
      if (active()) this.enqueue(() => this.tick());
    };
    tick();
    this.timer = setInterval(tick, intervalMs).unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.chain;
  }

  /** Settles when everything queued so far has run. */
  idle(): Promise<void> {
    return this.chain;
  }

  /** The ingest hook: cheap, never awaits; ignition events are handled in order later. */
  onEvents(events: readonly IgnitionEvent[]): void {
    for (const event of events) {
      if (event.type === 'ignitionOn' || event.type === 'ignitionOff') {
        const { deviceId } = event;
        const on = event.type === 'ignitionOn';
        this.enqueue(() => this.ignition(deviceId, on));
      }
    }
  }

  private enqueue(work: () => Promise<void>): void {
    this.chain = this.chain
      .then(work)
      .catch((error: unknown) => this.log.error({ err: error }, 'qr driver rule failed'));
  }

  async ignition(deviceId: number, on: boolean): Promise<void> {
    const device = await findDevice(this.db, deviceId);
    if (!device) return;
    const driverId = device.attributes[DEVICE_DRIVER];
    const driver =
      typeof driverId === 'string' && driverId !== ''
        ? await findDriverByUniqueId(this.db, driverId)
        : null;
    if (on) {
      await cancelTimer(this.db, 'logout', deviceId);
      if (!driver) await this.scheduleLock(device, null);
      return;
    }
    if (!driver || driver.attributes[DRIVER_ATTR.autoLogout] !== true) return;
    const userId = Number(driver.attributes[DRIVER_ATTR.userId] ?? 0);
    if (!userId) return;
    const delay = minutes(driver.attributes[DRIVER_ATTR.autoLogoutTimeout]) * MINUTE;
    await setTimer(this.db, { kind: 'logout', deviceId, userId, due: this.now() + delay });
  }

  /** After a check-in: pending timers end; a QR-locked device is unlocked if the driver may. */
  async checkedIn(deviceId: number, driver: DriverRow, released: number): Promise<void> {
    await cancelTimer(this.db, 'lock', deviceId);
    await cancelTimer(this.db, 'logout', deviceId);
    if (released) await this.checkedOut(released, driver);
    const device = await findDevice(this.db, deviceId);
    if (!device || device.attributes[DEVICE_LOCKED] !== true) return;
    if (driver.attributes[DRIVER_ATTR.unlock] !== true) return;
    await this.send(deviceId, 'engineResume', await ruleOwner(this.db, 'driver', driver.id));
    await setDeviceAttributes(this.db, deviceId, (attributes) => {
      const next: Record<string, unknown> = { ...attributes, [DEVICE_LOCKED]: false };
      delete next[DEVICE_LOCK_TIME];
      return next;
    });
    this.changes.emit({ kind: 'device', id: deviceId, action: 'update' });
  }

  /** After a check-out (by the driver, auto logout or another check-in): the lock wait starts. */
  async checkedOut(deviceId: number, driver: DriverRow | null): Promise<void> {
    await cancelTimer(this.db, 'logout', deviceId);
    const device = await findDevice(this.db, deviceId);
    if (device) await this.scheduleLock(device, driver);
  }

  private async scheduleLock(device: DeviceRow, driver: DriverRow | null): Promise<void> {
    const deviceRule = device.attributes[DRIVER_ATTR.lock] === true;
    const driverRule = driver?.attributes[DRIVER_ATTR.lock] === true;
    if (!deviceRule && !driverRule) return;
    if (device.attributes[DEVICE_LOCKED] === true) return;
    if (await findTimer(this.db, 'lock', device.id)) return;
    const timeout =
      device.attributes[DRIVER_ATTR.lockTimeout] !== undefined
        ? device.attributes[DRIVER_ATTR.lockTimeout]
        : driver?.attributes[DRIVER_ATTR.lockTimeout];
    const due = this.now() + minutes(timeout) * MINUTE;
    // The rule that starts the wait is the one whose owner the lock acts for.
    const owner = deviceRule
      ? await ruleOwner(this.db, 'device', device.id)
      : await ruleOwner(this.db, 'driver', driver!.id);
    await setTimer(this.db, { kind: 'lock', deviceId: device.id, userId: owner, due });
  }

  /** Runs every timer that is due. */
  async tick(): Promise<void> {
    for (const timer of await dueTimers(this.db, this.now())) {
      // The lease went to another instance meanwhile: it runs the rest.
      if (!this.active()) return;
      await cancelTimer(this.db, timer.kind, timer.deviceId);
      try {
        await (timer.kind === 'logout' ? this.autoLogout(timer) : this.lock(timer));
      } catch (error) {
        this.log.error({ err: error, timer }, 'qr driver timer failed');
      }
    }
  }

  private async autoLogout(timer: QrTimer): Promise<void> {
    const found = timer.userId ? await findUserById(this.db, timer.userId) : null;
    if (!found || checkedInDevice(found.user) !== timer.deviceId) return;
    const driver = await findDriverByUniqueId(
      this.db,
      String(found.user.attributes['tarkan.isQrDriverId'] ?? ''),
    );
    const { released } = await this.checkOutAccount(found.user);
    this.log.info({ userId: found.user.id, deviceId: timer.deviceId }, 'qr driver auto logout');
    if (released) await this.checkedOut(released, driver);
  }

  /** Records a check-out and announces it (also used by the route). */
  async checkOutAccount(user: User): Promise<{ user: User; released: number }> {
    const ctx = await this.systemCtx();
    return inTransaction(ctx, (db, changes) => recordCheckOut(db, user, changes, this.now()));
  }

  private async lock({ deviceId, userId }: QrTimer): Promise<void> {
    const device = await findDevice(this.db, deviceId);
    if (!device || device.attributes[DEVICE_LOCKED] === true) return;
    const driver = device.attributes[DEVICE_DRIVER];
    if (typeof driver === 'string' && driver !== '') return;
    await this.send(
      deviceId,
      'engineStop',
      userId ?? (await ruleOwner(this.db, 'device', deviceId)),
    );
    await setDeviceAttributes(this.db, deviceId, (attributes) => ({
      ...attributes,
      [DEVICE_LOCKED]: true,
      [DEVICE_LOCK_TIME]: new Date(this.now()).toISOString(),
    }));
    this.changes.emit({ kind: 'device', id: deviceId, action: 'update' });
    this.log.info({ deviceId }, 'qr driver rule locked the device');
  }

  /**
   * Engine stop or resume as the rule's owner, through the device's `tarkan.changeNative`
   * stand-in, if any; throws (the rule is logged as failed) when the owner may not.
   */
  private async send(
    deviceId: number,
    type: 'engineStop' | 'engineResume',
    ownerId: number | null,
  ): Promise<void> {
    const owner = await ruleContext(this.db, this.changes, ownerId, this.plus);
    await sendNativeCommand(owner, this.live, deviceId, type);
  }

  private systemCtx(): Promise<Ctx> {
    return systemContext(this.db, this.changes);
  }
}
