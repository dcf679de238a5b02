/**
 * The role × endpoint matrix: one row per route and method the server registers under `/api` and
 * `/tarkan`, each with one or more cases (a request against the caller's own objects, another
 * user's, …) and the outcome expected for every role. The rules come from Traccar's API (admin;
 * a manager over the users they manage; the owner; readonly, deviceReadonly and limitCommands),
 * docs/traccar-api.md, docs/extension-api.md, docs/qr-driver.md and the product spec (advanced
 * permissions, resellers, shared links, QR drivers). Where the server differs, the table says
 * what those documents say.
 *
 * Outcomes, one column per role (the OUTCOMES lines below name each rule):
 *   Y    allowed: the case's success status (200 unless it says otherwise)
 *   N    refused: 400 `<message> - SecurityException`, Traccar's permission denial
 *   K    a protected field sent anyway: 200 with the stored value kept, or a 400 refusal; either
 *        way the values read back unchanged and the case's probes answer as the matrix says
 *   400, 401, 404   exactly that status (4xx with Traccar's text body)
 */
import { ASSET_FILES } from '../../../model/theme';
import {
  KINDS,
  ROLES,
  THEME,
  body,
  plural,
  unique,
  type Kind,
  type Role,
  type World,
} from './roleMatrix.world';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type Outcome = 'Y' | 'N' | 'K' | 400 | 401 | 404;
type Json = Record<string, unknown>;

export interface Req {
  method?: Method;
  path: string;
  json?: unknown;
  form?: Record<string, string>;
  /** One file in the multipart field `file`. */
  file?: { bytes: Uint8Array; name: string; type: string };
  /** The raw body of an upload (Traccar's image and override files). */
  raw?: { bytes: Uint8Array; type: string };
  /** Opens `/api/socket` as a WebSocket. */
  websocket?: boolean;
  accept?: string;
}

/** For a self-edit (or a manager's edit) of fields that grant or limit rights. */
export interface Keeps {
  target: 'self' | 'managed';
  /** User fields that must read back unchanged. */
  fields: string[];
  /** User attributes that must read back unchanged (absent stays absent). */
  attributes: string[];
  /** Matrix cases (`'METHOD /route#case'`) that must still answer as the matrix says. */
  probes: string[];
}

export interface Case {
  name: string;
  expect: Record<Role, Outcome>;
  /** Success status of an allowed call (200 unless said). */
  ok?: number;
  request(w: World, role: Role): Req | Promise<Req>;
  /** Allowed list calls: ids (of `field`, default `id`) that must be in the answer and must not. */
  lists?(w: World, role: Role): { field?: string; includes: number[]; excludes: number[] };
  /** The call replaces or ends the caller's session: sign the role in again afterwards. */
  endsSession?: boolean;
  keeps?: Keeps;
}

export interface Row {
  method: Method;
  /** As registered (`/api/devices/:id`). */
  route: string;
  cases: Case[];
}

const COLUMNS = 'A M U RO DR LC DO RS SH QR AN';

/** Reads the outcome lines: a header of role columns, then `NAME outcome…` per line. */
function outcomes(text: string): Map<string, Record<Role, Outcome>> {
  const [header, ...lines] = text
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/));
  if (header.join(' ') !== COLUMNS) throw new Error(`outcome header must read ${COLUMNS}`);
  const table = new Map<string, Record<Role, Outcome>>();
  for (const [name, ...cells] of lines) {
    if (cells.length !== ROLES.length) throw new Error(`${name} needs ${ROLES.length} outcomes`);
    const outcome = {} as Record<Role, Outcome>;
    ROLES.forEach((role, i) => {
      const cell = cells[i];
      if (cell === 'Y' || cell === 'N' || cell === 'K') outcome[role] = cell;
      else if (cell === '400' || cell === '401' || cell === '404') {
        outcome[role] = Number(cell) as Outcome;
      } else throw new Error(`unknown outcome ${cell} in ${name}`);
    });
    table.set(name, outcome);
  }
  return table;
}

/**
 * Who gets what, one line per rule. Columns, in `ROLES` order: A admin, M manager (userLimit > 0),
 * U user, RO readonly, DR deviceReadonly, LC limitCommands, DO devicesOnly (advanced permissions:
 * own profile and devices only), RS reseller, SH share (a shared link's session), QR qrDriver,
 * AN anonymous (no session).
 *
 *   EVERYONE        public calls, the QR driver included
 *   PUBLIC          public calls outside the QR driver's screens: its session is refused there
 *   SIGNED_IN       any account but the QR driver (docs/qr-driver.md lists what it reaches)
 *   SESSION         `GET /api/session`: the account, or 404 without one
 *   ANY_ACCOUNT     any account, the QR driver included (the session calls it may make)
 *   PASSWORD_SIGN_IN  one's own credentials; a shared link's user has none (its '!' is no password)
 *   NOBODY          not even an administrator (deleting oneself)
 *   MANAGERS        admins, and managers over the users they manage (a reseller's userLimit
 *                   follows its reseller limit); plain users are refused, as Traccar refuses them
 *   USER_LIST       `GET /api/users`: the users one manages, as Traccar answers it (none for a
 *                   plain user: an empty list); the users bit with advanced permissions
 *   REGISTRATION    `POST /api/users`: admins and managers; registration is off on this server
 *   PROFILE_EDIT    one's own profile: readonly accounts (the shared link's too) change nothing
 *   PROFILE_ECHO    one's own record sent back unchanged: a readonly account may, as that is how
 *                   clients save notification tokens (Traccar); the shared link's has no such bit
 *   SELF_KEEPS      one's own rights fields: kept or refused, never granted
 *   MANAGED_KEEPS   a manager's edit of a managed user's admin-only fields
 *   READ, WRITE     an area other than devices: no bit for the devices-only user, no advanced
 *                   permission at all for a shared link (the product spec), readonly writes nothing
 *   COMMAND_WRITE   saved commands: limitCommands also blocks their CRUD (Traccar)
 *   DEVICE_*        devices: the devices-only user has every device bit; a shared link sees its
 *                   devices and nothing more; deviceReadonly writes none
 *   DEVICE_COMMANDS a device's saved commands and sending them (the device command bit)
 *   SEND_TYPED      a command the caller types: limitCommands blocks it, readonly does not (Traccar)
 *   REPORTS         reports and position history: the reports bits; a shared link has
 *                   disableReports
 *   REPORT_WRITE    scheduled reports: as REPORTS, and readonly writes nothing
 *   POSITION_DELETE deleting positions (Traccar): a device the caller reaches, refused to readonly
 *                   accounts only (deviceReadonly does not stop it; shared links are readonly)
 *   SHARE_OBJECT    Traccar's `/api/share/*`: anyone but a temporary user, readonly accounts
 *                   included as in Traccar; with advanced permissions the share-create bit
 *   THEME_EDITORS   administrators (the main brand) and resellers (their own), plus licence
 *   DRIVER_*        the QR driver's own endpoints; a vehicle its owner does not reach is refused
 *   TAKEN_TRACKER   autolink of a tracker another account reaches: refused, whoever asks
 *   BAD_CREDENTIALS public calls that the credentials in the body decide (wrong ones here)
 *   TOTP_DISABLED   `POST /api/users/totp` on a server without `totpEnable`: refused, whoever asks
 *   BAD_TOKEN       public calls that a token in the body decides (an unknown one here): 400
 *   NO_GEOCODER     `GET /api/server/geocode`: Traccar's 400 without a geocoder, to signed-in users
 *   NO_OPENID       Traccar's 400 without an OpenID provider: to anyone at the callback, to the
 *                   signed-in at the start (the QR driver's session routes are open to them)
 *   NOT_IMPERSONATING  going back to the original user from a session that never left it: 400
 */
