import type { AuditRow } from './store';

const parse = (text: string | null): unknown => {
  if (text === null) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

/**
 * An audit record as `/tarkan/.../logs` answers it (docs/extension-api.md): Tarkan's log row
 * (who, from where, and `log` with the code, object, status and values), plus `id`, `userId`
 * and `time`.
 */
export function logJson(row: AuditRow) {
  const iso = new Date(Number(row.time)).toISOString();
  const log: Record<string, unknown> = {
    code: row.code,
    object: parse(row.object) ?? {},
    objectType: row.objectType,
    status: row.status,
  };
  const data = parse(row.newValues);
  const old = parse(row.oldValues);
  const command = parse(row.command);
  if (data !== undefined) log.data = data;
  if (old !== undefined) log.old = old;
  if (command !== undefined) log.command = command;
  return {
    id: Number(row.id),
    time: Number(row.time),
    userId: row.userId === null ? null : Number(row.userId),
    sesId: row.sessionId,
    serverIp: row.serverIp,
    serverHost: row.serverHost,
    username: row.username,
    userIp: row.clientIp,
    userAgent: row.userAgent,
    log,
    created_at: iso,
    updated_at: iso,
  };
}
