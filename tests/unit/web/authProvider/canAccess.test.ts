import { canAccess, type ServerAccessInfo } from '../../../../src/authProvider/canAccess';
import { encodePerms, type PermName } from '../../../../model/advancedPerms';
import { MAIN_MENU, USER_MENU, visibleEntries } from '../../../../src/layout/menuEntries';

type UserPatch = Record<string, unknown>;

const user = (patch: UserPatch = {}) => ({
  id: 7,
  administrator: false,
  readonly: false,
  deviceReadonly: false,
  limitCommands: false,
  userLimit: 0,
  disableReports: false,
  attributes: {},
  ...patch,
});

const server = (attributes: Record<string, unknown> = {}, patch: UserPatch = {}) => ({
  readonly: false,
  deviceReadonly: false,
  limitCommands: false,
  attributes,
  ...patch,
});

const info = (
  opts: { plus?: boolean; attributes?: Record<string, unknown>; deviceLimit?: number | null } = {},
): ServerAccessInfo => ({
  server: server(opts.attributes),
  isPlus: opts.plus ?? false,
  deviceLimit: opts.deviceLimit ?? null,
});

const ADVANCED = { 'tarkan.enableAdvancedPerms': true };
const plusAdvanced = info({ plus: true, attributes: ADVANCED });
const withPerms = (bits: PermName[], patch: UserPatch = {}) =>
  user({ ...patch, attributes: { 'tarkan.advancedPerms': encodePerms(bits) } });

const MANAGED = [
  'device-admin',
  'groups',
  'geofence',
  'commands',
  'notifications',
  'drivers',
  'calendars',
  'maintenances',
  'computed',
  'users',
] as const;
const ACTIONS = ['list', 'create', 'edit', 'delete', 'export'] as const;

const can = (
  who: ReturnType<typeof user>,
  where: ServerAccessInfo,
  action: string,
  resource: string,
  record?: { id?: unknown; administrator?: unknown },
) => canAccess(who, where, { action, resource, record });