const OUTCOMES = outcomes(`
                      A    M    U    RO   DR   LC   DO   RS   SH   QR   AN
  EVERYONE            Y    Y    Y    Y    Y    Y    Y    Y    Y    Y    Y
  PUBLIC              Y    Y    Y    Y    Y    Y    Y    Y    Y    N    Y
  SIGNED_IN           Y    Y    Y    Y    Y    Y    Y    Y    Y    N    401
  SESSION             Y    Y    Y    Y    Y    Y    Y    Y    Y    Y    404
  ANY_ACCOUNT         Y    Y    Y    Y    Y    Y    Y    Y    Y    Y    401
  PASSWORD_SIGN_IN    Y    Y    Y    Y    Y    Y    Y    Y    401  Y    401
  ADMIN_ONLY          Y    N    N    N    N    N    N    N    N    N    401
  NOBODY              N    N    N    N    N    N    N    N    N    N    401
  MANAGERS            Y    Y    N    N    N    N    N    Y    N    N    401
  USER_LIST           Y    Y    Y    Y    Y    Y    N    Y    N    N    401
  REGISTRATION        Y    Y    N    N    N    N    N    Y    N    N    N
  PROFILE_EDIT        Y    Y    Y    N    Y    Y    Y    Y    N    N    401
  PROFILE_ECHO        Y    Y    Y    Y    Y    Y    Y    Y    N    N    401
  SELF_KEEPS          Y    K    K    K    K    K    K    K    K    N    401
  MANAGED_KEEPS       Y    K    N    N    N    N    N    K    N    N    401
  READ                Y    Y    Y    Y    Y    Y    N    Y    N    N    401
  WRITE               Y    Y    Y    N    Y    Y    N    Y    N    N    401
  COMMAND_WRITE       Y    Y    Y    N    Y    N    N    Y    N    N    401
  DEVICE_READ         Y    Y    Y    Y    Y    Y    Y    Y    Y    N    401
  DEVICE_WRITE        Y    Y    Y    N    N    Y    Y    Y    N    N    401
  DEVICE_COMMANDS     Y    Y    Y    Y    Y    Y    Y    Y    N    N    401
  SEND_TYPED          Y    Y    Y    Y    Y    N    Y    Y    N    N    401
  REPORTS             Y    Y    Y    Y    Y    Y    N    Y    N    N    401
  REPORT_WRITE        Y    Y    Y    N    Y    Y    N    Y    N    N    401
  POSITION_DELETE     Y    Y    Y    N    Y    Y    Y    Y    N    N    401
  SHARE_OBJECT        Y    Y    Y    Y    Y    Y    N    Y    N    N    401
  RESELLER_ONLY       N    N    N    N    N    N    N    Y    N    N    401
  THEME_EDITORS       Y    N    N    N    N    N    N    Y    N    N    401
  DRIVER_ONLY         N    N    N    N    N    N    N    N    N    Y    401
  DRIVER_REFUSED      N    N    N    N    N    N    N    N    N    400  401
  TAKEN_TRACKER       400  400  400  N    N    400  400  400  N    N    401
  BAD_CREDENTIALS     401  401  401  401  401  401  401  401  401  N    401
  TOTP_DISABLED       N    N    N    N    N    N    N    N    N    N    N
  BAD_TOKEN           400  400  400  400  400  400  400  400  400  N    400
  NO_GEOCODER         400  400  400  400  400  400  400  400  400  N    401
  NO_OPENID           400  400  400  400  400  400  400  400  400  400  400
  NO_OPENID_START     400  400  400  400  400  400  400  400  400  400  401
  NOT_IMPERSONATING   400  400  400  400  400  400  400  400  400  N    401
`);

function expected(name: string): Record<Role, Outcome> {
  const outcome = OUTCOMES.get(name);
  if (!outcome) throw new Error(`no outcome line named ${name}`);
  return outcome;
}

const c = (
  name: string,
  expect: string,
  request: Case['request'],
  extra: Partial<Omit<Case, 'name' | 'expect' | 'request'>> = {},
): Case => ({ name, expect: expected(expect), request, ...extra });

const row = (method: Method, route: string, ...cases: Case[]): Row => ({ method, route, cases });

/** Gives a device a photo (as the administrator) and returns its uniqueId, for media reads. */
async function photographed(w: World, deviceId: number): Promise<string> {
  const upload = await w.admin.request(`/api/devices/${deviceId}/image`, {
    method: 'POST',
    headers: { 'content-type': 'image/png' },
    body: w.png,
  });
  if (upload.status !== 200) throw new Error(`photo upload: ${upload.status}`);
  const [device] = (await (await w.admin.get(`/api/devices?id=${deviceId}`)).json()) as {
    uniqueId: string;
  }[];
  return device.uniqueId;
}

const DAY = 24 * 3600 * 1000;
const period = () =>
  `from=${new Date(Date.now() - DAY).toISOString()}&to=${new Date(Date.now() + DAY).toISOString()}`;

const PAST = 'from=2001-01-01T00:00:00Z&to=2001-01-02T00:00:00Z';
const inAnHour = () => new Date(Date.now() + 3600 * 1000).toISOString();

/** The field a rename changes, per kind. */
const LABEL: Record<Kind, string> = {
  device: 'name',
  group: 'name',
  geofence: 'name',
  calendar: 'name',
  command: 'description',
  notification: 'description',
  driver: 'name',
  maintenance: 'name',
  attribute: 'description',
  report: 'description',
};

async function renamed(w: World, kind: Kind, id: number): Promise<Json> {
  const res = await w.admin.get(`/api/${plural(kind)}/${id}`);
  if (res.status !== 200) throw new Error(`read ${kind} ${id}: ${res.status}`);
  return { ...((await res.json()) as Json), [LABEL[kind]]: `Renamed ${unique()}` };
}

/**
 * The five routes of a Traccar object resource (devices have more; see below). `newBody` makes
 * the created object's body when it must refer to the caller's own objects.
 */
function crud(
  kind: Kind,
  read: string,
  write: string,
  newBody: (w: World, role: Role) => Json = () => body(kind),
): Row[] {
  const base = `/api/${plural(kind)}`;
  return [
    row(
      'GET',
      base,
      c('list', read, () => ({ path: base }), {
        lists: (w, role) => ({ includes: [w.own(role, kind)], excludes: [w.foreign(kind)] }),
      }),
      c('userId of another user', 'ADMIN_ONLY', (w) => ({
        path: `${base}?userId=${w.bystanderId}`,
      })),
      // A manager lists what is linked to the users they manage (Traccar's `userId` filter).
      c('userId of a managed user', 'MANAGERS', (w, role) => ({
        path: `${base}?userId=${w.managedId(role)}`,
      })),
    ),
    row(
      'POST',
      base,
      c('new', write, (w, role) => ({ method: 'POST', path: base, json: newBody(w, role) })),
    ),
    row(
      'GET',
      `${base}/:id`,
      c('own', read, (w, role) => ({ path: `${base}/${w.own(role, kind)}` })),
      c('foreign', 'ADMIN_ONLY', (w) => ({ path: `${base}/${w.foreign(kind)}` })),
    ),
    row(
      'PUT',
      `${base}/:id`,
      c('own', write, async (w, role) => {
        const id = w.own(role, kind);
        return { method: 'PUT', path: `${base}/${id}`, json: await renamed(w, kind, id) };
      }),
      c('foreign', 'ADMIN_ONLY', async (w) => {
        const id = w.foreign(kind);
        return { method: 'PUT', path: `${base}/${id}`, json: await renamed(w, kind, id) };
      }),
    ),
    row(
      'DELETE',
      `${base}/:id`,
      c(
        'own',
        write,
        async (w, role) => ({ method: 'DELETE', path: `${base}/${await w.fresh(role, kind)}` }),
        { ok: 204 },
      ),
      c(
        'foreign',
        'ADMIN_ONLY',
        async (w) => ({ method: 'DELETE', path: `${base}/${await w.fresh('bystander', kind)}` }),
        { ok: 204 },
      ),
    ),
  ];
}

