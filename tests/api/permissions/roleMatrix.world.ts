/**
 * The world the role matrix runs in: one real server (SQLite, or PostgreSQL when DATABASE_URL is
 * set) with the plus licence, advanced permissions and billing switched on, where an administrator
 * creates, through the API, one account per role and one object of every kind per account. Each
 * role then has a signed-in client: a password session, the session a shared link gives, or a QR
 * driver's session. Positions and events are written straight to the database, as the ingest
 * engine would.
 */
import path from 'node:path';
import sharp from 'sharp';
import { encodePerms } from '../../../model/advancedPerms';
import { connect } from '../../../server/db/connect';
import type { Db } from '../../../server/db/database';
import { addEvent, addPosition, signInAdmin } from '../../support/entityApi';
import { Client } from '../../support/http';
import { createTempPostgres, type TempPostgres } from '../../support/postgres';
import { TEST_ADMIN, startServer, type TestServer } from '../../support/server';
import { startSmtp, type TestSmtp } from '../../support/smtp';

/** The columns of the matrix, in table order. */
export const ROLES = [
  'admin',
  'manager',
  'user',
  'readonly',
  'deviceReadonly',
  'limitCommands',
  'devicesOnly',
  'reseller',
  'share',
  'qrDriver',
  'anonymous',
] as const;
export type Role = (typeof ROLES)[number];

/** Object kinds a user reaches through `/api/permissions` links. */
export const KINDS = [
  'device',
  'group',
  'geofence',
  'calendar',
  'command',
  'notification',
  'driver',
  'maintenance',
  'attribute',
  // After `calendar`: a scheduled report names one.
  'report',
] as const;
export type Kind = (typeof KINDS)[number];

/** Accounts that own objects: the roles with an account, plus users the matrix acts upon. */
type Owner = Exclude<Role, 'anonymous'> | 'bystander' | 'managed' | 'resellerClient';

type Json = Record<string, unknown>;

const PASSWORD = 'matrix-pass-1';
const DRIVER_USERNAME = 'matrix';
const DRIVER_PASSWORD = 'driver-pass-1';
const ICS = Buffer.from('BEGIN:VCALENDAR\nVERSION:2.0\nEND:VCALENDAR\n').toString('base64');
const IN_A_YEAR = () => new Date(Date.now() + 365 * 24 * 3600 * 1000).toISOString();

/** What the devices-only user may do: edit their own profile, and everything on devices. */
const DEVICES_ONLY_PERMS = encodePerms([
  'self',
  'devices',
  'deviceAnchor',
  'deviceLock',
  'deviceUnlock',
  'deviceCommand',
  'deviceCreate',
  'deviceEdit',
  'deviceDelete',
]);

const RESELLER_DOMAIN = 'reseller.matrix.test';
const resellerAttributes = (limit: number) => ({
  'tarkan.reseller': true,
  'tarkan.subReseller': false,
  'tarkan.domainReseller': RESELLER_DOMAIN,
  'tarkan.limitReseller': limit,
});

export const THEME = {
  config: {
    title: 'Matrix Track',
    whatsapp: '',
    headLogo: { image: false, text: 'MATRIX' },
    logoWidth: 60,
  },
  colors: { '--el-color-primary': '#123456' },
};

let sequence = 0;
/** A suffix no other object of the run has. */
export const unique = (): string => `${Date.now().toString(36)}${(sequence += 1)}`;

/** A new object's body, valid for its kind. */
export function body(kind: Kind, label = unique()): Json {
  switch (kind) {
    case 'device':
      return { name: `Device ${label}`, uniqueId: `mx-${label}` };
    case 'group':
      return { name: `Group ${label}` };
    case 'geofence':
      return { name: `Fence ${label}`, area: 'CIRCLE (-23.5 -46.6, 100)' };
    case 'calendar':
      return { name: `Calendar ${label}`, data: ICS };
    case 'command':
      return { description: `Command ${label}`, type: 'custom', attributes: { data: 'ping' } };
    case 'notification':
      return { type: 'alarm', notificators: 'web', attributes: { alarms: 'sos' } };
    case 'driver':
      return { name: `Driver ${label}`, uniqueId: `drv-${label}` };
    case 'maintenance':
      return { name: `Service ${label}`, type: 'totalDistance', start: 0, period: 10000 };
    case 'attribute':
      return {
        description: `Attribute ${label}`,
        attribute: 'mx',
        expression: 'speed',
        type: 'number',
      };
    case 'report':
      // `calendarId` is the caller's to fill: a report needs a calendar the writer reaches.
      return { type: 'summary', description: `Report ${label}`, attributes: {} };
  }
}

