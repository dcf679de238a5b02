import { sql } from 'kysely';
import type { User } from '../../model';
import type { Db } from '../db/database';
import { SecurityException } from '../errors';
import { ENTITY_TABLES } from '../db/links';
import { LABELS, type ChangeKind } from '../access/kinds';
import type { Actor } from '../access/actor';
import { visibleIdsQuery } from './visibility';

export const accessDenied = (kind: ChangeKind) =>
  new SecurityException(`${LABELS[kind]} access denied`);

/** Whether a user reaches object `id` of `kind` (administrators reach everything). */
export async function userSees(
  db: Db,
  user: Pick<User, 'id' | 'administrator'>,
  kind: ChangeKind,
  id: number,
): Promise<boolean> {
  if (user.administrator) return true;
  const { rows } = await sql<{ one: number }>`select 1 as one where ${id} in (${visibleIdsQuery(
    kind,
    user.id,
  )})`.execute(db.kysely);
  return rows.length > 0;
}

/** Whether the actor reaches object `id` of `kind`. */
export const canSee = (db: Db, actor: Actor, kind: ChangeKind, id: number) =>
  userSees(db, actor.user, kind, id);

export async function assertVisible(
  db: Db,
  actor: Actor,
  kind: ChangeKind,
  id: number,
): Promise<void> {
  if (!(await canSee(db, actor, kind, id))) throw accessDenied(kind);
}

export async function exists(db: Db, kind: ChangeKind, id: number): Promise<boolean> {
  const { rows } =
    await sql`select 1 from ${sql.table(ENTITY_TABLES[kind])} where id = ${id}`.execute(db.kysely);
  return rows.length > 0;
}

/** A referenced object (groupId, calendarId, commandId) must exist and be reachable. */
export async function assertReference(
  db: Db,
  actor: Actor,
  kind: ChangeKind,
  id: number,
): Promise<void> {
  if (!(await exists(db, kind, id))) throw accessDenied(kind);
  await assertVisible(db, actor, kind, id);
}

/**
 * Whether `managerId` manages `userId`: a `user_managed_user` link from a manager, that is a user
 * whose `userLimit` is not 0 (Traccar's rule). A link alone grants nothing, so a manager who links
 * one of their users to another does not make the first a manager of the second.
 */
export async function manages(db: Db, managerId: number, userId: number): Promise<boolean> {
  const row = await db.kysely
    .selectFrom('userManagedUser')
    .innerJoin('users', 'users.id', 'userManagedUser.userId')
    .select('userManagedUser.userId')
    .where('userManagedUser.userId', '=', managerId)
    .where('userManagedUser.managedUserId', '=', userId)
    .where('users.userLimit', '!=', 0)
    .executeTakeFirst();
  return row !== undefined;
}

/** Users the actor may read and edit: themselves, the users they manage, anyone for an admin. */
export async function canManageUser(db: Db, actor: Actor, userId: number): Promise<boolean> {
  return actor.admin || actor.user.id === userId || (await manages(db, actor.user.id, userId));
}