/** `PUT /api/users/:id` of the caller's own record (or a managed user's) with `patch` applied. */
function userEdit(
  target: Keeps['target'],
  patch: (user: Json) => Json,
): (w: World, role: Role) => Promise<Req> {
  return async (w, role) => {
    const id = target === 'self' ? w.userId(role) : w.managedId(role);
    const user = await w.editableUser(id);
    return { method: 'PUT', path: `/api/users/${id}`, json: { ...user, ...patch(user) } };
  };
}

const attrs = (user: Json): Json => (user.attributes ?? {}) as Json;

/** Attributes that grant or limit rights. */
const RIGHTS_ATTRIBUTES = [
  'tarkan.advancedPerms',
  'tarkan.reseller',
  'tarkan.subReseller',
  'tarkan.domainReseller',
  'tarkan.limitReseller',
  'tarkan.enableBilling',
  'isShared',
  'tarkan.isQrDriverId',
];
/** What the devices-only user must still be refused after editing their own attributes. */
const AREA_PROBES = [
  'GET /api/geofences#list',
  'GET /api/groups#list',
  'GET /api/notifications#list',
  'GET /api/users#list',
  'GET /tarkan/shares#list',
  'GET /api/reports/summary#own device',
];

/** Self-edits of every field that grants or limits rights. */
function selfEdit(name: string, patch: (user: Json) => Json, keeps: Omit<Keeps, 'target'>): Case {
  return c(`self: ${name}`, 'SELF_KEEPS', userEdit('self', patch), {
    keeps: { target: 'self', ...keeps },
  });
}

const REPORT_NAMES = ['route', 'events', 'trips', 'stops', 'summary', 'geofences'] as const;

/** Each report as JSON, spreadsheet and mail (204, the mail follows); the combined one is JSON. */
function reportRows(): Row[] {
  const forms = (name: string) => (name === 'combined' ? [''] : ['', '/xlsx', '/mail']);
  return [...REPORT_NAMES, 'combined'].flatMap((name) =>
    forms(name).map((suffix) => {
      const route = `/api/reports/${name}${suffix}`;
      const accept = suffix ? undefined : 'application/json';
      const ok = suffix === '/mail' ? { ok: 204 } : {};
      const fences = (w: World, role: Role) =>
        name === 'geofences' ? `&geofenceId=${w.own(role, 'geofence')}` : '';
      return row(
        'GET',
        route,
        c(
          'own device',
          'REPORTS',
          (w, role) => ({
            path: `${route}?deviceId=${w.own(role, 'device')}${fences(w, role)}&${period()}`,
            accept,
          }),
          ok,
        ),
        c(
          'foreign device',
          'ADMIN_ONLY',
          (w) => ({
            path: `${route}?deviceId=${w.foreign('device')}&${period()}`,
            accept,
          }),
          ok,
        ),
      );
    }),
  );
}

const otherKinds = KINDS.filter(
  (kind) => kind !== 'device' && kind !== 'command' && kind !== 'attribute' && kind !== 'report',
);

