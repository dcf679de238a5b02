import { sql, type SqlBool } from 'kysely';
import type { User } from '../../model';
import { toUser } from '../db/users';
import type { Ctx } from '../access/context';
import { SecurityException } from '../errors';
import { accessDenial } from '../permissions/checkAccess';
import { assertVisible, canManageUser } from '../permissions/objects';

interface UserQuery {
  userId?: number;
  deviceId?: number;
  keyword?: string;
  excludeAttributes?: boolean;
  limit?: number;
  offset?: number;
}

const managedBy = (managerId: number) =>
  sql<SqlBool>`users.id in (select managed_user_id from user_managed_user where user_id = ${managerId})`;

/**
 * `GET /api/users`: admins list everyone; anyone else the users they manage (a plain user none,
 * an empty list, as Traccar answers). `userId` lists the users X manages, `deviceId` the users linked to a
 * device, `keyword` searches name and email. Sorted by name.
 */
export async function listUsers(ctx: Ctx, query: UserQuery): Promise<User[]> {
  const { db, actor } = ctx;
  const denial = accessDenial(actor, 'users', 'read');
  if (denial) throw new SecurityException(denial);
  let select = db.kysely
    .selectFrom('users')
    .selectAll()
    // Share users are managed through their shares, never listed.
    .where(sql<SqlBool>`users.id not in (select share_user_id from shares)`)
    .orderBy('name')
    .orderBy('id');
  if (query.userId) {
    if (!(await canManageUser(db, actor, query.userId))) {
      throw new SecurityException('User access denied');
    }
    select = select.where(managedBy(query.userId));
  } else if (!actor.admin) {
    // As Traccar: the users one manages, whoever asks; none for a plain user (an empty list).
    select = select.where(managedBy(actor.user.id));
  }
  if (query.deviceId) {
    await assertVisible(db, actor, 'device', query.deviceId);
    select = select.where(
      sql<SqlBool>`users.id in (select user_id from user_device where device_id = ${query.deviceId})`,
    );
  }
  if (query.keyword) {
    const pattern = `%${query.keyword.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    select = select.where(
      sql<SqlBool>`(lower(users.name) like ${pattern} escape '\\' or lower(users.email) like ${pattern} escape '\\')`,
    );
  }
  if (query.limit !== undefined) select = select.limit(query.limit);
  if (query.offset !== undefined) {
    if (query.limit === undefined) select = select.limit(db.dialect === 'sqlite' ? -1 : 1e15);
    select = select.offset(query.offset);
  }
  const users = (await select.execute()).map(toUser);
  if (query.excludeAttributes) for (const user of users) user.attributes = {};
  return users;
}