describe('canAccess: roles × resources × actions', () => {
  it('lets an administrator do everything, with or without the plus licence', () => {
    for (const where of [info(), plusAdvanced]) {
      for (const resource of [...MANAGED, 'server', 'account']) {
        for (const action of ACTIONS) {
          expect(
            can(user({ administrator: true }), where, action, resource),
            `${action} ${resource}`,
          ).toBe(true);
        }
      }
    }
  });

  it('gives the plus-only screens to administrators only with the licence', () => {
    const admin = user({ administrator: true });
    for (const resource of ['logs', 'theme', 'integrations']) {
      expect(can(admin, info(), 'list', resource), resource).toBe(false);
      expect(can(admin, info({ plus: true }), 'list', resource), resource).toBe(true);
      expect(can(user(), info({ plus: true }), 'list', resource), resource).toBe(false);
    }
    expect(can(admin, info({ plus: true }), 'list', 'billing')).toBe(false);
    expect(
      can(
        admin,
        info({ plus: true, attributes: { 'tarkan.enableBilling': true } }),
        'list',
        'billing',
      ),
    ).toBe(true);
    expect(
      can(user(), info({ attributes: { 'tarkan.enableBilling': true } }), 'list', 'invoices'),
    ).toBe(true);
    expect(can(user(), info(), 'list', 'invoices')).toBe(false);
  });

  it('allows a plain user everything but admin screens on a server without the plus licence', () => {
    const plain = withPerms(['devices']); // bits are ignored without the licence
    for (const resource of MANAGED.filter((r) => r !== 'computed' && r !== 'users')) {
      for (const action of ACTIONS) {
        expect(
          can(plain, info({ attributes: ADVANCED }), action, resource),
          `${action} ${resource}`,
        ).toBe(true);
      }
    }
    expect(can(plain, info(), 'list', 'server')).toBe(false);
    // Computed attributes: listed, but only administrators change them (server rule).
    expect(can(plain, info(), 'list', 'computed')).toBe(true);
    expect(can(plain, info(), 'create', 'computed')).toBe(false);
    // The user list is for managers: userLimit -1 (unlimited) or above 0.
    expect(can(plain, info(), 'list', 'users')).toBe(false);
    expect(can(user({ userLimit: -1 }), info(), 'list', 'users')).toBe(true);
    expect(can(user({ userLimit: 3 }), info(), 'create', 'users')).toBe(true);
  });

  it('follows the advanced permission bits on a plus server with them enabled', () => {
    const limited = withPerms(['devices', 'deviceEdit', 'reports']);
    expect(can(limited, plusAdvanced, 'list', 'device-admin')).toBe(true);
    expect(can(limited, plusAdvanced, 'edit', 'device-admin')).toBe(true);
    expect(can(limited, plusAdvanced, 'create', 'device-admin')).toBe(false);
    expect(can(limited, plusAdvanced, 'delete', 'device-admin')).toBe(false);
    expect(can(limited, plusAdvanced, 'list', 'reports')).toBe(true);
    for (const resource of [
      'geofence',
      'commands',
      'groups',
      'notifications',
      'drivers',
      'calendars',
      'maintenances',
    ]) {
      expect(can(limited, plusAdvanced, 'list', resource), resource).toBe(false);
    }
    expect(can(withPerms(['groups', 'groupEdit']), plusAdvanced, 'edit', 'groups')).toBe(true);
    // Tarkan gated group edit with the create bit; here edit is edit.
    expect(can(withPerms(['groups', 'groupCreate']), plusAdvanced, 'edit', 'groups')).toBe(false);
    expect(can(withPerms(['notifications', 'events']), plusAdvanced, 'list', 'events')).toBe(true);
  });

  it('allows everything to a user with no perms string, and ignores bits while the setting is off', () => {
    expect(can(user(), plusAdvanced, 'delete', 'geofence')).toBe(true);
    expect(can(withPerms([]), info({ plus: true }), 'delete', 'geofence')).toBe(true);
    expect(can(withPerms([]), plusAdvanced, 'list', 'geofence')).toBe(false);
  });

  it('links need the owner edit bit', () => {
    expect(can(withPerms(['devices']), plusAdvanced, 'link', 'device-admin')).toBe(false);
    expect(can(withPerms(['devices', 'deviceEdit']), plusAdvanced, 'link', 'device-admin')).toBe(
      true,
    );
  });

  it('gates device actions (lock, unlock, command, anchor, share) by their bits', () => {
    const bits = withPerms(['devices', 'deviceLock', 'deviceAnchor']);
    expect(can(bits, plusAdvanced, 'lock', 'device-admin')).toBe(true);
    expect(can(bits, plusAdvanced, 'anchor', 'device-admin')).toBe(true);
    expect(can(bits, plusAdvanced, 'unlock', 'device-admin')).toBe(false);
    expect(can(bits, plusAdvanced, 'command', 'device-admin')).toBe(false);
    expect(can(bits, plusAdvanced, 'share', 'device-admin')).toBe(false);
  });

  it('shows a shared-link user nothing (only logout)', () => {
    const shared = user({ attributes: { isShared: 3 } });
    for (const resource of [...MANAGED, 'account', 'server', 'reports']) {
      expect(can(shared, info(), 'list', resource), resource).toBe(false);
    }
  });

  it('shows a QR driver none of the management screens', () => {
    const driver = user({ attributes: { 'tarkan.isQrDriverId': 'D1' } });
    for (const resource of [...MANAGED, 'account']) {
      expect(can(driver, info({ plus: true }), 'list', resource), resource).toBe(false);
    }
  });

  it('applies readonly, deviceReadonly and limitCommands from the user or the server', () => {
    const readonly = user({ readonly: true });
    expect(can(readonly, info(), 'list', 'geofence')).toBe(true);
    expect(can(readonly, info(), 'create', 'geofence')).toBe(false);
    expect(can(readonly, info(), 'edit', 'account')).toBe(false);
    const serverReadonly: ServerAccessInfo = { ...info(), server: server({}, { readonly: true }) };
    expect(can(user(), serverReadonly, 'delete', 'groups')).toBe(false);
    const deviceReadonly = user({ deviceReadonly: true });
    expect(can(deviceReadonly, info(), 'create', 'device-admin')).toBe(false);
    expect(can(deviceReadonly, info(), 'create', 'geofence')).toBe(true);
    expect(can(user({ limitCommands: true }), info(), 'create', 'commands')).toBe(false);
    expect(can(user({ limitCommands: true }), info(), 'list', 'commands')).toBe(true);
  });

  it('refuses device creation when the licence allows no more devices', () => {
    expect(can(user(), info({ deviceLimit: 0 }), 'create', 'device-admin')).toBe(false);
    expect(can(user(), info({ deviceLimit: 2 }), 'create', 'device-admin')).toBe(true);
  });

  it('keeps the hierarchy: not yourself, not a superior administrator', () => {
    const manager = user({ userLimit: -1 });
    expect(can(manager, info(), 'delete', 'users', { id: 7 })).toBe(false);
    expect(can(manager, info(), 'edit', 'users', { id: 9, administrator: true })).toBe(false);
    expect(can(manager, info(), 'edit', 'users', { id: 9, administrator: false })).toBe(true);
    expect(can(user({ administrator: true }), info(), 'delete', 'users', { id: 7 })).toBe(false);
  });

  it('self-edit of "my account" follows its bit', () => {
    expect(can(withPerms(['self']), plusAdvanced, 'edit', 'account')).toBe(true);
    expect(can(withPerms(['devices']), plusAdvanced, 'edit', 'account')).toBe(false);
    expect(can(withPerms(['devices']), plusAdvanced, 'show', 'account')).toBe(true);
  });
});