export const MATRIX: Row[] = [
  // ---- health, server, session ----
  row(
    'GET',
    '/api/health',
    c('probe', 'PUBLIC', () => ({ path: '/api/health' })),
  ),
  row(
    'GET',
    '/api/health/ready',
    c('probe', 'PUBLIC', () => ({ path: '/api/health/ready' })),
  ),
  row(
    'GET',
    '/api/server',
    c('settings', 'EVERYONE', () => ({ path: '/api/server' })),
  ),
  row(
    'GET',
    '/api/server/timezones',
    c('zone ids', 'SIGNED_IN', () => ({ path: '/api/server/timezones' })),
  ),
  row(
    'PUT',
    '/api/server',
    c('settings', 'ADMIN_ONLY', (w) => ({ method: 'PUT', path: '/api/server', json: w.server })),
  ),
  // No OpenID provider here: starting needs a session, the callback is public.
  row(
    'GET',
    '/api/session/openid/auth',
    c('start', 'NO_OPENID_START', () => ({ path: '/api/session/openid/auth' })),
  ),
  row(
    'GET',
    '/api/session/openid/callback',
    c('callback', 'NO_OPENID', () => ({ path: '/api/session/openid/callback?code=x' })),
  ),
  // Live video of a device: an empty playlist (no video protocol), and so no segment.
  row(
    'GET',
    '/api/stream/:deviceId/:channel/live.m3u8',
    c('own device', 'DEVICE_READ', (w, role) => ({
      path: `/api/stream/${w.own(role, 'device')}/1/live.m3u8`,
    })),
    c('foreign device', 'ADMIN_ONLY', (w) => ({
      path: `/api/stream/${w.foreign('device')}/1/live.m3u8`,
    })),
  ),
  row(
    'GET',
    '/api/stream/:deviceId/:channel/:segment',
    c(
      'own device',
      'DEVICE_READ',
      (w, role) => ({ path: `/api/stream/${w.own(role, 'device')}/1/0.ts` }),
      { ok: 404 },
    ),
    c(
      'foreign device',
      'ADMIN_ONLY',
      (w) => ({ path: `/api/stream/${w.foreign('device')}/1/0.ts` }),
      { ok: 404 },
    ),
  ),
  row(
    'GET',
    '/api/server/geocode',
    c('address', 'NO_GEOCODER', () => ({
      path: '/api/server/geocode?latitude=-23.5&longitude=-46.6',
    })),
  ),
  row(
    'POST',
    '/api/server/file/:path',
    c('override file', 'ADMIN_ONLY', (w) => ({
      method: 'POST',
      path: `/api/server/file/matrix-${unique()}.png`,
      raw: { bytes: w.png, type: 'image/png' },
    })),
  ),
  row(
    'GET',
    '/api/session',
    c('current', 'SESSION', () => ({ path: '/api/session' })),
  ),
  row(
    'POST',
    '/api/session',
    // The share user has no password: '!' is not one.
    c(
      'own credentials',
      'PASSWORD_SIGN_IN',
      (w, role) => ({ method: 'POST', path: '/api/session', form: w.credentials(role) }),
      { endsSession: true },
    ),
  ),
  row(
    'DELETE',
    '/api/session',
    c('sign out', 'EVERYONE', () => ({ method: 'DELETE', path: '/api/session' }), {
      ok: 204,
      endsSession: true,
    }),
  ),
  row(
    'POST',
    '/api/session/token',
    c('new token', 'ANY_ACCOUNT', () => ({
      method: 'POST',
      path: '/api/session/token',
      form: {},
    })),
  ),
  row(
    'POST',
    '/api/session/token/revoke',
    c(
      'unknown token',
      'EVERYONE',
      () => ({ method: 'POST', path: '/api/session/token/revoke', form: { token: 'not-a-token' } }),
      { ok: 204 },
    ),
  ),
  row(
    'POST',
    '/api/session/password',
    c('reset request', 'EVERYONE', (w) => ({
      method: 'POST',
      path: '/api/session/password',
      form: { email: 'nobody@matrix.test', requested_from: w.url },
    })),
  ),
  row(
    'POST',
    '/api/password/reset',
    c('reset request', 'PUBLIC', () => ({
      method: 'POST',
      path: '/api/password/reset',
      form: { email: 'nobody@matrix.test' },
    })),
  ),
  row(
    'POST',
    '/api/password/update',
    c('unknown token', 'BAD_TOKEN', () => ({
      method: 'POST',
      path: '/api/password/update',
      form: { token: 'not-a-token', password: 'new-pass-1' },
    })),
  ),
  // Signing in as another user replaces the caller's session: the role signs in again after.
  row(
    'GET',
    '/api/session/:id',
    c('self', 'ANY_ACCOUNT', (w, role) => ({ path: `/api/session/${w.userId(role)}` })),
    c('managed', 'MANAGERS', (w, role) => ({ path: `/api/session/${w.managedId(role)}` }), {
      endsSession: true,
    }),
    c('other', 'ADMIN_ONLY', (w) => ({ path: `/api/session/${w.bystanderId}` }), {
      endsSession: true,
    }),
    c('administrator', 'ADMIN_ONLY', (w) => ({ path: `/api/session/${w.adminId}` })),
  ),
  row(
    'GET',
    '/tarkan/session/impersonation',
    c('state', 'SIGNED_IN', () => ({ path: '/tarkan/session/impersonation' })),
  ),
  row(
    'DELETE',
    '/tarkan/session/impersonation',
    c('not impersonating', 'NOT_IMPERSONATING', () => ({
      method: 'DELETE',
      path: '/tarkan/session/impersonation',
    })),
  ),
  row(
    'GET',
    '/api/socket',
    c('live updates', 'SIGNED_IN', () => ({ path: '/api/socket', websocket: true }), { ok: 101 }),
  ),

  // ---- users ----
  row(
    'GET',
    '/api/users',
    // As Traccar: everyone gets the users they manage, so a plain user an empty list.
    c('list', 'USER_LIST', () => ({ path: '/api/users' }), {
      lists: (w, role) => {
        const manages = ['admin', 'manager', 'reseller'].includes(role);
        return {
          includes: manages ? [w.managedId(role)] : [],
          excludes:
            role === 'admin'
              ? []
              : manages
                ? [w.bystanderId]
                : [w.bystanderId, w.managedId('manager')],
        };
      },
    }),
    c('userId of another user', 'ADMIN_ONLY', (w) => ({
      path: `/api/users?userId=${w.bystanderId}`,
    })),
  ),
  row(
    'POST',
    '/api/users',
    // Anonymous: registration is off on this server.
    c('new', 'REGISTRATION', () => ({
      method: 'POST',
      path: '/api/users',
      json: {
        name: `New ${unique()}`,
        email: `new-${unique()}@matrix.test`,
        password: 'new-pass-1',
      },
    })),
  ),
  row(
    'POST',
    '/api/users/totp',
    c('new key', 'TOTP_DISABLED', () => ({ method: 'POST', path: '/api/users/totp' })),
  ),
  row(
    'GET',
    '/api/users/:id',
    c('self', 'SIGNED_IN', (w, role) => ({ path: `/api/users/${w.userId(role)}` })),
    c('managed', 'MANAGERS', (w, role) => ({ path: `/api/users/${w.managedId(role)}` })),
    c('other', 'ADMIN_ONLY', (w) => ({ path: `/api/users/${w.bystanderId}` })),
    c('administrator', 'ADMIN_ONLY', (w) => ({ path: `/api/users/${w.adminId}` })),
  ),
  row(
    'PUT',
    '/api/users/:id',
    // Profile edits: readonly accounts (the shared link's too) change nothing.
    c(
      'self: name',
      'PROFILE_EDIT',
      userEdit('self', () => ({ name: `Renamed ${unique()}` })),
    ),
    // The record exactly as the server answers it, as traccar-web's account form sends it back.
    c('self: as read back', 'PROFILE_ECHO', async (w, role) => ({
      method: 'PUT',
      path: `/api/users/${w.userId(role)}`,
      json: await w.userJson(w.userId(role)),
    })),
    c('managed: as read back', 'MANAGERS', async (w, role) => ({
      method: 'PUT',
      path: `/api/users/${w.managedId(role)}`,
      json: await w.userJson(w.managedId(role)),
    })),
    c(
      'managed: name',
      'MANAGERS',
      userEdit('managed', () => ({ name: `Renamed ${unique()}` })),
    ),
    c('other: name', 'ADMIN_ONLY', async (w) => ({
      method: 'PUT',
      path: `/api/users/${w.bystanderId}`,
      json: { ...(await w.editableUser(w.bystanderId)), name: `Renamed ${unique()}` },
    })),
    c('administrator: name', 'ADMIN_ONLY', async (w) => ({
      method: 'PUT',
      path: `/api/users/${w.adminId}`,
      json: { ...(await w.editableUser(w.adminId)), name: 'Matrix administrator' },
    })),
    // Self-edits of what grants or limits rights: never widened.
    selfEdit('attributes emptied', () => ({ attributes: {} }), {
      fields: [],
      attributes: RIGHTS_ATTRIBUTES,
      probes: AREA_PROBES,
    }),
    selfEdit(
      'advanced permissions all set',
      (user) => ({ attributes: { ...attrs(user), 'tarkan.advancedPerms': 'f'.repeat(32) } }),
      { fields: [], attributes: RIGHTS_ATTRIBUTES, probes: AREA_PROBES },
    ),
    selfEdit('administrator', () => ({ administrator: true }), {
      fields: ['administrator'],
      attributes: [],
      probes: ['PUT /api/server#settings', 'GET /tarkan/server/logs#latest'],
    }),
    selfEdit('readonly off', () => ({ readonly: false }), {
      fields: ['readonly'],
      attributes: [],
      probes: ['POST /api/geofences#new'],
    }),
    selfEdit('deviceReadonly off', () => ({ deviceReadonly: false }), {
      fields: ['deviceReadonly'],
      attributes: [],
      probes: ['POST /api/devices#new'],
    }),
    selfEdit('limitCommands off', () => ({ limitCommands: false }), {
      fields: ['limitCommands'],
      attributes: [],
      probes: ['POST /api/commands/send#typed, own device'],
    }),
    selfEdit('disableReports off', () => ({ disableReports: false }), {
      fields: ['disableReports'],
      attributes: [],
      probes: ['GET /api/reports/summary#own device'],
    }),
    selfEdit('deviceLimit unlimited', () => ({ deviceLimit: -1 }), {
      fields: ['deviceLimit'],
      attributes: [],
      probes: [],
    }),
    selfEdit('userLimit unlimited', () => ({ userLimit: -1 }), {
      fields: ['userLimit'],
      attributes: [],
      probes: ['GET /api/users#list', 'POST /api/users#new'],
    }),
    selfEdit('expirationTime removed', () => ({ expirationTime: null }), {
      fields: ['expirationTime'],
      attributes: [],
      probes: [],
    }),
    selfEdit('disabled off', () => ({ disabled: false }), {
      fields: ['disabled'],
      attributes: [],
      probes: [],
    }),
    selfEdit(
      'reseller settings',
      (user) => ({
        attributes: {
          ...attrs(user),
          'tarkan.reseller': true,
          'tarkan.subReseller': true,
          'tarkan.domainReseller': `self-${unique()}.matrix.test`,
          'tarkan.limitReseller': 1000,
        },
      }),
      {
        fields: ['userLimit'],
        attributes: RIGHTS_ATTRIBUTES,
        probes: ['GET /tarkan/resellers/me#mine'],
      },
    ),
    selfEdit(
      'billing exemption',
      (user) => ({ attributes: { ...attrs(user), 'tarkan.enableBilling': false } }),
      { fields: [], attributes: RIGHTS_ATTRIBUTES, probes: [] },
    ),
    // A manager sets restrictions on their users, never the administrator's fields.
    ...(['administrator', 'deviceLimit', 'userLimit'] as const).map((field) =>
      c(
        `managed: ${field}`,
        'MANAGED_KEEPS',
        userEdit('managed', () => ({ [field]: field === 'administrator' ? true : -1 })),
        { keeps: { target: 'managed', fields: [field], attributes: [], probes: [] } },
      ),
    ),
  ),
  row(
    'DELETE',
    '/api/users/:id',
    c('self', 'NOBODY', (w, role) => ({
      method: 'DELETE',
      path: `/api/users/${w.userId(role)}`,
    })),
    c(
      'managed',
      'MANAGERS',
      async (w, role) => ({ method: 'DELETE', path: `/api/users/${await w.freshManaged(role)}` }),
      { ok: 204 },
    ),
    c(
      'other',
      'ADMIN_ONLY',
      async (w) => ({ method: 'DELETE', path: `/api/users/${await w.freshUser()}` }),
      { ok: 204 },
    ),
  ),

  // ---- devices ----
  row(
    'GET',
    '/api/devices',
    c('list', 'DEVICE_READ', () => ({ path: '/api/devices' }), {
      lists: (w, role) => ({
        includes: [w.own(role, 'device')],
        excludes: [w.foreign('device'), w.managedUsersDevice(role)],
      }),
    }),
    c('userId of another user', 'ADMIN_ONLY', (w) => ({
      path: `/api/devices?userId=${w.bystanderId}`,
    })),
    c('userId of a managed user', 'MANAGERS', (w, role) => ({
      path: `/api/devices?userId=${w.managedId(role)}`,
    })),
  ),
  row(
    'POST',
    '/api/devices',
    c('new', 'DEVICE_WRITE', () => ({
      method: 'POST',
      path: '/api/devices',
      json: body('device'),
    })),
    // Referencing a group needs access to it (Traccar).
    c('in a foreign group', 'ADMIN_ONLY', (w) => ({
      method: 'POST',
      path: '/api/devices',
      json: { ...body('device'), groupId: w.foreign('group') },
    })),
  ),
  row(
    'GET',
    '/api/devices/:id',
    c('own', 'DEVICE_READ', (w, role) => ({ path: `/api/devices/${w.own(role, 'device')}` })),
    c('foreign', 'ADMIN_ONLY', (w) => ({ path: `/api/devices/${w.foreign('device')}` })),
    // A manager does not see their users' devices through the link (Traccar).
    c("a managed user's", 'ADMIN_ONLY', (w, role) => ({
      path: `/api/devices/${w.managedUsersDevice(role)}`,
    })),
  ),
  row(
    'PUT',
    '/api/devices/:id',
    c('own', 'DEVICE_WRITE', async (w, role) => {
      const id = w.own(role, 'device');
      return { method: 'PUT', path: `/api/devices/${id}`, json: await renamed(w, 'device', id) };
    }),
    c('foreign', 'ADMIN_ONLY', async (w) => {
      const id = w.foreign('device');
      return { method: 'PUT', path: `/api/devices/${id}`, json: await renamed(w, 'device', id) };
    }),
    c('own, moved into a foreign group', 'ADMIN_ONLY', async (w, role) => {
      const id = await w.fresh(role, 'device');
      const json = { ...(await renamed(w, 'device', id)), groupId: w.foreign('group') };
      return { method: 'PUT', path: `/api/devices/${id}`, json };
    }),
  ),
  row(
    'DELETE',
    '/api/devices/:id',
    c(
      'own',
      'DEVICE_WRITE',
      async (w, role) => ({
        method: 'DELETE',
        path: `/api/devices/${await w.fresh(role, 'device')}`,
      }),
      { ok: 204 },
    ),
    c(
      'foreign',
      'ADMIN_ONLY',
      async (w) => ({
        method: 'DELETE',
        path: `/api/devices/${await w.fresh('bystander', 'device')}`,
      }),
      { ok: 204 },
    ),
  ),
  row(
    'PUT',
    '/api/devices/:id/accumulators',
    c(
      'own',
      'DEVICE_WRITE',
      (w, role) => {
        const id = w.own(role, 'device');
        return {
          method: 'PUT',
          path: `/api/devices/${id}/accumulators`,
          json: { deviceId: id, totalDistance: 1000 },
        };
      },
      { ok: 204 },
    ),
    c(
      'foreign',
      'ADMIN_ONLY',
      (w) => {
        const id = w.foreign('device');
        return {
          method: 'PUT',
          path: `/api/devices/${id}/accumulators`,
          json: { deviceId: id, totalDistance: 1000 },
        };
      },
      { ok: 204 },
    ),
  ),

  row(
    'POST',
    '/api/devices/:id/image',
    c('own', 'DEVICE_WRITE', (w, role) => ({
      method: 'POST',
      path: `/api/devices/${w.own(role, 'device')}/image`,
      raw: { bytes: w.png, type: 'image/png' },
    })),
    c('foreign', 'ADMIN_ONLY', (w) => ({
      method: 'POST',
      path: `/api/devices/${w.foreign('device')}/image`,
      raw: { bytes: w.png, type: 'image/png' },
    })),
  ),
  row(
    'GET',
    '/api/media/:uniqueId/:file',
    c('own', 'DEVICE_READ', async (w, role) => ({
      path: `/api/media/${await photographed(w, w.own(role, 'device'))}/device.png`,
    })),
    c('foreign', 'ADMIN_ONLY', async (w) => ({
      path: `/api/media/${await photographed(w, w.foreign('device'))}/device.png`,
    })),
  ),

  // ---- the other object resources ----
  ...otherKinds.flatMap((kind) => crud(kind, 'READ', 'WRITE')),
  ...crud('command', 'READ', 'COMMAND_WRITE'),
  // Computed attributes: everyone reads what they reach; only administrators write (Traccar).
  ...crud('attribute', 'READ', 'ADMIN_ONLY'),
  // Scheduled reports: the reports area (its menu bit; disableReports, so no shared link), and
  // readonly writes nothing. The calendar must be one the writer reaches.
  ...crud('report', 'REPORTS', 'REPORT_WRITE', (w, role) => ({
    ...body('report'),
    calendarId: w.own(role, 'calendar'),
  })),

  // ---- commands ----
  row(
    'GET',
    '/api/commands/send',
    // The device's command menu: the devices-only user has the command bit; a link has none.
    c('own device', 'DEVICE_COMMANDS', (w, role) => ({
      path: `/api/commands/send?deviceId=${w.own(role, 'device')}`,
    })),
    c('foreign device', 'ADMIN_ONLY', (w) => ({
      path: `/api/commands/send?deviceId=${w.foreign('device')}`,
    })),
  ),
  row(
    'POST',
    '/api/commands/send',
    c(
      'typed, own device',
      'SEND_TYPED',
      (w, role) => ({
        method: 'POST',
        path: '/api/commands/send',
        json: { deviceId: w.own(role, 'device'), type: 'custom', attributes: { data: 'ping' } },
      }),
      { ok: 202 },
    ),
    c(
      'saved, own device',
      'DEVICE_COMMANDS',
      (w, role) => ({
        method: 'POST',
        path: '/api/commands/send',
        json: { id: w.own(role, 'command'), deviceId: w.own(role, 'device') },
      }),
      { ok: 202 },
    ),
    c(
      'typed, foreign device',
      'ADMIN_ONLY',
      (w) => ({
        method: 'POST',
        path: '/api/commands/send',
        json: { deviceId: w.foreign('device'), type: 'custom', attributes: { data: 'ping' } },
      }),
      { ok: 202 },
    ),
  ),
  row(
    'GET',
    '/api/commands/types',
    c('catalogue', 'SIGNED_IN', () => ({ path: '/api/commands/types' })),
    c('own device', 'SIGNED_IN', (w, role) => ({
      path: `/api/commands/types?deviceId=${w.own(role, 'device')}`,
    })),
    c('foreign device', 'ADMIN_ONLY', (w) => ({
      path: `/api/commands/types?deviceId=${w.foreign('device')}`,
    })),
  ),

  // ---- notifications ----
  row(
    'GET',
    '/api/notifications/types',
    c('catalogue', 'SIGNED_IN', () => ({ path: '/api/notifications/types' })),
  ),
  row(
    'GET',
    '/api/notifications/notificators',
    c('catalogue', 'SIGNED_IN', () => ({ path: '/api/notifications/notificators' })),
  ),
  row(
    'POST',
    '/api/notifications/test',
    c('all channels', 'READ', () => ({ method: 'POST', path: '/api/notifications/test' }), {
      ok: 204,
    }),
  ),
  row(
    'POST',
    '/api/notifications/test/:notificator',
    c('web', 'READ', () => ({ method: 'POST', path: '/api/notifications/test/web' }), { ok: 204 }),
  ),

  // ---- computed attributes ----
  row(
    'POST',
    '/api/attributes/computed/test',
    c('own device', 'ADMIN_ONLY', (w, role) => ({
      method: 'POST',
      path: `/api/attributes/computed/test?deviceId=${w.own(role, 'device')}`,
      json: { expression: 'speed', type: 'number' },
    })),
  ),

  // ---- permissions ----
  ...(['POST', 'DELETE'] as const).flatMap((method) => [
    row(
      method,
      '/api/permissions',
      c(
        'own group and geofence',
        'WRITE',
        (w, role) => ({
          method,
          path: '/api/permissions',
          json: { groupId: w.own(role, 'group'), geofenceId: w.own(role, 'geofence') },
        }),
        { ok: 204 },
      ),
      c(
        'own group, foreign geofence',
        'ADMIN_ONLY',
        (w, role) => ({
          method,
          path: '/api/permissions',
          json: { groupId: w.own(role, 'group'), geofenceId: w.foreign('geofence') },
        }),
        { ok: 204 },
      ),
      c(
        'self and a foreign device',
        'ADMIN_ONLY',
        (w, role) => ({
          method,
          path: '/api/permissions',
          json: { userId: w.userId(role), deviceId: w.foreign('device') },
        }),
        { ok: 204 },
      ),
      c(
        'own device and scheduled report',
        'REPORT_WRITE',
        (w, role) => ({
          method,
          path: '/api/permissions',
          json: { deviceId: w.own(role, 'device'), reportId: w.own(role, 'report') },
        }),
        { ok: 204 },
      ),
      c(
        'own device, foreign scheduled report',
        'ADMIN_ONLY',
        (w, role) => ({
          method,
          path: '/api/permissions',
          json: { deviceId: w.own(role, 'device'), reportId: w.foreign('report') },
        }),
        { ok: 204 },
      ),
      c(
        'managed user and own device',
        'MANAGERS',
        (w, role) => ({
          method,
          path: '/api/permissions',
          json: { userId: w.managedId(role), deviceId: w.own(role, 'device') },
        }),
        { ok: 204 },
      ),
    ),
    row(
      method,
      '/api/permissions/bulk',
      c(
        'own group and geofence',
        'WRITE',
        (w, role) => ({
          method,
          path: '/api/permissions/bulk',
          json: [{ groupId: w.own(role, 'group'), geofenceId: w.own(role, 'geofence') }],
        }),
        { ok: 204 },
      ),
      c(
        'own group and scheduled report',
        'REPORT_WRITE',
        (w, role) => ({
          method,
          path: '/api/permissions/bulk',
          json: [{ groupId: w.own(role, 'group'), reportId: w.own(role, 'report') }],
        }),
        { ok: 204 },
      ),
      c(
        'own and foreign geofences',
        'ADMIN_ONLY',
        (w, role) => ({
          method,
          path: '/api/permissions/bulk',
          json: [
            { groupId: w.own(role, 'group'), geofenceId: w.own(role, 'geofence') },
            { groupId: w.own(role, 'group'), geofenceId: w.foreign('geofence') },
          ],
        }),
        { ok: 204 },
      ),
    ),
  ]),

  // ---- positions, events, reports ----
  row(
    'GET',
    '/api/positions',
    c('latest', 'DEVICE_READ', () => ({ path: '/api/positions' }), {
      lists: (w, role) => ({
        field: 'deviceId',
        includes: [w.own(role, 'device')],
        excludes: [w.foreign('device')],
      }),
    }),
    c('own device', 'DEVICE_READ', (w, role) => ({
      path: `/api/positions?deviceId=${w.own(role, 'device')}`,
    })),
    c('foreign device', 'ADMIN_ONLY', (w) => ({
      path: `/api/positions?deviceId=${w.foreign('device')}`,
    })),
    // Position history is the route report's data: the same rights.
    c('own device history', 'REPORTS', (w, role) => ({
      path: `/api/positions?deviceId=${w.own(role, 'device')}&${period()}`,
    })),
    c(
      'foreign position ids',
      'DEVICE_READ',
      (w) => ({
        path: `/api/positions?id=${w.positionOf(w.foreign('device'))}`,
      }),
      {
        lists: (w, role) => ({
          includes: role === 'admin' ? [w.positionOf(w.foreign('device'))] : [],
          excludes: role === 'admin' ? [] : [w.positionOf(w.foreign('device'))],
        }),
      },
    ),
  ),
  row(
    'GET',
    '/api/events/:id',
    c('own device', 'DEVICE_READ', (w, role) => ({
      path: `/api/events/${w.eventOf(w.own(role, 'device'))}`,
    })),
    c('foreign device', 'ADMIN_ONLY', (w) => ({
      path: `/api/events/${w.eventOf(w.foreign('device'))}`,
    })),
  ),
  ...reportRows(),
  // The device list export: what the caller sees, so no foreign case.
  row(
    'GET',
    '/api/reports/devices/xlsx',
    c('own devices', 'REPORTS', () => ({ path: '/api/reports/devices/xlsx' })),
  ),
  row(
    'GET',
    '/api/reports/devices/mail',
    c('own devices', 'REPORTS', () => ({ path: '/api/reports/devices/mail' }), { ok: 204 }),
  ),
  row(
    'DELETE',
    '/api/positions/:id',
    c(
      'own device',
      'POSITION_DELETE',
      async (w, role) => ({
        method: 'DELETE',
        path: `/api/positions/${await w.freshPosition(w.own(role, 'device'))}`,
      }),
      { ok: 204 },
    ),
    c(
      'foreign device',
      'ADMIN_ONLY',
      async (w) => ({
        method: 'DELETE',
        path: `/api/positions/${await w.freshPosition(w.foreign('device'))}`,
      }),
      { ok: 204 },
    ),
  ),
  row(
    'DELETE',
    '/api/positions',
    // A period long past: the call is checked and answered, the world's positions stay.
    c(
      'own device',
      'POSITION_DELETE',
      (w, role) => ({
        method: 'DELETE',
        path: `/api/positions?deviceId=${w.own(role, 'device')}&${PAST}`,
      }),
      { ok: 204 },
    ),
    c(
      'foreign device',
      'ADMIN_ONLY',
      (w) => ({ method: 'DELETE', path: `/api/positions?deviceId=${w.foreign('device')}&${PAST}` }),
      { ok: 204 },
    ),
  ),
  ...(['csv', 'kml', 'kmz', 'gpx'] as const).map((format) =>
    row(
      'GET',
      `/api/positions/${format}`,
      // Position files are the route report's data: the same rights.
      c('own device', 'REPORTS', (w, role) => ({
        path: `/api/positions/${format}?deviceId=${w.own(role, 'device')}&${period()}`,
      })),
      c('foreign device', 'ADMIN_ONLY', (w) => ({
        path: `/api/positions/${format}?deviceId=${w.foreign('device')}&${period()}`,
      })),
    ),
  ),

  // ---- Traccar's statistics, audit log, object shares and announcements ----
  row(
    'GET',
    '/api/statistics',
    c('period', 'ADMIN_ONLY', () => ({ path: `/api/statistics?${period()}` })),
  ),
  row(
    'GET',
    '/api/audit',
    c('period', 'ADMIN_ONLY', () => ({ path: `/api/audit?${period()}` })),
  ),
  row(
    'POST',
    '/api/share/device',
    c('own device', 'SHARE_OBJECT', (w, role) => ({
      method: 'POST',
      path: '/api/share/device',
      form: { deviceId: String(w.own(role, 'device')), expiration: inAnHour() },
    })),
    c('foreign device', 'ADMIN_ONLY', (w) => ({
      method: 'POST',
      path: '/api/share/device',
      form: { deviceId: String(w.foreign('device')), expiration: inAnHour() },
    })),
  ),
  row(
    'POST',
    '/api/share/group',
    c('own group', 'SHARE_OBJECT', (w, role) => ({
      method: 'POST',
      path: '/api/share/group',
      form: { groupId: String(w.own(role, 'group')), expiration: inAnHour() },
    })),
    c('foreign group', 'ADMIN_ONLY', (w) => ({
      method: 'POST',
      path: '/api/share/group',
      form: { groupId: String(w.foreign('group')), expiration: inAnHour() },
    })),
  ),
  row(
    'POST',
    '/api/notifications/send/:notificator',
    c(
      'web, to a managed user',
      'MANAGERS',
      (w, role) => ({
        method: 'POST',
        path: `/api/notifications/send/web?userId=${w.managedId(role)}`,
        json: { subject: 'Aviso', body: 'Teste' },
      }),
      { ok: 204 },
    ),
    c(
      'web, to another user',
      'ADMIN_ONLY',
      (w) => ({
        method: 'POST',
        path: `/api/notifications/send/web?userId=${w.bystanderId}`,
        json: { subject: 'Aviso', body: 'Teste' },
      }),
      { ok: 204 },
    ),
  ),

  // ---- geofence coverage: the geofences area, only what the caller sees ----
  row(
    'GET',
    '/tarkan/geofences/coverage',
    c('list', 'READ', () => ({ path: '/tarkan/geofences/coverage' }), {
      lists: (w, role) => ({
        includes: [w.own(role, 'geofence')],
        excludes: [w.foreign('geofence')],
      }),
    }),
  ),

  // ---- devices trying to connect (administrators) ----
  row(
    'GET',
    '/tarkan/devices/connecting',
    c('list', 'ADMIN_ONLY', () => ({ path: '/tarkan/devices/connecting' })),
  ),
  row(
    'GET',
    '/tarkan/devices/ports',
    c('list', 'SIGNED_IN', () => ({ path: '/tarkan/devices/ports' })),
  ),
  row(
    'DELETE',
    '/tarkan/devices/connecting/:uniqueId',
    c(
      'dismiss',
      'ADMIN_ONLY',
      async (w) => {
        const uniqueId = `stranger-${unique()}`;
        const now = Date.now();
        await w.db.kysely
          .insertInto('connectingDevices')
          .values({
            uniqueId,
            protocol: 'gt06',
            address: '192.0.2.7',
            firstSeen: now,
            lastSeen: now,
            attempts: 1,
          })
          .execute();
        return { method: 'DELETE', path: `/tarkan/devices/connecting/${uniqueId}` };
      },
      { ok: 204 },
    ),
  ),

  // ---- notification templates (administrators) ----
  row(
    'GET',
    '/tarkan/notification-templates',
    c('list', 'ADMIN_ONLY', () => ({ path: '/tarkan/notification-templates?language=es-ES' })),
  ),
  row(
    'GET',
    '/tarkan/notification-templates/:type/:language',
    c('one', 'ADMIN_ONLY', () => ({ path: '/tarkan/notification-templates/alarm/pt-BR' })),
  ),
  row(
    'PUT',
    '/tarkan/notification-templates/:type/:language',
    c('edit', 'ADMIN_ONLY', () => ({
      method: 'PUT',
      path: '/tarkan/notification-templates/deviceMoving/en-US',
      json: { subject: '{device} moves', body: '{device} started moving at {time}.' },
    })),
  ),
  row(
    'DELETE',
    '/tarkan/notification-templates/:type/:language',
    c('reset', 'ADMIN_ONLY', () => ({
      method: 'DELETE',
      path: '/tarkan/notification-templates/deviceMoving/en-US',
    })),
  ),
  row(
    'POST',
    '/tarkan/notification-templates/preview',
    c('preview', 'ADMIN_ONLY', () => ({
      method: 'POST',
      path: '/tarkan/notification-templates/preview',
      json: { type: 'geofenceEnter', language: 'pt-BR', subject: '{device}', body: '{time}' },
    })),
  ),

  // ---- audit logs (plus licence, administrators) ----
  row(
    'GET',
    '/tarkan/server/logs',
    c('latest', 'ADMIN_ONLY', () => ({ path: '/tarkan/server/logs' })),
  ),
  row(
    'GET',
    '/tarkan/users/:id/logs',
    c('self', 'ADMIN_ONLY', (w, role) => ({ path: `/tarkan/users/${w.userId(role)}/logs` })),
  ),
  row(
    'GET',
    '/tarkan/devices/:id/logs',
    c('own device', 'ADMIN_ONLY', (w, role) => ({
      path: `/tarkan/devices/${w.own(role, 'device')}/logs`,
    })),
  ),

  // ---- shared links ----
  row(
    'GET',
    '/tarkan/shares',
    c('list', 'READ', () => ({ path: '/tarkan/shares' }), {
      lists: (w, role) => ({ includes: [w.ownShare(role)], excludes: [w.foreignShare()] }),
    }),
  ),
  row(
    'POST',
    '/tarkan/shares',
    c('own device', 'WRITE', (w, role) => ({
      method: 'POST',
      path: '/tarkan/shares',
      json: { id: 0, name: 'Matrix', deviceId: w.own(role, 'device'), token: null },
    })),
    c('foreign device', 'ADMIN_ONLY', (w) => ({
      method: 'POST',
      path: '/tarkan/shares',
      json: { id: 0, name: 'Matrix', deviceId: w.foreign('device'), token: null },
    })),
  ),
  row(
    'PUT',
    '/tarkan/shares/:id',
    c('own', 'WRITE', (w, role) => ({
      method: 'PUT',
      path: `/tarkan/shares/${w.ownShare(role)}`,
      json: { name: `Renamed ${unique()}`, deviceId: w.own(role, 'device') },
    })),
    c('foreign', 'ADMIN_ONLY', (w) => ({
      method: 'PUT',
      path: `/tarkan/shares/${w.foreignShare()}`,
      json: { name: `Renamed ${unique()}`, deviceId: w.foreign('device') },
    })),
  ),
  row(
    'DELETE',
    '/tarkan/shares/:id',
    c('own', 'WRITE', async (w, role) => ({
      method: 'DELETE',
      path: `/tarkan/shares/${await w.freshShare(role)}`,
    })),
    c('foreign', 'ADMIN_ONLY', async (w) => ({
      method: 'DELETE',
      path: `/tarkan/shares/${await w.freshForeignShare()}`,
    })),
  ),
  row(
    'POST',
    '/tarkan/shares/session',
    // Public: the token is the credential; the caller's own session is replaced.
    c(
      'valid token',
      'PUBLIC',
      (w) => ({ method: 'POST', path: '/tarkan/shares/session', json: { token: w.shareToken } }),
      { endsSession: true },
    ),
  ),

  // ---- resellers ----
  row(
    'GET',
    '/tarkan/resellers/me',
    c('mine', 'RESELLER_ONLY', () => ({ path: '/tarkan/resellers/me' })),
  ),

  // ---- billing (plus licence, billing on) ----
  row(
    'GET',
    '/tarkan/invoices',
    c('mine', 'SIGNED_IN', () => ({ path: '/tarkan/invoices' })),
  ),
  row(
    'GET',
    '/tarkan/invoices/manager',
    c('all users', 'ADMIN_ONLY', () => ({ path: '/tarkan/invoices/manager' })),
  ),
  row(
    'POST',
    '/tarkan/invoices/manager/:userId/save',
    c('another user', 'ADMIN_ONLY', (w) => ({
      method: 'POST',
      path: `/tarkan/invoices/manager/${w.bystanderId}/save`,
      json: { 'tarkan.billingPrice': 10 },
    })),
  ),
  row(
    'POST',
    '/tarkan/invoices/manager/:invoiceId/setAsReceivedCash',
    c('pending invoice', 'ADMIN_ONLY', async (w) => ({
      method: 'POST',
      path: `/tarkan/invoices/manager/${await w.freshInvoice()}/setAsReceivedCash`,
    })),
  ),
  row(
    'POST',
    '/tarkan/invoices/manager/:invoiceId/delete',
    c('pending invoice', 'ADMIN_ONLY', async (w) => ({
      method: 'POST',
      path: `/tarkan/invoices/manager/${await w.freshInvoice()}/delete`,
    })),
  ),
  row(
    'POST',
    '/tarkan/invoices/manager/:userId/lockUser',
    c('another user', 'ADMIN_ONLY', async (w) => ({
      method: 'POST',
      path: `/tarkan/invoices/manager/${await w.freshUser()}/lockUser`,
    })),
  ),
  row(
    'POST',
    '/tarkan/invoices/manager/:userId/unlockUser',
    c('another user', 'ADMIN_ONLY', (w) => ({
      method: 'POST',
      path: `/tarkan/invoices/manager/${w.bystanderId}/unlockUser`,
    })),
  ),
  row(
    'POST',
    '/tarkan/invoices/unlock',
    // Public: the credentials decide (wrong ones here). One account per role: every role calls
    // from the same address, and the sign-in throttle answers 429 past five wrong tries at one
    // account from one address.
    c('wrong credentials', 'BAD_CREDENTIALS', (_w, role) => ({
      method: 'POST',
      path: '/tarkan/invoices/unlock',
      json: { username: `nobody-${role}@matrix.test`, password: 'not-a-password' },
    })),
  ),
  row(
    'POST',
    '/tarkan/invoices/webhook',
    // Public: the provider's token decides (none here).
    c('no token', 'BAD_CREDENTIALS', () => ({
      method: 'POST',
      path: '/tarkan/invoices/webhook',
      json: { payment: { id: 'pay_1', status: 'RECEIVED' } },
    })),
  ),

  // ---- integrations (plus licence, administrators) ----
  row(
    'GET',
    '/tarkan/integrations',
    c('list', 'ADMIN_ONLY', () => ({ path: '/tarkan/integrations' })),
  ),
  row(
    'POST',
    '/tarkan/integrations/:key',
    c('invoice webhook', 'ADMIN_ONLY', () => ({
      method: 'POST',
      path: '/tarkan/integrations/invoice',
      json: { enabled: false, url: '' },
    })),
  ),

  // ---- QR driver check-in and autolink ----
  row(
    'GET',
    '/tarkan/qr-driver',
    c('status', 'DRIVER_ONLY', () => ({ path: '/tarkan/qr-driver' })),
  ),
  row(
    'POST',
    '/tarkan/qr-driver',
    c('own device', 'DRIVER_ONLY', (w, role) => ({
      method: 'POST',
      path: '/tarkan/qr-driver',
      json: { id: w.own(role, 'device') },
    })),
    // Not a vehicle of the driver's owner.
    c('foreign device', 'DRIVER_REFUSED', (w) => ({
      method: 'POST',
      path: '/tarkan/qr-driver',
      json: { id: w.foreign('device') },
    })),
  ),
  row(
    'GET',
    '/tarkan/qr-driver/devices/:id',
    c('own device', 'DRIVER_ONLY', (w, role) => ({
      path: `/tarkan/qr-driver/devices/${w.own(role, 'device')}`,
    })),
    c('foreign device', 'DRIVER_REFUSED', (w) => ({
      path: `/tarkan/qr-driver/devices/${w.foreign('device')}`,
    })),
  ),
  row(
    'POST',
    '/tarkan/autolink',
    c('new identifier', 'DEVICE_WRITE', () => ({
      method: 'POST',
      path: '/tarkan/autolink',
      json: { imei: `al${unique()}`, placa: 'MTX1234' },
    })),
    // Another account's tracker is never handed over, whoever asks (docs/qr-driver.md).
    c("another account's identifier", 'TAKEN_TRACKER', async (w) => ({
      method: 'POST',
      path: '/tarkan/autolink',
      json: { imei: await w.foreignUniqueId() },
    })),
  ),

  // ---- branding ----
  ...(['config.json', 'theme.json', 'manifest.json'] as const).map((file) =>
    row(
      'GET',
      `/tarkan/assets/custom/${file}`,
      c('public', 'EVERYONE', () => ({ path: `/tarkan/assets/custom/${file}` })),
    ),
  ),
  row(
    'GET',
    '/tarkan/assets/custom/*',
    c('uploaded logo', 'EVERYONE', () => ({
      path: `/tarkan/assets/custom/${ASSET_FILES.logoLogin}`,
    })),
  ),
  row(
    'GET',
    '/tarkan/theme',
    c('colours', 'THEME_EDITORS', () => ({ path: '/tarkan/theme' })),
  ),
  row(
    'PUT',
    '/tarkan/theme',
    c('theme', 'THEME_EDITORS', () => ({ method: 'PUT', path: '/tarkan/theme', json: THEME })),
  ),
  row(
    'POST',
    '/tarkan/theme/upload',
    c('login logo', 'THEME_EDITORS', (w) => ({
      method: 'POST',
      path: '/tarkan/theme/upload?type=logo-login',
      file: { bytes: w.png, name: 'logo.png', type: 'image/png' },
    })),
  ),
];

/** `METHOD /route` of a row, as the route list names it. */
export const rowKey = (method: string, route: string): string => `${method} ${route}`;
