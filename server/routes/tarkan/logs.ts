import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { plusAdmin } from '../context';
import { IdParams, baseErrors } from '../schemas';
import { logJson } from '../../audit/logJson';
import { queryAuditLogs, type AuditFilter } from '../../audit/store';

const MAX_LIMIT = 500;
const DEFAULT_LIMIT = 50;

const LogsQuery = Type.Object({
  offset: Type.Optional(Type.Integer({ minimum: 0 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_LIMIT })),
  /** 1-based; with `limit`, an alternative to `offset`. */
  page: Type.Optional(Type.Integer({ minimum: 1 })),
  q: Type.Optional(Type.String({ maxLength: 200 })),
});

/**
 * `GET /tarkan/server/logs`, `/tarkan/users/:id/logs` (by and on the user) and
 * `/tarkan/devices/:id/logs`: administrators of a plus-licensed server only; newest first,
 * paged (`offset`/`limit` or `page`/`limit`, total in `X-Total-Count`), searchable with `q`.
 */
export const logRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const guard = plusAdmin(app);

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
          response: { 200: Type.Array(Type.Unknown()), ...baseErrors },
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
        return result.rows.map(logJson);
      },
    );
  }
};
