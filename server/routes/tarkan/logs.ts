import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { SecurityException } from '../../errors';
import { ErrorText, IdParams } from '../schemas';
import { queryAuditLogs, type AuditFilter, type AuditRow } from '../../audit/store';

export const MAX_LIMIT = 500;
const DEFAULT_LIMIT = 50;

const LogsQuery = Type.Object({
  offset: Type.Optional(Type.Integer({ minimum: 0 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_LIMIT })),
  /** 1-based; with `limit`, an alternative to `offset`. */
  page: Type.Optional(Type.Integer({ minimum: 1 })),
  q: Type.Optional(Type.String({ maxLength: 200 })),
});

const parse = (text: string | null): unknown => {
  if (text === null) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

/** The inventory's row shape (tarkan §2a "logs"), plus `id`, `userId` and `time`. */
export function wireLog(row: AuditRow) {
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

/**
 * `GET /tarkan/server/logs`, `/tarkan/users/:id/logs` (by and on the user) and
 * `/tarkan/devices/:id/logs`: administrators of a plus-licensed server only; newest first,
 * paged (`offset`/`limit` or `page`/`limit`, total in `X-Total-Count`), searchable with `q`.
 */
export const logRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const guard = async (request: FastifyRequest) => {
    await app.auth.requireAdmin(request);
    if (!app.config.licenseMode) throw new SecurityException('Plus licence required');
  };
  const errors = { 400: ErrorText, 401: ErrorText };

  const routes: [string, (params: { id?: number }) => AuditFilter, boolean][] = [
    ['/tarkan/server/logs', () => ({ scope: 'server' }), false],
    ['/tarkan/users/:id/logs', ({ id }) => ({ scope: 'user', id: id! }), true],
    ['/tarkan/devices/:id/logs', ({ id }) => ({ scope: 'device', id: id! }), true],
  ];
  for (const [url, filter, withId] of routes) {
    app.get(
      url,
      {
        onRequest: guard,
        schema: {
          ...(withId ? { params: IdParams } : {}),
          querystring: LogsQuery,
          response: { 200: Type.Array(Type.Unknown()), ...errors },
        },
      },
      async (request, reply) => {
        const { offset, page, q } = request.query;
        const limit = request.query.limit ?? DEFAULT_LIMIT;
        const start = page !== undefined ? (page - 1) * limit : (offset ?? 0);
        const result = await queryAuditLogs(app.db, filter(request.params as { id?: number }), {
          offset: start,
          limit,
          q,
        });
        reply.header('x-total-count', String(result.total));
        reply.header('access-control-expose-headers', 'X-Total-Count');
        return result.rows.map(wireLog);
      },
    );
  }
};
