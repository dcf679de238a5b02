import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db } from '../db/database';
import type { AuditLogsTable } from '../db/schema';

/** How long audit records are kept. */
export const AUDIT_RETENTION_MS = 90 * 24 * 60 * 60 * 1000;

export type AuditRow = Omit<AuditLogsTable, 'id'> & { id: number };
export type NewAuditRow = Omit<AuditLogsTable, 'id'>;

export async function insertAuditLog(db: Db, row: NewAuditRow): Promise<void> {
  await db.kysely.insertInto('auditLogs').values(row).execute();
}

export type AuditFilter =
  { scope: 'server' } | { scope: 'user'; id: number } | { scope: 'device'; id: number };

interface AuditQuery {
  offset: number;
  limit: number;
  q?: string;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Newest first, one page, plus the total that matches. */
export async function queryAuditLogs(
  db: Db,
  filter: AuditFilter,
  query: AuditQuery,
): Promise<{ rows: AuditRow[]; total: number }> {
  const base = () => {
    let select = db.kysely.selectFrom('auditLogs');
    if (filter.scope === 'device') {
      select = select.where('objectType', '=', 'device').where('objectId', '=', filter.id);
    } else if (filter.scope === 'user') {
      const id = filter.id;
      select = select.where((eb) =>
        eb.or([
          eb('userId', '=', id),
          eb.and([eb('objectType', '=', 'user'), eb('objectId', '=', id)]),
        ]),
      );
    }
    const q = query.q?.trim().toLowerCase();
    if (q) {
      const pattern = `%${escapeLike(q)}%`;
      const like = (column: string): Expression<SqlBool> =>
        sql<SqlBool>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
      select = select.where((eb) =>
        eb.or(
          [
            'code',
            'username',
            'object_type',
            'object',
            'old_values',
            'new_values',
            'client_ip',
          ].map(like),
        ),
      );
    }
    return select;
  };
  const [rows, count] = await Promise.all([
    base()
      .selectAll()
      .orderBy('time', 'desc')
      .orderBy('id', 'desc')
      .limit(query.limit)
      .offset(query.offset)
      .execute(),
    base()
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as AuditRow[], total: Number(count.count) };
}

/** Deletes records older than `maxAgeMs`; returns how many went. */
export async function deleteOldAuditLogs(
  db: Db,
  maxAgeMs: number,
  now = Date.now(),
): Promise<number> {
  const result = await db.kysely
    .deleteFrom('auditLogs')
    .where('time', '<', now - maxAgeMs)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
