/**
 * Pure helpers of the audit log: the action code of a request, the object it names, and the
 * removal of secrets from logged values.
 */

/** Keys never stored, at any depth: passwords, password hashes, TOTP keys, tokens, secrets. */
const SECRET_KEY = /password|secret|token|totp|salt|^tarkan\.driverPassword$/i;

function isSecretKey(key: string): boolean {
  return SECRET_KEY.test(key);
}

/** A deep copy of `value` without secret keys; other values (including odd strings) are kept. */
export function redact(value: unknown, depth = 0): unknown {
  if (depth > 20) return null;
  if (Array.isArray(value)) return value.map((item) => redact(item, depth + 1));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
      if (!isSecretKey(key)) out[key] = redact(item, depth + 1);
    }
    return out;
  }
  return value;
}

const SINGULAR: Record<string, string> = {
  devices: 'device',
  groups: 'group',
  geofences: 'geofence',
  calendars: 'calendar',
  commands: 'command',
  notifications: 'notification',
  drivers: 'driver',
  maintenance: 'maintenance',
  attributes: 'attribute',
  users: 'user',
  permissions: 'permission',
  positions: 'position',
  events: 'event',
  server: 'server',
  session: 'session',
  shares: 'share',
  theme: 'theme',
};

const METHOD_ACTION: Record<string, string> = {
  POST: 'create',
  PUT: 'update',
  PATCH: 'update',
  DELETE: 'delete',
};

interface RouteParts {
  /** `device`, `user`, `permission`…; the route's first segment, singular. */
  kind: string;
  /**
   * The last literal segment after the resource (and after `:id`), e.g. `send`, `lockUser` in
   * `/tarkan/invoices/manager/:userId/lockUser`: the one that names what the request does.
   */
  sub: string | null;
}

/** `/api/devices/:id/accumulators` → `{kind: 'device', sub: 'accumulators'}`. */
function routeParts(url: string): RouteParts | null {
  const match = /^\/(?:api|tarkan)\/(.+)$/.exec(url);
  if (!match) return null;
  const segments = match[1].split('/').filter((s) => s !== '' && !s.startsWith(':'));
  if (segments.length === 0) return null;
  let first = segments.shift()!;
  // `/api/attributes/computed` is the computed-attribute resource.
  if (first === 'attributes' && segments[0] === 'computed') segments.shift();
  first = SINGULAR[first] ?? first.replace(/s$/, '');
  const sub = segments.filter((s) => s !== 'bulk').at(-1) ?? null;
  return { kind: first, sub };
}

/**
 * The action code of a mutating request, e.g. `device.update`, `permission.link`,
 * `command.send`, `session.login` / `session.loginFailed`, `session.impersonate` (a sign-in as
 * another user) and `session.impersonationEnd` (back to the user who signed in).
 */
export function auditCode(method: string, url: string, status: number): string | null {
  const parts = routeParts(url);
  if (!parts) return null;
  const { kind, sub } = parts;
  if (kind === 'session') {
    if (sub === null) {
      if (method === 'GET') return 'session.impersonate';
      if (method === 'DELETE') return 'session.logout';
      return status < 400 ? 'session.login' : 'session.loginFailed';
    }
    if (sub === 'impersonation') return 'session.impersonationEnd';
    return `session.${sub}`;
  }
  if (kind === 'permission' && sub === null) {
    return method === 'DELETE' ? 'permission.unlink' : 'permission.link';
  }
  if (sub !== null) return `${kind}.${sub}`;
  return `${kind}.${METHOD_ACTION[method] ?? method.toLowerCase()}`;
}

export interface AuditObject {
  type: string | null;
  id: number | null;
  /** The wire form Tarkan's log rows use, `{deviceId: 5}` or `{userId: 1, deviceId: 5}`. */
  map: Record<string, number>;
}

const positiveId = (value: unknown): number | null => {
  const id = typeof value === 'string' ? Number(value) : value;
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : null;
};

/** Object names in links, e.g. `managedUser` → `user`, `linkedDevice` → `device`. */
const linkKind = (name: string): string =>
  name === 'managedUser' ? 'user' : name === 'linkedDevice' ? 'device' : name;

/**
 * The object a request acts on, from the route's `:id`, a permission body (the linked property
 * is the object, so a device's log shows who was given it), or a command's `deviceId`.
 */
export function auditObject(url: string, params: unknown, body: unknown): AuditObject {
  const parts = routeParts(url);
  const none: AuditObject = { type: null, id: null, map: {} };
  if (!parts) return none;
  const first = Array.isArray(body) ? body[0] : body;
  const fields =
    first && typeof first === 'object'
      ? (first as Record<string, unknown>)
      : ({} as Record<string, unknown>);
  if (parts.kind === 'permission') {
    const map: Record<string, number> = {};
    for (const [key, value] of Object.entries(fields)) {
      const id = positiveId(value);
      if (key.endsWith('Id') && id !== null) map[key] = id;
    }
    const keys = Object.keys(map);
    const last = keys[keys.length - 1];
    return last
      ? { type: linkKind(last.slice(0, -2)), id: map[last], map }
      : { type: 'permission', id: null, map };
  }
  if (parts.kind === 'command' && parts.sub === 'send') {
    const id = positiveId(fields.deviceId);
    return id === null ? { type: 'device', id: null, map: {} } : object('device', id);
  }
  if (parts.kind === 'session') return none;
  if (parts.kind === 'server') return { type: 'server', id: null, map: {} };
  const id = positiveId((params as Record<string, unknown> | undefined)?.id);
  return id === null ? { type: parts.kind, id: null, map: {} } : object(parts.kind, id);
}

export function object(type: string, id: number): AuditObject {
  return { type, id, map: { [`${type}Id`]: id } };
}
