import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { auditRow, isAudited, type AuditCaller } from '../audit/record';
import { runInAuditScope, type AuditScope } from '../audit/scope';
import { insertAuditLog } from '../audit/store';
import type { Auth } from './auth';

interface Pending {
  scope: AuditScope;
  /** The caller as known before the handler ran (a logout clears it). */
  before: Auth | null;
}

const audited = (request: FastifyRequest): boolean =>
  isAudited(request.method, request.routeOptions.url);

const callerOf = (auth: Auth | null): AuditCaller | null =>
  auth && { user: auth.user, sessionId: auth.session?.id ?? null };

/**
 * Records every mutating `/api/*` and `/tarkan/*` request once its response is sent (see
 * `audit/record.ts`), with the values the services noted while it ran. A failure to record is
 * logged and never touches the response.
 */
export const auditPlugin = fp(
  async (app) => {
    const pending = new WeakMap<FastifyRequest, Pending>();

    app.addHook('preHandler', (request, _reply, done) => {
      if (!audited(request)) return done();
      const scope: AuditScope = { notes: [] };
      app.auth.current(request).then(
        (before) => {
          pending.set(request, { scope, before });
          runInAuditScope(scope, done);
        },
        () => {
          pending.set(request, { scope, before: null });
          runInAuditScope(scope, done);
        },
      );
    });

    app.addHook('onResponse', async (request, reply) => {
      if (!audited(request)) return;
      try {
        const state = pending.get(request);
        const after = await app.auth.current(request).catch(() => null);
        const row = auditRow({
          time: Date.now(),
          method: request.method,
          routeUrl: request.routeOptions.url!,
          status: reply.statusCode,
          params: request.params,
          body: request.body,
          notes: state?.scope.notes ?? [],
          // A sign-in as another user is recorded under the user who made it.
          caller: callerOf(
            request.method === 'GET' ? (state?.before ?? null) : (after ?? state?.before ?? null),
          ),
          clientIp: request.ip ?? null,
          userAgent: request.headers['user-agent'] ?? null,
          serverIp: request.socket?.localAddress ?? null,
          serverHost: request.headers.host ?? null,
        });
        if (row) await insertAuditLog(app.db, row);
      } catch (error) {
        request.log.error({ err: error }, 'audit record failed');
      }
    });
  },
  { name: 'audit', dependencies: ['services', 'auth'] },
);
