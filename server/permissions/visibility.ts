import { sql, type Expression, type SqlBool } from 'kysely';
import type { ChangeKind } from '../access/kinds';
import type { Db } from '../db/database';

/** Kinds that groups can carry (`group_<kind>`); devices use their own `group_id` instead. */
const GROUP_LINKED: ReadonlySet<ChangeKind> = new Set([
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
export function visibleIdsQuery(kind: ChangeKind, userId: number) {
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
  kind: ChangeKind,
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
 * group or a parent group up to two levels up (the chain of model/groupChain.ts, written out in
 * SQL). The live hub sends the device's updates to them.
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

/**
 * `usersWhoSeeDevice` for many devices in one query: each device's users (administrators
 * included, as for any device, even one that is gone). Live delivery reads the audiences of a
 * whole batch at once: one query rather than one per device the first time each is seen.
 */
export async function usersWhoSeeDevices(
  db: Db,
  deviceIds: readonly number[],
): Promise<Map<number, number[]>> {
  const found = new Map<number, Set<number>>(deviceIds.map((id) => [id, new Set<number>()]));
  const admin = sql.raw(db.dialect === 'sqlite' ? '1' : 'true');
  // Each id is bound twice: 500 a query stays far below both dialects' parameter limits.
  for (let at = 0; at < deviceIds.length; at += 500) {
    const ids = sql.join(deviceIds.slice(at, at + 500));
    const { rows } = await sql<{ deviceId: number | null; userId: number }>`
      with d(id, group_id) as (select id, group_id from devices where id in (${ids})),
      chain(device_id, group_id) as (
        select d.id, g.id from d join groups g on g.id = d.group_id
        union select d.id, p.group_id from d join groups p on p.id = d.group_id
        union select d.id, gp.group_id from d
          join groups p on p.id = d.group_id join groups gp on gp.id = p.group_id)
      select cast(null as bigint) as device_id, id as user_id from users
        where administrator = ${admin}
      union select device_id, user_id from user_device where device_id in (${ids})
      union select c.device_id, ug.user_id from chain c
        join user_group ug on ug.group_id = c.group_id`.execute(db.kysely);
    for (const row of rows) {
      const userId = Number(row.userId);
      if (row.deviceId === null) {
        for (const users of found.values()) users.add(userId);
      } else {
        found.get(Number(row.deviceId))?.add(userId);
      }
    }
  }
  return new Map([...found].map(([id, users]) => [id, [...users]]));
}
