/**
 * The QR driver rules with an injected clock, on SQLite and PostgreSQL: auto logout after the
 * configured minutes, ignition back on cancelling it, lock after the timeout, unlock on check-in,
 * and timers that survive a restart.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../../../../model';
import type { Db } from '../../../../server/db/database';
import { findUserById, insertUser } from '../../../../server/db/users';
import { InProcessChangeFeed } from '../../../../server/changes';
import {
  checkedInDevice,
  findDevice,
  recordCheckIn,
  type DriverRow,
} from '../../../../server/qrDriver/checkIn';
import { QrRules } from '../../../../server/qrDriver/rules';
import { newUserFields } from '../../../../server/users/defaults';
import { closeTarget, openMigrated, postgresTarget, sqliteTarget } from '../../../support/dialects';

const MINUTE = 60_000;
const silent = { error: () => undefined, info: () => undefined };

describe.each([sqliteTarget('frota-qr-'), postgresTarget()])(
  'QR driver rules on $name',
  (target) => {
    let db: Db;
    let clock = Date.UTC(2026, 0, 5, 8);
    const now = () => clock;
    const feed = new InProcessChangeFeed();
    let seq = 0;
    let adminId = 0;

    beforeAll(async () => {
      db = await openMigrated(target);
      adminId = (
        await insertUser(
          db,
          { ...newUserFields(), name: 'Admin', email: 'admin@x', administrator: true },
          'x',
        )
      ).id;
    }, 60_000);

    afterAll(async () => {
      await closeTarget(target, db);
    });

    /** The user a rule acts for, as saving it through the API records (`ruleOwners.ts`). */
    async function own(kind: 'device' | 'driver', objectId: number, userId = adminId) {
      await db.kysely.insertInto('ruleOwners').values({ kind, objectId, userId }).execute();
    }

    async function device(
      attributes: Record<string, unknown> = {},
      owner: number | null = adminId,
    ) {
      seq += 1;
      const row = await db.kysely
        .insertInto('devices')
        .values({
          name: `Car ${seq}`,
          uniqueId: `car-${seq}`,
          disabled: db.dialect === 'sqlite' ? 0 : false,
          state: '{}',
          attributes: JSON.stringify(attributes),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (owner !== null && attributes['tarkan.driverLockDevice'] === true) {
        await own('device', Number(row.id), owner);
      }
      return Number(row.id);
    }

    /** A driver with its account, checked in to `deviceId`. */
    async function checkedIn(deviceId: number, rules: Record<string, unknown>) {
      seq += 1;
      const uniqueId = `drv-${seq}`;
      const user = await insertUser(
        db,
        {
          ...newUserFields(),
          name: 'Driver',
          email: `qrcode-d${seq}@driver.invalid`,
          readonly: true,
          attributes: { 'tarkan.isQrDriverId': uniqueId },
        },
        'x',
      );
      const attributes = { 'tarkan.enableQrCode': true, 'tarkan.driverUserId': user.id, ...rules };
      const row = await db.kysely
        .insertInto('drivers')
        .values({ name: 'Driver', uniqueId, attributes: JSON.stringify(attributes) })
        .returning('id')
        .executeTakeFirstOrThrow();
      const driver: DriverRow = { id: Number(row.id), name: 'Driver', uniqueId, attributes };
      if (rules['tarkan.driverUnlockDevice'] === true) await own('driver', driver.id);
      const device = (await findDevice(db, deviceId))!;
      await recordCheckIn(db, user, driver, device, [], clock);
      return { user, driver };
    }

    const account = async (user: User) => (await findUserById(db, user.id))!.user;
    const attributes = async (id: number) => (await findDevice(db, id))!.attributes;
    const queued = (deviceId: number) =>
      db.kysely
        .selectFrom('queuedCommands')
        .select('type')
        .where('deviceId', '=', deviceId)
        .execute();

    it('checks the driver out N minutes after ignition off', async () => {
      const rules = new QrRules(db, feed, silent, now);
      const car = await device();
      const { user } = await checkedIn(car, {
        'tarkan.driverAutoLogout': true,
        'tarkan.autoLogoutTimeout': 5,
      });
      await rules.ignition(car, false);
      clock += 4 * MINUTE;
      await rules.tick();
      expect(checkedInDevice(await account(user))).toBe(car);
      clock += MINUTE;
      await rules.tick();
      expect(checkedInDevice(await account(user))).toBe(0);
      expect((await attributes(car)).qrDriverId).toBeUndefined();
    });

    it('cancels the auto logout when ignition comes back on', async () => {
      const rules = new QrRules(db, feed, silent, now);
      const car = await device();
      const { user } = await checkedIn(car, {
        'tarkan.driverAutoLogout': true,
        'tarkan.autoLogoutTimeout': 5,
      });
      await rules.ignition(car, false);
      clock += 2 * MINUTE;
      await rules.ignition(car, true);
      clock += 10 * MINUTE;
      await rules.tick();
      expect(checkedInDevice(await account(user))).toBe(car);
    });

    it('locks a device left without a driver after the lock timeout', async () => {
      const rules = new QrRules(db, feed, silent, now);
      const car = await device({ 'tarkan.driverLockDevice': true, 'tarkan.lockDeviceTimeout': 3 });
      const { user, driver } = await checkedIn(car, {});
      const { released } = await rules.checkOutAccount(await account(user));
      await rules.checkedOut(released, driver);
      clock += 2 * MINUTE;
      await rules.tick();
      expect((await attributes(car)).isQrLocked).toBeUndefined();
      clock += MINUTE;
      await rules.tick();
      expect((await attributes(car)).isQrLocked).toBe(true);
      expect(await queued(car)).toEqual([{ type: 'engineStop' }]);
    });

    it('starts the lock wait on ignition on without a driver, and a timer survives a restart', async () => {
      const car = await device({ 'tarkan.driverLockDevice': true, 'tarkan.lockDeviceTimeout': 10 });
      await new QrRules(db, feed, silent, now).ignition(car, true);
      clock += 10 * MINUTE;
      // A new instance, as after a restart: the due time was stored.
      await new QrRules(db, feed, silent, now).tick();
      expect((await attributes(car)).isQrLocked).toBe(true);
    });

    it('unlocks a QR-locked device on check-in for a driver with the unlock rule', async () => {
      const rules = new QrRules(db, feed, silent, now);
      const car = await device({ isQrLocked: true, qrLockTime: new Date(clock).toISOString() });
      const { driver } = await checkedIn(car, { 'tarkan.driverUnlockDevice': true });
      await rules.checkedIn(car, driver, 0);
      expect(await queued(car)).toEqual([{ type: 'engineResume' }]);
      expect((await attributes(car)).isQrLocked).toBe(false);

      const other = await device({ isQrLocked: true });
      const noUnlock = await checkedIn(other, {});
      await rules.checkedIn(other, noUnlock.driver, 0);
      expect(await queued(other)).toEqual([]);
      expect((await attributes(other)).isQrLocked).toBe(true);
    });

    it('sends nothing for a rule without an owner, or whose owner may not send it', async () => {
      const rules = new QrRules(db, feed, silent, now);
      const orphan = await device({ 'tarkan.driverLockDevice': true }, null);
      await rules.ignition(orphan, true);
      await rules.tick();
      expect((await attributes(orphan)).isQrLocked).toBeUndefined();
      expect(await queued(orphan)).toEqual([]);

      const limited = await insertUser(
        db,
        { ...newUserFields(), name: 'Limited', email: `limited${seq}@x`, limitCommands: true },
        'x',
      );
      const car = await device({ 'tarkan.driverLockDevice': true }, limited.id);
      await db.kysely
        .insertInto('userDevice')
        .values({ userId: limited.id, deviceId: car })
        .execute();
      await rules.ignition(car, true);
      await rules.tick();
      expect((await attributes(car)).isQrLocked).toBeUndefined();
      expect(await queued(car)).toEqual([]);
    });
  },
);
