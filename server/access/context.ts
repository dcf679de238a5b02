import type { Db } from '../db/database';
import type { ChangeFeed, Change } from '../changes';
import type { Actor } from './actor';

/** What every entity operation needs: the database, the caller, and where changes go. */
export interface Ctx {
  db: Db;
  actor: Actor;
  changes: ChangeFeed;
}

/**
 * Runs `work` in one transaction and announces its changes only after the commit, so a denial
 * half-way leaves nothing written and nothing announced.
 */
export async function inTransaction<T>(
  ctx: Ctx,
  work: (db: Db, changes: Change[]) => Promise<T>,
): Promise<T> {
  const changes: Change[] = [];
  const result = await ctx.db.kysely
    .transaction()
    .execute((trx) => work({ ...ctx.db, kysely: trx }, changes));
  for (const change of changes) ctx.changes.emit(change);
  return result;
}
