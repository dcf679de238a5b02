import type { Db } from '../db/database';
import { usersWhoSeeDevices } from '../permissions/visibility';

/**
 * Which devices users no longer see after a change that may have hidden them (an unlink, a
 * device moved to another group): of `candidates`, those whose audience, read now, leaves the
 * user out. Only the users given are asked about: the ones the change concerned, who had the
 * devices on their map, so nobody learns of a device they never saw.
 */
export async function hiddenFrom(
  db: Db,
  userIds: readonly number[],
  candidates: readonly number[],
): Promise<Map<number, number[]>> {
  const hidden = new Map<number, number[]>();
  if (userIds.length === 0 || candidates.length === 0) return hidden;
  const audiences = await usersWhoSeeDevices(db, candidates);
  for (const userId of userIds) {
    const gone = candidates.filter((id) => !audiences.get(id)?.includes(userId));
    if (gone.length > 0) hidden.set(userId, gone);
  }
  return hidden;
}

/** Users linked to any of the groups (the chain a device was in, before it moved). */
export async function usersOfGroups(db: Db, groupIds: readonly number[]): Promise<number[]> {
  if (groupIds.length === 0) return [];
  const rows = await db.kysely
    .selectFrom('userGroup')
    .select('userId')
    .distinct()
    .where('groupId', 'in', groupIds)
    .execute();
  return rows.map((row) => Number(row.userId));
}