describe('menus', () => {
  const labels = (who: ReturnType<typeof user>, where: ServerAccessInfo) => {
    const allow = (action: string, resource: string) => can(who, where, action, resource);
    return {
      main: visibleEntries(MAIN_MENU, allow).map((entry) => entry.to),
      user: visibleEntries(USER_MENU, allow).map((entry) => entry.to),
    };
  };

  it('shows an administrator every built entry and no screen not built yet', () => {
    const { main, user: entries } = labels(user({ administrator: true }), info({ plus: true }));
    expect(main).toEqual(['/device-admin', '/geofence', '/commands', '/groups', '/notifications']);
    expect(entries).toEqual([
      '/account',
      '/logs',
      '/integrations',
      '/theme',
      '/users',
      '/computed',
      '/server',
      '/statistics',
      '/live-logs',
      '/connecting-devices',
      '/announcements',
      '/notifications',
      '/events',
      '/drivers',
      '/calendars',
      '/maintenances',
    ]);
  });

  it('shows statistics and device messages to administrators, announcements to managers too', () => {
    const entries = (who: ReturnType<typeof user>) => labels(who, info()).user;
    expect(entries(user({ administrator: true }))).toEqual(
      expect.arrayContaining([
        '/statistics',
        '/live-logs',
        '/connecting-devices',
        '/announcements',
      ]),
    );
    const manager = entries(user({ userLimit: 5 }));
    expect(manager).toContain('/announcements');
    expect(manager).not.toContain('/statistics');
    expect(manager).not.toContain('/live-logs');
    expect(manager).not.toContain('/connecting-devices');
    const plain = entries(user());
    expect(plain).not.toContain('/announcements');
    expect(plain).not.toContain('/live-logs');
    expect(plain).not.toContain('/connecting-devices');
    expect(plain).not.toContain('/statistics');
  });

  it('hides announcements from restricted managers, as the server refuses them', () => {
    const shows = (who: ReturnType<typeof user>, where: ServerAccessInfo) =>
      labels(who, where).user.includes('/announcements');
    expect(shows(user({ userLimit: 5, readonly: true }), info())).toBe(false);
    expect(
      shows(user({ userLimit: 5 }), {
        ...info(),
        server: server({}, { readonly: true }),
      }),
    ).toBe(false);
    // Advanced permissions that hide the users hide the way to write to them.
    expect(shows(withPerms(['devices'], { userLimit: 5 }), plusAdvanced)).toBe(false);
    expect(shows(withPerms(['devices', 'users'], { userLimit: 5 }), plusAdvanced)).toBe(true);
    expect(shows(user({ userLimit: 5 }), plusAdvanced)).toBe(true);
  });

  it('shows the events screen by its bits, with the plus licence, and its buttons by theirs', () => {
    const eventsEntry = (who: ReturnType<typeof user>, where: ServerAccessInfo) =>
      labels(who, where).user.includes('/events');
    const reader = withPerms(['notifications', 'events']);
    expect(eventsEntry(reader, plusAdvanced)).toBe(true);
    // The events are notifications: without that area the server would refuse the list.
    expect(eventsEntry(withPerms(['events']), plusAdvanced)).toBe(false);
    expect(eventsEntry(withPerms(['notifications']), plusAdvanced)).toBe(false);
    expect(eventsEntry(user(), info())).toBe(false);
    expect(eventsEntry(user(), info({ plus: true }))).toBe(true);
    for (const action of ['create', 'edit', 'delete'] as const) {
      expect(can(reader, plusAdvanced, action, 'events'), action).toBe(false);
    }
    const writer = withPerms([
      'notifications',
      'events',
      'eventCreate',
      'eventEdit',
      'eventDelete',
    ]);
    for (const action of ['create', 'edit', 'delete'] as const) {
      expect(can(writer, plusAdvanced, action, 'events'), action).toBe(true);
    }
    expect(
      can(withPerms(['notifications', 'events', 'eventEdit']), plusAdvanced, 'create', 'events'),
    ).toBe(false);
  });

  it('shows the reseller screen and the brand editor to a reseller only', () => {
    const reseller = user({ attributes: { 'tarkan.reseller': true } });
    expect(labels(reseller, info({ plus: true })).user).toEqual(
      expect.arrayContaining(['/theme', '/reseller']),
    );
    expect(labels(user({}), info({ plus: true })).user).not.toContain('/reseller');
  });

  it('shows the logs entry only to administrators of a plus server', () => {
    expect(labels(user({ administrator: true }), info()).user).not.toContain('/logs');
    expect(labels(withPerms(['devices']), plusAdvanced).user).not.toContain('/logs');
  });

  it('shows a user whose bits allow devices and reports only the devices entries', () => {
    const { main, user: entries } = labels(withPerms(['devices', 'reports']), plusAdvanced);
    expect(main).toEqual(['/device-admin']);
    expect(entries).toEqual(['/account']);
  });

  it('shows a shared-link user no entry at all', () => {
    const { main, user: entries } = labels(user({ attributes: { isShared: 1 } }), info());
    expect([...main, ...entries]).toEqual([]);
  });
});
