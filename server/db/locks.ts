import type { User } from '../../model';
import type { Db } from './database';
import { SERVER_ID } from './servers';
import { toUser } from './users';

/**
 * Limits (a manager's `userLimit`, a reseller's limit, `deviceLimit`, the server's device cap) are
 * checked by counting and then inserting. Two requests doing that side by side would both see room
 * for one more, so every writer under a limit first takes a lock on the limit's holder, inside its
 * write transaction, and counts only once it holds it:
 * - PostgreSQL: the holder's row `FOR NO KEY UPDATE`, held until commit and seen by every server
 *   process sharing the database. (Unlike `FOR UPDATE` it lets other transactions insert rows that
 *   point at the holder, such as links, so they are not held up.) Rows are locked in id order, so
 *   two writers needing the same holders cannot deadlock.
 * - SQLite: every transaction begins IMMEDIATE (`connect.ts`) and so already holds the database's
 *   write lock; the rows are only read.
 */
function assertTransaction(db: Db): void {
  // Outside a transaction the lock would end with the statement and protect nothing.
  if (!db.kysely.isTransaction) throw new Error('Limit locks are taken inside a transaction');
}

/** Locks the users `ids` (the holders of a limit) and returns them as they are now. */
export async function lockUsers(db: Db, ids: readonly number[]): Promise<Map<number, User>> {
  assertTransaction(db);
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  if (unique.length === 0) return new Map();
  const rows = await db.kysely
    .selectFrom('users')
    .selectAll()
    .where('id', 'in', unique)
    .orderBy('id')
    .$if(db.dialect === 'postgres', (query) => query.forNoKeyUpdate())
    .execute();
  return new Map(rows.map((row) => [row.id, toUser(row)]));
}

/** Locks the server row, holder of the server-wide device cap. Take it after any user locks. */
export async function lockServer(db: Db): Promise<void> {
  assertTransaction(db);
  await db.kysely
    .selectFrom('servers')
    .select('id')
    .where('id', '=', SERVER_ID)
    .$if(db.dialect === 'postgres', (query) => query.forNoKeyUpdate())
    .execute();
}

/** Locks a device's row, so claims on that device (autolink) run one at a time. */
export async function lockDevice(db: Db, id: number): Promise<void> {
  assertTransaction(db);
  await db.kysely
    .selectFrom('devices')
    .select('id')
    .where('id', '=', id)
    .$if(db.dialect === 'postgres', (query) => query.forNoKeyUpdate())
    .execute();
}
