import type { User } from '../../model';
import { auditCode, auditObject, object, redact, type AuditObject } from './naming';
import type { NotedValues } from './scope';
import type { NewAuditRow } from './store';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Length of the session id (already a SHA-256 of the cookie) kept to tie records together. */
const SESSION_PREFIX = 12;

/** Traccar's sign-in as another user: a GET, and recorded all the same. */
export const IMPERSONATE_ROUTE = '/api/session/:id';

/** POST routes that only compute an answer and change nothing: nothing to audit. */
const READ_ONLY_POSTS = new Set(['/tarkan/notification-templates/preview']);

/**
 * Whether a request is audited: a mutating call to a `/api/*` or `/tarkan/*` route (but the
 * previews that change nothing), or a sign-in as another user.
 */
export const isAudited = (method: string, routeUrl: string | undefined): boolean =>
  (MUTATING.has(method) &&
    !!routeUrl &&
    /^\/(api|tarkan)\//.test(routeUrl) &&
    !(method === 'POST' && READ_ONLY_POSTS.has(routeUrl))) ||
  (method === 'GET' && routeUrl === IMPERSONATE_ROUTE);

/** The caller of an audited request: the user and, for a cookie session, its id. */
export interface AuditCaller {
  user: Pick<User, 'id' | 'email'>;
  sessionId: string | null;
}

/** What the audit record of one answered request is made of. */
interface AuditedRequest {
  time: number;
  method: string;
  /** The route's URL pattern (`/api/devices/:id`). */
  routeUrl: string;
  status: number;
  params: unknown;
  body: unknown;
  /** The values the services noted while the request ran. */
  notes: NotedValues[];
  /** After the handler, else as known before it (a logout clears it). */
  caller: AuditCaller | null;
  clientIp: string | null;
  userAgent: string | null;
  serverIp: string | null;
  serverHost: string | null;
}

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
 * The audit record of an answered request: who (user, session prefix), from where (ip, user
 * agent), what (code, object), the result (status) and, on success, the old and new values the
 * services noted (secrets removed). Null for a request with no audit code.
 */
export function auditRow(request: AuditedRequest): NewAuditRow | null {
  const { routeUrl: url, status, caller } = request;
  const code = auditCode(request.method, url, status);
  if (!code) return null;
  let target = auditObject(url, request.params, request.body);
  const ok = status < 400;
  const note = ok ? pickNote(request.notes, target) : null;
  if (note && note.id !== null && target.id === null && note.kind === target.type) {
    target = object(note.kind, note.id);
  }
  if (code === 'session.impersonate') {
    // The caller is who signed in; the object, the user they became.
    const id = Number((request.params as Record<string, unknown> | undefined)?.id);
    if (Number.isSafeInteger(id) && id > 0) target = object('user', id);
  } else if (code.startsWith('session.') && caller) {
    target = object('user', caller.user.id);
  }
  let username = caller?.user.email ?? null;
  if (code === 'session.loginFailed') {
    const email = (request.body as Record<string, unknown> | undefined)?.email;
    username = typeof email === 'string' ? email.slice(0, 200) : null;
  }
  return {
    time: request.time,
    userId: caller?.user.id ?? null,
    username,
    sessionId: caller?.sessionId?.slice(0, SESSION_PREFIX) ?? null,
    clientIp: request.clientIp,
    userAgent: request.userAgent?.slice(0, 500) ?? null,
    serverIp: request.serverIp,
    serverHost: request.serverHost,
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
}
