import { hashPassword } from '../auth/password';
import { deleteUserSessions, endOtherCredentials } from '../auth/sessions';
import { parseAttributes } from '../db/json';
import { findUserById, findUserByLogin, insertUser, updateUser } from '../db/users';
import type { Db } from '../db/database';
import type { SaveContext, Wire } from '../entities/definition';
import { IllegalArgumentException } from '../errors';
import { addLink } from '../permissions/linkStore';
import { findLink } from '../db/links';
import { newUserFields } from '../users/defaults';
import { checkPassword } from '../users/validation';
import { clearCheckIn, USER_DRIVER_ID } from './checkIn';

/** `/motorista` signs in as `qrcode-{username}` (docs/qr-driver.md). */
const DRIVER_LOGIN_PREFIX = 'qrcode-';

export const DRIVER_ATTR = {
  enabled: 'tarkan.enableQrCode',
  username: 'tarkan.driverUsername',
  password: 'tarkan.driverPassword',
  userId: 'tarkan.driverUserId',
  unlock: 'tarkan.driverUnlockDevice',
  autoLogout: 'tarkan.driverAutoLogout',
  autoLogoutTimeout: 'tarkan.autoLogoutTimeout',
  lock: 'tarkan.driverLockDevice',
  lockTimeout: 'tarkan.lockDeviceTimeout',
} as const;

const USERNAME = /^[\p{L}\p{N}._@-]{1,64}$/u;

const positiveId = (value: unknown): number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : 0;

/** The driver account id stored on the driver row (never the one a request claims). */
async function storedDriverUserId(db: Db, driverId: number): Promise<number> {
  if (driverId === 0) return 0;
  const row = await db.kysely
    .selectFrom('drivers')
    .select('attributes')
    .where('id', '=', driverId)
    .executeTakeFirst();
  return row ? positiveId(parseAttributes(row.attributes)[DRIVER_ATTR.userId]) : 0;
}

async function assertLoginFree(db: Db, login: string, ownId: number): Promise<void> {
  for (const name of [login, `${login}@driver.invalid`]) {
    const clash = await findUserByLogin(db, name);
    if (clash && clash.user.id !== ownId) {
      throw new IllegalArgumentException('Driver username already in use');
    }
  }
}

/**
 * The driver save hook (inside the save transaction): with QR check-in on, creates or updates the
 * driver's account (`qrcode-{username}`, readonly, limitCommands, `tarkan.isQrDriverId` = the
 * driver's uniqueId, managed by the user saving it); with it off, disables that account. The
 * plain password is hashed onto the account and removed from the driver before it is stored.
 */
export async function syncDriverAccount(ctx: SaveContext, wire: Wire, id: number): Promise<void> {
  const { db } = ctx;
  const attributes = { ...(wire.attributes as Record<string, unknown>) };
  const password = attributes[DRIVER_ATTR.password];
  delete attributes[DRIVER_ATTR.password];
  delete attributes[DRIVER_ATTR.userId];
  const accountId = await storedDriverUserId(db, id);
  const account = accountId ? await findUserById(db, accountId) : null;
  const enabled = attributes[DRIVER_ATTR.enabled] === true;

  if (!enabled) {
    if (account) {
      await clearCheckIn(db, account.user);
      const fresh = (await findUserById(db, account.user.id))!.user;
      await updateUser(db, fresh.id, { ...fresh, disabled: true });
      await deleteUserSessions(db, account.user.id);
      attributes[DRIVER_ATTR.userId] = account.user.id;
    }
    wire.attributes = attributes;
    return;
  }

  const rawName = attributes[DRIVER_ATTR.username];
  const username = typeof rawName === 'string' ? rawName.trim() : '';
  if (!USERNAME.test(username)) {
    throw new IllegalArgumentException('Driver username is required (letters, digits, . _ @ -)');
  }
  attributes[DRIVER_ATTR.username] = username;
  const plain = typeof password === 'string' && password !== '' ? password : null;
  if (plain !== null && plain.length > 256) {
    throw new IllegalArgumentException('Driver password is too long');
  }
  const login = `${DRIVER_LOGIN_PREFIX}${username}`;
  // The account's password follows the same rules as any other's (its username is its login).
  if (plain !== null) checkPassword(plain, { login: username, name: String(wire.name) });
  await assertLoginFree(db, login, account?.user.id ?? 0);
  const hash = plain === null ? undefined : await hashPassword(plain);
  const identity = {
    name: String(wire.name),
    login,
    email: `${login}@driver.invalid`,
    disabled: false,
    readonly: true,
    deviceReadonly: true,
    limitCommands: true,
    disableReports: true,
    deviceLimit: 0,
    userLimit: 0,
  };

  if (account) {
    await updateUser(
      db,
      account.user.id,
      {
        ...account.user,
        ...identity,
        attributes: { ...account.user.attributes, [USER_DRIVER_ID]: wire.uniqueId },
      },
      hash,
    );
    // A new password ends the driver's sessions and tokens, as for any other account.
    if (hash !== undefined) await endOtherCredentials(db, account.user.id, null);
    attributes[DRIVER_ATTR.userId] = account.user.id;
  } else {
    const created = await insertUser(
      db,
      { ...newUserFields(), ...identity, attributes: { [USER_DRIVER_ID]: wire.uniqueId } },
      // Without a password yet, no hash can match ('!' is not a hash): no sign-in until one is set.
      hash ?? '!',
    );
    // The owner manages the account (and is where "the owner's devices" come from).
    await addLink(db, findLink('userId', 'managedUserId')!, ctx.actor.user.id, created.id);
    attributes[DRIVER_ATTR.userId] = created.id;
  }
  wire.attributes = attributes;
}

/** With the driver deleted: its account goes too (after checking it out of its vehicle). */
export async function removeDriverAccount(db: Db, driverAttributes: Wire): Promise<number | null> {
  const accountId = positiveId(driverAttributes[DRIVER_ATTR.userId]);
  const account = accountId ? await findUserById(db, accountId) : null;
  if (!account || !account.user.attributes[USER_DRIVER_ID]) return null;
  await clearCheckIn(db, account.user);
  await db.kysely.deleteFrom('users').where('id', '=', account.user.id).execute();
  return account.user.id;
}
