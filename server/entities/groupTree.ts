import type { Db } from '../db/database';
import { IllegalArgumentException } from '../errors';
import { GROUP_DEPTH } from '../../model/groupChain';

async function parentOf(db: Db, id: number): Promise<number | null> {
  const row = await db.kysely
    .selectFrom('groups')
    .select('groupId')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.groupId ?? null;
}

/** Levels in the subtree under `id`, itself included (1 for a leaf), counted to one past the cap. */
async function subtreeHeight(db: Db, id: number): Promise<number> {
  let level = [id];
  let height = 0;
  while (level.length > 0 && height <= GROUP_DEPTH) {
    height += 1;
    const rows = await db.kysely
      .selectFrom('groups')
      .select('id')
      .where('groupId', 'in', level)
      .execute();
    level = rows.map((row) => row.id);
  }
  return height;
}

/**
 * Rejects a parent that would make a cycle (the group itself or one of its descendants) or a tree
 * deeper than three levels. `id` is 0 for a new group.
 */
export async function checkGroupParent(db: Db, id: number, parentId: number): Promise<void> {
  if (parentId === 0) {
    if (id !== 0 && (await subtreeHeight(db, id)) > GROUP_DEPTH) {
      throw new IllegalArgumentException(`Groups nest at most ${GROUP_DEPTH} levels deep`);
    }
    return;
  }
  let depth = 0;
  for (
    let current: number | null = parentId;
    current !== null;
    current = await parentOf(db, current)
  ) {
    if (current === id) throw new IllegalArgumentException('Group cannot be its own ancestor');
    depth += 1;
    if (depth > GROUP_DEPTH) break;
  }
  const height = id === 0 ? 1 : await subtreeHeight(db, id);
  if (depth + height > GROUP_DEPTH) {
    throw new IllegalArgumentException(`Groups nest at most ${GROUP_DEPTH} levels deep`);
  }
}