async function expectJson<T = Json>(res: Response, what: string): Promise<T> {
  if (res.status !== 200) throw new Error(`${what}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

export class World {
  readonly clients = new Map<Role, Client>();
  readonly ids = new Map<Owner, number>();
  private readonly objects = new Map<string, number>();
  private readonly positions = new Map<number, number>();
  private readonly events = new Map<number, number>();
  private readonly shares = new Map<Owner | 'shareSecond', number>();
  private readonly emails = new Map<Owner, string>();
  shareToken = '';
  /** The server settings the world runs with (advanced permissions and billing on). */
  server: Json = {};
  png: Uint8Array = new Uint8Array();

  private constructor(
    readonly httpServer: TestServer,
    readonly db: Db,
    private readonly pg: TempPostgres | null,
    readonly admin: Client,
    private readonly smtp: TestSmtp,
  ) {}

  static async start(dialect: 'sqlite' | 'postgres'): Promise<World> {
    const pg = dialect === 'postgres' ? await createTempPostgres('dir') : null;
    // A mailer, as a working installation has: mailed reports are then answered as allowed.
    const smtp = await startSmtp();
    const server = await startServer({
      env: { LICENSE_MODE: 'plus', SMTP_URL: smtp.url, ...(pg ? { DATABASE_URL: pg.url } : {}) },
    });
    const db = await connect(
      pg
        ? { kind: 'postgres', url: pg.url }
        : { kind: 'sqlite', file: path.join(server.dataDir, 'frota.db') },
    );
    const admin = await signInAdmin(server);
    const world = new World(server, db, pg, admin, smtp);
    world.clients.set('admin', admin);
    await world.build();
    return world;
  }

  async stop(): Promise<void> {
    await this.db.close();
    await this.httpServer.stop();
    await this.pg?.drop();
    await this.smtp.close();
  }

  get url(): string {
    return this.httpServer.url;
  }

  // ---- what the table's requests refer to ----

  /** The account behind a role; anonymous callers act on the plain user's objects. */
  userId(role: Role): number {
    return this.id(role === 'anonymous' ? 'user' : role);
  }

  /** The role's own object of a kind (for the share and the QR driver, devices they may use). */
  own(role: Role, kind: Kind): number {
    return this.object(role === 'anonymous' ? 'user' : role, kind);
  }

  /** An object of another plain user, reached by nobody but them and administrators. */
  foreign(kind: Kind): number {
    return this.object('bystander', kind);
  }

  /** A device only a user managed by the role (or, for other roles, by the manager) reaches. */
  managedUsersDevice(role: Role): number {
    return this.object(role === 'reseller' ? 'resellerClient' : 'managed', 'device');
  }

  /** The user the role manages; for roles that manage nobody, the manager's user. */
  managedId(role: Role): number {
    return this.id(role === 'reseller' ? 'resellerClient' : 'managed');
  }

  get bystanderId(): number {
    return this.id('bystander');
  }

  get adminId(): number {
    return this.id('admin');
  }

  /** The latest position of a device (every owned device has one). */
  positionOf(deviceId: number): number {
    return this.must(this.positions.get(deviceId), `position of device ${deviceId}`);
  }

  /** A new position of a device, older than its latest (for rows that delete one). */
  async freshPosition(deviceId: number): Promise<number> {
    return addPosition(this.db, deviceId, Date.now() - 120_000, {}, false);
  }

  /** An event of a device. */
  eventOf(deviceId: number): number {
    return this.must(this.events.get(deviceId), `event of device ${deviceId}`);
  }

  /** A share the role owns; the share and QR driver sessions get another of the plain user's. */
  ownShare(role: Role): number {
    if (role === 'share' || role === 'qrDriver' || role === 'anonymous') {
      return this.must(this.shares.get('shareSecond'), 'second share');
    }
    return this.must(this.shares.get(role), `share of ${role}`);
  }

  foreignShare(): number {
    return this.must(this.shares.get('bystander'), 'share of bystander');
  }

  /** Uniquely identifies a device the bystander owns, for autolink. */
  async foreignUniqueId(): Promise<string> {
    const [device] = await expectJson<Json[]>(
      await this.admin.get(`/api/devices?id=${this.foreign('device')}`),
      'foreign device',
    );
    return String(device.uniqueId);
  }

  /**
   * A new object linked to the owner, for rows that delete. The share and QR driver accounts may
   * hold no more devices (their device limit is 0), so they get their own device again.
   */
  async fresh(role: Role | 'bystander', kind: Kind): Promise<number> {
    const owner: Owner = role === 'anonymous' ? 'user' : role;
    if (kind === 'device' && (owner === 'share' || owner === 'qrDriver')) {
      return this.object(owner, kind);
    }
    return this.createFor(owner, kind);
  }

  /** A new user managed by the role (the manager's, for roles that manage nobody). */
  async freshManaged(role: Role): Promise<number> {
    const id = await this.newUser({});
    const manager = this.id(role === 'reseller' ? 'reseller' : 'manager');
    await this.link({ userId: manager, managedUserId: id });
    return id;
  }

  /** A new plain user nobody manages. */
  freshUser(): Promise<number> {
    return this.newUser({});
  }

  /** A new share the role owns, when the role may share; otherwise the role's standing share. */
  async freshShare(role: Role): Promise<number> {
    const sharing: Role[] = [
      'admin',
      'manager',
      'user',
      'deviceReadonly',
      'limitCommands',
      'reseller',
    ];
    if (!sharing.includes(role)) return this.ownShare(role);
    return this.shareAs(this.client(role), this.own(role, 'device'));
  }

  async freshForeignShare(): Promise<number> {
    return this.shareAs(this.bystander, this.foreign('device'));
  }

  /** A new pending invoice of the bystander, made by the administrator. */
  async freshInvoice(): Promise<number> {
    const invoice = await expectJson<{ id: number }>(
      await this.admin.json(`/tarkan/invoices/manager/${this.bystanderId}/save`, {
        'tarkan.billingPrice': 10,
      }),
      'invoice',
    );
    return invoice.id;
  }

  /** A user record as the administrator reads it. */
  async userJson(id: number): Promise<Json> {
    return expectJson(await this.admin.get(`/api/users/${id}`), `user ${id}`);
  }

  /**
   * A user record as a body the server takes back: without its null fields, because a null
   * `expirationTime` sent back is refused today (`Invalid expiration time`; the matrix has a case
   * for that round trip of its own).
   */
  async editableUser(id: number): Promise<Json> {
    return withoutNulls(await this.userJson(id));
  }

  /** Writes a user record back as the administrator (undoing a matrix cell's edit). */
  async restoreUser(saved: Json): Promise<void> {
    const id = String(saved.id);
    const res = await this.admin.json(`/api/users/${id}`, withoutNulls(saved), 'PUT');
    if (res.status !== 200) throw new Error(`restore user: ${res.status} ${await res.text()}`);
    const restored = await this.userJson(Number(id));
    for (const [key, value] of Object.entries(saved)) {
      if (JSON.stringify(restored[key]) !== JSON.stringify(value)) {
        throw new Error(`restore user ${id}: ${key} is ${JSON.stringify(restored[key])}`);
      }
    }
  }

  /** The role's client; anonymous callers get a new one without cookies each time. */
  client(role: Role): Client {
    if (role === 'anonymous') return new Client(this.url);
    return this.must(this.clients.get(role), `client of ${role}`);
  }

  /** Signs the role in again after a cell ended or replaced its session. */
  async signIn(role: Role): Promise<void> {
    if (role === 'anonymous') return;
    const client = new Client(this.url);
    if (role === 'admin') await client.login(TEST_ADMIN.email, TEST_ADMIN.password);
    else if (role === 'share') await this.shareSignIn(client);
    else if (role === 'qrDriver') await client.login(`qrcode-${DRIVER_USERNAME}`, DRIVER_PASSWORD);
    else await client.login(this.email(role), PASSWORD);
    this.clients.set(role, client);
  }

  /** The credentials a role signs in with (the share user has none: '!' is no password). */
  credentials(role: Role): { email: string; password: string } {
    switch (role) {
      case 'admin':
        return TEST_ADMIN;
      case 'share':
        return { email: this.email('share'), password: '!' };
      case 'qrDriver':
        return { email: `qrcode-${DRIVER_USERNAME}`, password: DRIVER_PASSWORD };
      case 'anonymous':
        return { email: 'nobody@frota.test', password: 'not-a-password' };
      default:
        return { email: this.email(role), password: PASSWORD };
    }
  }

  // ---- building ----

  /** The bystander's client: they own the foreign objects and shares. */
  private bystander = new Client('http://127.0.0.1');

  private async build(): Promise<void> {
    this.ids.set(
      'admin',
      Number((await expectJson(await this.admin.get('/api/session'), 'admin')).id),
    );
    const server = await expectJson(await this.admin.get('/api/server'), 'server');
    this.server = {
      ...server,
      attributes: {
        ...(server.attributes as Json),
        'tarkan.enableAdvancedPerms': true,
        'tarkan.enableBilling': true,
      },
    };
    await expectJson(await this.admin.json('/api/server', this.server, 'PUT'), 'server settings');

    // Restrictions that would stop a role from making its own share come after the shares.
    const limited = { expirationTime: IN_A_YEAR(), deviceLimit: 50 };
    await this.account('manager', { userLimit: 10 });
    await this.account('reseller', { attributes: resellerAttributes(20) });
    await this.account('user', limited);
    await this.account('readonly', limited);
    await this.account('deviceReadonly', { ...limited, deviceReadonly: true });
    await this.account('limitCommands', { ...limited, limitCommands: true });
    await this.account('devicesOnly', limited);
    await this.account('bystander', {});
    for (const role of ['manager', 'reseller', 'user', 'readonly'] as const)
      await this.signIn(role);
    for (const role of ['deviceReadonly', 'limitCommands', 'devicesOnly'] as const) {
      await this.signIn(role);
    }

    // Users managed by the manager and by the reseller, made by them.
    this.ids.set('managed', await this.managedBy('manager', 'managed'));
    this.ids.set('resellerClient', await this.managedBy('reseller', 'resellerClient'));

    // One object of every kind for every account; the administrator's are made by themself.
    const owners: Owner[] = [
      'admin',
      'manager',
      'user',
      'readonly',
      'deviceReadonly',
      'limitCommands',
      'devicesOnly',
      'reseller',
      'bystander',
      'managed',
      'resellerClient',
    ];
    for (const owner of owners) {
      for (const kind of KINDS)
        this.objects.set(`${owner}:${kind}`, await this.createFor(owner, kind));
    }

    // The shared link: the plain user shares a device of theirs; its viewer is the share role.
    const sharedDevice = await this.createFor('user', 'device');
    const shareRes = await this.client('user').json('/tarkan/shares', {
      id: 0,
      name: 'Matrix link',
      deviceId: sharedDevice,
      expirationTime: new Date(Date.now() + 2 * 3600 * 1000).toISOString(),
      token: null,
    });
    this.shareToken = String((await expectJson(shareRes, 'share link')).token);
    const viewer = new Client(this.url);
    const shareUser = await this.shareSignIn(viewer);
    this.clients.set('share', viewer);
    this.ids.set('share', shareUser.id);
    this.emails.set('share', shareUser.email);
    this.objects.set('share:device', sharedDevice);

    // The QR driver: the plain user saves a driver with QR check-in; any device of theirs will do.
    const qrDevice = await this.createFor('user', 'device');
    await expectJson(
      await this.client('user').json('/api/drivers', {
        name: 'QR Driver',
        uniqueId: `qr-${unique()}`,
        attributes: {
          'tarkan.enableQrCode': true,
          'tarkan.driverUsername': DRIVER_USERNAME,
          'tarkan.driverPassword': DRIVER_PASSWORD,
        },
      }),
      'QR driver',
    );
    await this.signIn('qrDriver');
    const driverUser = await expectJson(
      await this.client('qrDriver').get('/api/session'),
      'driver',
    );
    this.ids.set('qrDriver', Number(driverUser.id));
    this.objects.set('qrDriver:device', qrDevice);
    for (const owner of ['share', 'qrDriver'] as const) {
      for (const kind of KINDS) {
        if (kind !== 'device')
          this.objects.set(`${owner}:${kind}`, await this.createFor(owner, kind));
      }
    }

    // Every device has a latest position and an event.
    for (const [key, id] of this.objects) {
      if (!key.endsWith(':device')) continue;
      this.positions.set(id, await addPosition(this.db, id, Date.now() - 60_000));
      this.events.set(id, await addEvent(this.db, id));
    }

    // Each account that may share makes one share of its own device (the readonly and
    // devices-only users too, before their restrictions), and the plain user a second one.
    for (const owner of [
      'admin',
      'manager',
      'user',
      'readonly',
      'deviceReadonly',
      'limitCommands',
      'devicesOnly',
      'reseller',
      'bystander',
    ] as const) {
      const client = owner === 'bystander' ? this.bystander : this.client(owner);
      this.shares.set(owner, await this.shareAs(client, this.object(owner, 'device')));
    }
    this.shares.set(
      'shareSecond',
      await this.shareAs(this.client('user'), this.object('user', 'device')),
    );

    // Now the restrictions that would have stopped the above.
    await this.restrict('readonly', { readonly: true });
    const devicesOnly = await this.userJson(this.id('devicesOnly'));
    await this.restoreUser({
      ...devicesOnly,
      attributes: {
        ...(devicesOnly.attributes as Json),
        'tarkan.advancedPerms': DEVICES_ONLY_PERMS,
      },
    });

    // A login logo, so the uploaded-files route has a file to serve.
    this.png = await sharp({
      create: { width: 64, height: 32, channels: 4, background: '#336699' },
    })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([this.png], { type: 'image/png' }), 'logo.png');
    const upload = await this.admin.request('/tarkan/theme/upload?type=logo-login', {
      method: 'POST',
      body: form,
    });
    await expectJson(upload, 'login logo');
  }

  private async restrict(owner: Owner, fields: Json): Promise<void> {
    const user = await this.userJson(this.id(owner));
    await this.restoreUser({ ...user, ...fields });
  }

  private async account(owner: Owner, fields: Json): Promise<void> {
    const email = `${owner.toLowerCase()}-${unique()}@matrix.test`;
    const user = await expectJson(
      await this.admin.json('/api/users', {
        name: `Matrix ${owner}`,
        email,
        password: PASSWORD,
        ...fields,
      }),
      `account ${owner}`,
    );
    this.ids.set(owner, Number(user.id));
    this.emails.set(owner, email);
    if (owner === 'bystander') {
      this.bystander = new Client(this.url);
      await this.bystander.login(email, PASSWORD);
    }
  }

  private async managedBy(manager: 'manager' | 'reseller', owner: Owner): Promise<number> {
    const email = `${owner.toLowerCase()}-${unique()}@matrix.test`;
    const user = await expectJson(
      await this.client(manager).json('/api/users', {
        name: `Matrix ${owner}`,
        email,
        password: PASSWORD,
      }),
      `managed ${owner}`,
    );
    this.emails.set(owner, email);
    return Number(user.id);
  }

  private async newUser(fields: Json): Promise<number> {
    const user = await expectJson(
      await this.admin.json('/api/users', {
        name: `Matrix extra ${unique()}`,
        email: `extra-${unique()}@matrix.test`,
        password: PASSWORD,
        ...fields,
      }),
      'extra user',
    );
    return Number(user.id);
  }

  /** The administrator creates the object and, for anyone else, links it to the owner. */
  private async createFor(owner: Owner, kind: Kind): Promise<number> {
    const json =
      kind === 'report'
        ? { ...body(kind), calendarId: this.object('admin', 'calendar') }
        : body(kind);
    const created = await expectJson(
      await this.admin.json(`/api/${plural(kind)}`, json),
      `${kind} for ${owner}`,
    );
    const id = Number(created.id);
    if (owner !== 'admin') await this.link({ userId: this.id(owner), [`${kind}Id`]: id });
    return id;
  }

  private async link(permission: Record<string, number>): Promise<void> {
    const res = await this.admin.json('/api/permissions', permission);
    if (res.status !== 204)
      throw new Error(`link ${JSON.stringify(permission)}: ${res.status} ${await res.text()}`);
  }

  private async shareAs(client: Client, deviceId: number): Promise<number> {
    const share = await expectJson(
      await client.json('/tarkan/shares', {
        id: 0,
        name: `Share ${unique()}`,
        deviceId,
        token: null,
      }),
      'share',
    );
    return Number(share.id);
  }

  private async shareSignIn(client: Client): Promise<{ id: number; email: string }> {
    const user = await expectJson(
      await client.json('/tarkan/shares/session', { token: this.shareToken }),
      'share session',
    );
    return { id: Number(user.id), email: String(user.email) };
  }

  private id(owner: Owner): number {
    return this.must(this.ids.get(owner), `account ${owner}`);
  }

  private email(owner: Owner): string {
    return this.must(this.emails.get(owner), `e-mail of ${owner}`);
  }

  private object(owner: Owner, kind: Kind): number {
    return this.must(this.objects.get(`${owner}:${kind}`), `${kind} of ${owner}`);
  }

  private must<T>(value: T | undefined, what: string): T {
    if (value === undefined) throw new Error(`the matrix world has no ${what}`);
    return value;
  }
}

const withoutNulls = (json: Json): Json =>
  Object.fromEntries(Object.entries(json).filter(([, value]) => value !== null));

/** The `/api` collection of a kind. */
export function plural(kind: Kind): string {
  switch (kind) {
    case 'maintenance':
      return 'maintenance';
    case 'attribute':
      return 'attributes/computed';
    default:
      return `${kind}s`;
  }
}
