import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db } from '../db/database';

/** Object kinds a user reaches through `user_<kind>` links and, except users, group links. */
export type VisibleKind =
  | 'device'
  | 'group'
  | 'geofence'
  | 'notification'
  | 'calendar'
  | 'attribute'
  | 'driver'
  | 'command'
  | 'maintenance'
  | 'report';

/** Kinds that groups can carry (`group_<kind>`); devices use their own `group_id` instead. */
const GROUP_LINKED: ReadonlySet<VisibleKind> = new Set([
  'geofence',
  'notification',
  'attribute',
  'driver',
  'command',
  'maintenance',
  'report',
]);

/**
 * Ids of the groups a user reaches: groups linked to the user and their sub-groups, two levels
 * down (Traccar's depth limit is three levels in all).
 */
function reachableGroupIds(userId: number) {
  const direct = sql`select group_id from user_group where user_id = ${userId}`;
  const children = sql`select id from groups where group_id in (${direct})`;
  const grandchildren = sql`select id from groups where group_id in (${children})`;
  return sql<{ id: number }>`${direct} union ${children} union ${grandchildren}`;
}

/** A subquery of the ids of `kind` that a non-admin user may see. */
export function visibleIdsQuery(kind: VisibleKind, userId: number) {
  const direct = sql`select ${sql.ref(`${kind}_id`)} from ${sql.table(`user_${kind}`)} where user_id = ${userId}`;
  if (kind === 'device') {
    return sql`${direct} union select id from devices where group_id in (${reachableGroupIds(userId)})`;
  }
  if (kind === 'group') {
    return reachableGroupIds(userId);
  }
  if (GROUP_LINKED.has(kind)) {
    return sql`${direct} union select ${sql.ref(`${kind}_id`)} from ${sql.table(`group_${kind}`)} where group_id in (${reachableGroupIds(userId)})`;
  }
  return direct;
}

/** `id in (visible ids)` for a where clause; admins pass `null` and see everything. */
export function visibleFilter(
  kind: VisibleKind,
  userId: number | null,
  column = 'id',
): Expression<SqlBool> {
  if (userId === null) return sql<SqlBool>`1 = 1`;
  return sql<SqlBool>`${sql.ref(column)} in (${visibleIdsQuery(kind, userId)})`;
}

/** Ids of the devices a user sees; `null` for an administrator (all devices). */
export async function visibleDeviceIds(db: Db, userId: number, admin: boolean): Promise<number[]> {
  const rows = await db.kysely
    .selectFrom('devices')
    .select('id')
    .where(visibleFilter('device', admin ? null : userId))
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Users who see a device: administrators, users linked to it directly, and users linked to its
 * group or a parent group up to two levels up. The live hub sends the device's updates to them.
 */
export async function usersWhoSeeDevice(db: Db, deviceId: number): Promise<number[]> {
  const groupChain = sql`
    select g.id from groups g join devices d on d.group_id = g.id where d.id = ${deviceId}
    union select p.group_id from groups p join devices d on d.group_id = p.id where d.id = ${deviceId}
    union select gp.group_id from groups gp where gp.id in (
      select p.group_id from groups p join devices d on d.group_id = p.id where d.id = ${deviceId})`;
  const { rows } = await sql<{ id: number }>`
    select id from users where administrator = ${sql.raw(db.dialect === 'sqlite' ? '1' : 'true')}
    union select user_id as id from user_device where device_id = ${deviceId}
    union select user_id as id from user_group where group_id in (${groupChain})`.execute(
    db.kysely,
  );
  return rows.map((row) => Number(row.id));
}
