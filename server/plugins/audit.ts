import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Auth } from './auth';
import { auditCode, auditObject, object, redact, type AuditObject } from '../audit/naming';
import { runInAuditScope, type AuditScope, type NotedValues } from '../audit/scope';
import { insertAuditLog, type NewAuditRow } from '../audit/store';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Length of the session id (already a SHA-256 of the cookie) kept to tie records together. */
const SESSION_PREFIX = 12;

interface Pending {
  scope: AuditScope;
  /** The caller as known before the handler ran (a logout clears it). */
  before: Auth | null;
}

const audited = (request: FastifyRequest): boolean => {
  const url = request.routeOptions.url;
  return MUTATING.has(request.method) && !!url && /^\/(api|tarkan)\//.test(url);
};

const json = (value: unknown): string | null =>
  value === undefined || value === null ? null : JSON.stringify(redact(value));

/** The values a service noted for the request's own object (or its only note). */
function pickNote(notes: NotedValues[], target: AuditObject): NotedValues | null {
  if (notes.length === 0) return null;
  return (
    notes.find((note) => note.kind === target.type && note.id === target.id) ??
    notes.find((note) => note.kind === target.type) ??
    notes[0]
  );
}

/** Sent commands keep their type and attributes (never a secret key). */
function commandOf(code: string, body: unknown): string | null {
  if (code !== 'command.send' || !body || typeof body !== 'object') return null;
  const { type, attributes, textChannel } = body as Record<string, unknown>;
  return json({ type, attributes, textChannel });
}

/**
 * Records every mutating `/api/*` and `/tarkan/*` request once its response is sent: who (user,
 * session prefix), from where (ip, user agent), what (code, object), the result (status) and, on
 * success, the old and new values the entity services noted (secrets removed). A failure to
 * record is logged and never touches the response.
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

    async function record(request: FastifyRequest, reply: FastifyReply): Promise<void> {
      const url = request.routeOptions.url!;
      const status = reply.statusCode;
      const code = auditCode(request.method, url, status);
      if (!code) return;
      const state = pending.get(request);
      const after = await app.auth.current(request).catch(() => null);
      const auth = after ?? state?.before ?? null;
      let target = auditObject(url, request.params, request.body);
      const ok = status < 400;
      const note = ok ? pickNote(state?.scope.notes ?? [], target) : null;
      if (note && note.id !== null && target.id === null && note.kind === target.type) {
        target = object(note.kind, note.id);
      }
      if (code.startsWith('session.') && auth) target = object('user', auth.user.id);
      let username = auth?.user.email ?? null;
      if (code === 'session.loginFailed') {
        const email = (request.body as Record<string, unknown> | undefined)?.email;
        username = typeof email === 'string' ? email.slice(0, 200) : null;
      }
      const row: NewAuditRow = {
        time: Date.now(),
        userId: auth?.user.id ?? null,
        username,
        sessionId: auth?.session?.id.slice(0, SESSION_PREFIX) ?? null,
        clientIp: request.ip ?? null,
        userAgent: request.headers['user-agent']?.slice(0, 500) ?? null,
        serverIp: request.socket?.localAddress ?? null,
        serverHost: request.headers.host ?? null,
        code,
        objectType: target.type,
        objectId: target.id,
        object: JSON.stringify(target.map),
        status,
        oldValues: note ? json(note.old) : null,
        // Failed requests changed nothing: no new value.
        newValues: note ? json(note.new) : null,
        command: ok ? commandOf(code, request.body) : null,
      };
      await insertAuditLog(app.db, row);
    }

    app.addHook('onResponse', async (request, reply) => {
      if (!audited(request)) return;
      try {
        await record(request, reply);
      } catch (error) {
        request.log.error({ err: error }, 'audit record failed');
      }
    });
  },
  { name: 'audit', dependencies: ['services', 'auth'] },
);
