import { sql } from 'kysely';
import { isUniqueViolation, type Db } from '../db/database';
import { IllegalArgumentException } from '../errors';
import type { ResellerSettings } from './attributes';

const domainInUse = () => new IllegalArgumentException('Reseller domain already in use');

/** Every user under `userId` through the managed-user links, at any depth (itself excluded). */
export async function countUnder(db: Db, userId: number): Promise<number> {
  const { rows } = await sql<{ count: number | string }>`
    with recursive tree(id) as (
      select managed_user_id from user_managed_user where user_id = ${userId}
      union
      select link.managed_user_id from user_managed_user link join tree on link.user_id = tree.id
    )
    select count(*) as count from tree where id <> ${userId}`.execute(db.kysely);
  return Number(rows[0]?.count ?? 0);
}

/** Every user above `userId` through the managed-user links, at any depth (itself excluded). */
export async function ancestorsOf(db: Db, userId: number): Promise<number[]> {
  const { rows } = await sql<{ id: number | string }>`
    with recursive tree(id) as (
      select user_id from user_managed_user where managed_user_id = ${userId}
      union
      select link.user_id from user_managed_user link join tree on link.managed_user_id = tree.id
    )
    select id from tree where id <> ${userId}`.execute(db.kysely);
  return rows.map((row) => Number(row.id));
}

/** The users that manage `userId` directly. */
export async function managersOf(db: Db, userId: number): Promise<number[]> {
  const rows = await db.kysely
    .selectFrom('userManagedUser')
    .select('userId')
    .where('managedUserId', '=', userId)
    .execute();
  return rows.map((row) => row.userId);
}

/** Refuses a domain another reseller holds, before anything is written. */
export async function checkDomainFree(db: Db, domain: string, userId?: number): Promise<void> {
  const row = await db.kysely
    .selectFrom('resellerDomains')
    .select('userId')
    .where('domain', '=', domain)
    .executeTakeFirst();
  if (row && row.userId !== userId) throw domainInUse();
}

/** Keeps the domain table in step with a saved user (call inside the user's transaction). */
export async function saveDomain(
  db: Db,
  userId: number,
  settings: ResellerSettings,
): Promise<void> {
  await db.kysely.deleteFrom('resellerDomains').where('userId', '=', userId).execute();
  if (!settings.reseller || !settings.domain) return;
  try {
    await db.kysely
      .insertInto('resellerDomains')
      .values({ domain: settings.domain, userId })
      .execute();
  } catch (error) {
    if (isUniqueViolation(error)) throw domainInUse();
    throw error;
  }
}

export async function allDomains(db: Db): Promise<Map<string, number>> {
  const rows = await db.kysely.selectFrom('resellerDomains').selectAll().execute();
  return new Map(rows.map((row) => [row.domain, Number(row.userId)]));
}

/**
 * The reseller domains a user may sign in on, or null when they may sign in anywhere. A user
 * under a reseller with a domain belongs to it: they get the domains of the resellers above them,
 * and their own when they are a reseller too. A reseller directly under the administrators keeps
 * the main domain, where those manage it.
 */
export async function homeDomains(db: Db, userId: number): Promise<string[] | null> {
  const above = await ancestorsOf(db, userId);
  if (above.length === 0) return null;
  const rows = await db.kysely
    .selectFrom('resellerDomains')
    .select(['domain', 'userId'])
    .where('userId', 'in', [userId, ...above])
    .execute();
  if (!rows.some((row) => Number(row.userId) !== userId)) return null;
  return rows.map((row) => row.domain);
}

/**
 * The reseller whose brand a user's messages carry: for a user who belongs to a reseller's
 * domain (`homeDomains`), the nearest reseller with a domain up the managed-user links (the user
 * first, when a reseller themselves), with that domain; null for everyone else (the main brand).
 */
export async function brandReseller(
  db: Db,
  userId: number,
): Promise<{ resellerId: number; domain: string } | null> {
  if ((await homeDomains(db, userId)) === null) return null;
  const seen = new Set([userId]);
  let level = [userId];
  while (level.length > 0) {
    const found = await db.kysely
      .selectFrom('resellerDomains')
      .select(['domain', 'userId'])
      .where('userId', 'in', level)
      .orderBy('userId')
      .executeTakeFirst();
    if (found) return { resellerId: Number(found.userId), domain: found.domain };
    const managers = await db.kysely
      .selectFrom('userManagedUser')
      .select('userId')
      .where('managedUserId', 'in', level)
      .execute();
    level = [...new Set(managers.map((row) => row.userId))].filter((id) => !seen.has(id));
    for (const id of level) seen.add(id);
  }
  return null;
}
