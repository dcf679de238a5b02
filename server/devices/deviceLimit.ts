import { sql, type SqlBool } from 'kysely';
import type { User } from '../../model';
import type { Db } from '../db/database';
import { lockServer, lockUsers } from '../db/locks';
import { SecurityException } from '../errors';
import type { Actor } from '../access/actor';
import { visibleFilter } from '../permissions/visibility';

const limitReached = () => new SecurityException('User device limit reached');

/** Server attribute `tarkan.deviceLimit`: a licence cap on all devices; absent or negative = none. */
export function serverDeviceLimit(attributes: Record<string, unknown>): number | null {
  const raw = attributes['tarkan.deviceLimit'];
  const value = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : null;
}

async function countDevices(db: Db, userId: number | null): Promise<number> {
  const row = await db.kysely
    .selectFrom('devices')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where(sql<SqlBool>`not (devices.unique_id like 'deleted-%')`)
    .where(visibleFilter('device', userId, 'devices.id'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Devices the server licence still allows (`tarkan.deviceLimit` minus live devices), or null. */
export async function remainingServerDevices(
  db: Db,
  attributes: Record<string, unknown>,
): Promise<number | null> {
  const limit = serverDeviceLimit(attributes);
  return limit === null ? null : Math.max(0, limit - (await countDevices(db, null)));
}

/**
 * A user's own `deviceLimit`: 0 allows no new device, N caps the devices they reach, -1 none.
 * Call inside the transaction that then adds the device: the user's row is locked first and the
 * limit read from it, so devices given to the same user side by side are counted one at a time.
 */
export async function checkUserDeviceLimit(db: Db, user: User): Promise<void> {
  if (user.administrator || user.deviceLimit < 0) return;
  const current = (await lockUsers(db, [user.id])).get(user.id) ?? user;
  if (current.administrator || current.deviceLimit < 0) return;
  if (current.deviceLimit === 0 || (await countDevices(db, current.id)) >= current.deviceLimit) {
    throw limitReached();
  }
}

/**
 * Before a new device, inside the transaction that inserts it: the creator's own limit and the
 * server's licence cap (everyone), each counted under its holder's lock (the user first, then the
 * server, the order every writer takes them in).
 */
export async function checkDeviceLimits(db: Db, actor: Actor): Promise<void> {
  await checkUserDeviceLimit(db, actor.user);
  const serverLimit = serverDeviceLimit(actor.server.attributes);
  if (serverLimit === null) return;
  await lockServer(db);
  if ((await countDevices(db, null)) >= serverLimit) throw limitReached();
}
