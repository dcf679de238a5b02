import { describe, expect, it } from 'vitest';
import { encodePerms, type User } from '../../../../model';
import { checkCalendarData } from '../../../../server/entities/calendarData';
import { applyInput, emptyWire, toWire } from '../../../../server/entities/mapping';
import { devices } from '../../../../server/devices/deviceDef';
import { groups } from '../../../../server/entities/resources';
import { supportedTypes } from '../../../../server/commands/supportedTypes';
import { isDeletedUniqueId } from '../../../../model/device';
import { serverDeviceLimit } from '../../../../server/devices/deviceLimit';
import type { ServerSettings } from '../../../../server/db/servers';
import { makeActor } from '../../../../server/access/actor';
import {
  accessDenial,
  linkDenial,
  reportsDenial,
  sendDenial,
} from '../../../../server/permissions/checkAccess';
import { parsePermission, parsePermissions } from '../../../../server/links/permissionLinks';
import type { Action, PermArea } from '../../../../server/access/areas';
import { newUserFields } from '../../../../server/users/defaults';

const server = (extra: Partial<ServerSettings> = {}): ServerSettings => ({
  registration: false,
  readonly: false,
  deviceReadonly: false,
  limitCommands: false,
  disableReports: false,
  fixedEmail: false,
  map: null,
  bingKey: null,
  mapUrl: null,
  overlayUrl: null,
  latitude: 0,
  longitude: 0,
  zoom: 0,
  twelveHourFormat: false,
  forceSettings: false,
  coordinateFormat: null,
  poiLayer: null,
  announcement: null,
  attributes: {},
  ...extra,
});

const user = (extra: Partial<User> = {}): User => ({
  id: 7,
  ...newUserFields(),
  name: 'U',
  email: 'u@x',
  password: null,
  ...extra,
});

const ADVANCED = { attributes: { 'tarkan.enableAdvancedPerms': true } };
const perms = encodePerms(['devices', 'deviceEdit', 'geofences', 'geofenceCreate']);

type Row = [string, User, ServerSettings, PermArea, Action, string | null];

const TABLE: Row[] = [
  [
    'admin may do anything',
    user({ administrator: true, readonly: true }),
    server({ readonly: true }),
    'devices',
    'delete',
    null,
  ],
  ['plain user reads and writes', user(), server(), 'geofences', 'create', null],
  ['readonly user reads', user({ readonly: true }), server(), 'devices', 'read', null],
  [
    'readonly user cannot create',
    user({ readonly: true }),
    server(),
    'groups',
    'create',
    'Account is readonly',
  ],
  [
    'server readonly applies to users',
    user(),
    server({ readonly: true }),
    'drivers',
    'edit',
    'Account is readonly',
  ],
  [
    'deviceReadonly blocks device edits',
    user({ deviceReadonly: true }),
    server(),
    'devices',
    'edit',
    'Account is device readonly',
  ],
  [
    'deviceReadonly allows other areas',
    user({ deviceReadonly: true }),
    server(),
    'geofences',
    'delete',
    null,
  ],
  [
    'server deviceReadonly',
    user(),
    server({ deviceReadonly: true }),
    'devices',
    'create',
    'Account is device readonly',
  ],
  [
    'limitCommands blocks saved commands',
    user({ limitCommands: true }),
    server(),
    'commands',
    'create',
    'Write access denied',
  ],
  [
    'limitCommands still lists commands',
    user({ limitCommands: true }),
    server(),
    'commands',
    'read',
    null,
  ],
  [
    'server limitCommands',
    user(),
    server({ limitCommands: true }),
    'commands',
    'delete',
    'Write access denied',
  ],
  [
    'computed attributes are admin-written',
    user(),
    server(),
    'attributes',
    'edit',
    'Administrator access required',
  ],
  ['computed attributes are readable', user(), server(), 'attributes', 'read', null],
  [
    'advanced bits ignored when off',
    user({ attributes: { 'tarkan.advancedPerms': perms } }),
    server(),
    'groups',
    'read',
    null,
  ],
  [
    'advanced: granted list',
    user({ attributes: { 'tarkan.advancedPerms': perms } }),
    server(ADVANCED),
    'devices',
    'read',
    null,
  ],
  [
    'advanced: granted edit',
    user({ attributes: { 'tarkan.advancedPerms': perms } }),
    server(ADVANCED),
    'devices',
    'edit',
    null,
  ],
  [
    'advanced: missing create',
    user({ attributes: { 'tarkan.advancedPerms': perms } }),
    server(ADVANCED),
    'devices',
    'create',
    'Write access denied',
  ],
  [
    'advanced: missing area',
    user({ attributes: { 'tarkan.advancedPerms': perms } }),
    server(ADVANCED),
    'groups',
    'read',
    'Access denied',
  ],
  ['advanced: no perms string allows all', user(), server(ADVANCED), 'maintenance', 'delete', null],
  [
    'advanced: malformed string fails closed',
    user({ attributes: { 'tarkan.advancedPerms': 'zz' } }),
    server(ADVANCED),
    'devices',
    'read',
    'Access denied',
  ],
  [
    'advanced: QR driver gets nothing',
    user({ attributes: { 'tarkan.advancedPerms': perms, 'tarkan.isQrDriverId': 'D1' } }),
    server(ADVANCED),
    'devices',
    'read',
    'Access denied',
  ],
  [
    'advanced: shared user without perms',
    user({ attributes: { isShared: 3 } }),
    server(ADVANCED),
    'geofences',
    'read',
    'Access denied',
  ],
  [
    'advanced: a shared link still reads its devices',
    user({ attributes: { isShared: 3 } }),
    server(ADVANCED),
    'devices',
    'read',
    null,
  ],
  [
    'advanced: a shared link edits no device',
    user({ attributes: { isShared: 3 } }),
    server(ADVANCED),
    'devices',
    'edit',
    'Write access denied',
  ],
  [
    'advanced: admins never gated',
    user({ administrator: true, attributes: { 'tarkan.advancedPerms': perms } }),
    server(ADVANCED),
    'calendars',
    'create',
    null,
  ],
  [
    'readonly wins over advanced bits',
    user({ readonly: true, attributes: { 'tarkan.advancedPerms': perms } }),
    server(ADVANCED),
    'geofences',
    'create',
    'Account is readonly',
  ],
];

describe('accessDenial', () => {
  it.each(TABLE)('%s', (_name, u, s, area, action, expected) => {
    expect(accessDenial(makeActor(u, s, true), area, action)).toBe(expected);
  });
});

describe('advanced permissions and the plus licence', () => {
  // A user whose bits grant only the device list, on a server with the setting switched on.
  const restricted = user({ attributes: { 'tarkan.advancedPerms': encodePerms(['devices']) } });

  it('enforces the bits only when the server also has the plus licence', () => {
    expect(accessDenial(makeActor(restricted, server(ADVANCED), true), 'geofences', 'read')).toBe(
      'Access denied',
    );
    // The web app shows every menu without the licence; the server must agree and allow.
    expect(
      accessDenial(makeActor(restricted, server(ADVANCED), false), 'geofences', 'read'),
    ).toBeNull();
    expect(sendDenial(makeActor(restricted, server(ADVANCED), false), 'engineStop', false)).toBe(
      null,
    );
    expect(makeActor(restricted, server(ADVANCED), false).perms).toBeNull();
  });
});

describe('sendDenial', () => {
  const lockOnly = user({ attributes: { 'tarkan.advancedPerms': encodePerms(['deviceLock']) } });
  it.each([
    ['plain user', user(), server(), 'custom', false, null],
    [
      'limitCommands, unsaved',
      user({ limitCommands: true }),
      server(),
      'custom',
      false,
      'Write access denied',
    ],
    ['limitCommands, saved', user({ limitCommands: true }), server(), 'custom', true, null],
    [
      'server limitCommands, unsaved',
      user(),
      server({ limitCommands: true }),
      'engineStop',
      false,
      'Write access denied',
    ],
    ['lock bit sends engineStop', lockOnly, server(ADVANCED), 'engineStop', false, null],
    [
      'lock bit does not send engineResume',
      lockOnly,
      server(ADVANCED),
      'engineResume',
      false,
      'Write access denied',
    ],
    [
      'lock bit does not send custom',
      lockOnly,
      server(ADVANCED),
      'custom',
      true,
      'Write access denied',
    ],
    [
      'admin with limitCommands',
      user({ administrator: true, limitCommands: true }),
      server(),
      'custom',
      false,
      null,
    ],
  ] as const)('%s', (_name, u, s, type, saved, expected) => {
    expect(sendDenial(makeActor(u, s, true), type, saved)).toBe(expected);
  });
});

describe('linkDenial and reportsDenial', () => {
  it('applies readonly and the owner edit / property view bits', () => {
    const bits = user({
      attributes: { 'tarkan.advancedPerms': encodePerms(['userEdit', 'devices']) },
    });
    expect(linkDenial(makeActor(bits, server(ADVANCED), true), 'user', 'device')).toBeNull();
    expect(linkDenial(makeActor(bits, server(ADVANCED), true), 'user', 'geofence')).toBe(
      'Write access denied',
    );
    expect(linkDenial(makeActor(bits, server(ADVANCED), true), 'device', 'geofence')).toBe(
      'Write access denied',
    );
    expect(linkDenial(makeActor(user({ readonly: true }), server(), true), 'user', 'device')).toBe(
      'Account is readonly',
    );
    expect(linkDenial(makeActor(user(), server(), true), 'group', 'notification')).toBeNull();
    expect(reportsDenial(makeActor(user(), server({ disableReports: true }), true))).toBe(
      'Reports are disabled',
    );
    expect(
      reportsDenial(makeActor(user({ administrator: true, disableReports: true }), server(), true)),
    ).toBeNull();
  });
});

describe('pure helpers', () => {
  it('recognises lazily deleted uniqueIds', () => {
    expect(isDeletedUniqueId('deleted-123-1700000000000')).toBe(true);
    expect(isDeletedUniqueId('deleted-123')).toBe(false);
    expect(isDeletedUniqueId('deleted-a-b-1')).toBe(false);
    expect(isDeletedUniqueId('123-deleted-1')).toBe(false);
  });

  it('reads the server device limit', () => {
    expect(serverDeviceLimit({})).toBeNull();
    expect(serverDeviceLimit({ 'tarkan.deviceLimit': 5 })).toBe(5);
    expect(serverDeviceLimit({ 'tarkan.deviceLimit': '12' })).toBe(12);
    expect(serverDeviceLimit({ 'tarkan.deviceLimit': 0 })).toBe(0);
    expect(serverDeviceLimit({ 'tarkan.deviceLimit': -1 })).toBeNull();
    expect(serverDeviceLimit({ 'tarkan.deviceLimit': 'lots' })).toBeNull();
  });

  it('checks calendar data', () => {
    const ics = Buffer.from('BEGIN:VCALENDAR\r\nEND:VCALENDAR').toString('base64');
    expect(() => checkCalendarData(ics)).not.toThrow();
    expect(() => checkCalendarData('not base64!')).toThrow('Calendar data must be base64');
    expect(() => checkCalendarData(Buffer.from('BEGIN:VEVENT').toString('base64'))).toThrow(
      /iCalendar/,
    );
  });

  it('checks that calendar data parses, taking what the web editor writes', () => {
    const b64 = (lines: string[]) => Buffer.from(lines.join('\r\n')).toString('base64');
    const editorCalendar = b64([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Frota//Calendar//EN',
      'BEGIN:VEVENT',
      'UID:frota-1',
      'DTSTAMP:20250101T000000Z',
      'DTSTART;TZID=America/Sao_Paulo:20300107T080000',
      'DTEND;TZID=America/Sao_Paulo:20300107T180000',
      'RRULE:FREQ=WEEKLY;BYDAY=MO,WE;UNTIL=20301231T235959',
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ]);
    expect(() => checkCalendarData(editorCalendar)).not.toThrow();
    expect(() => checkCalendarData(b64(['BEGIN:VCALENDAR', 'garbage', 'END:VCALENDAR']))).toThrow(
      'Calendar data must be valid iCalendar: invalid line (no token ";" or ":") "garbage"',
    );
    expect(() => checkCalendarData(b64(['BEGIN:VCALENDAR', 'VERSION:2.0']))).toThrow(
      /valid iCalendar: invalid ical body/,
    );
    const twoRoots = ['BEGIN:VCALENDAR', 'END:VCALENDAR', 'BEGIN:VCALENDAR', 'END:VCALENDAR'];
    expect(() => checkCalendarData(b64(twoRoots))).toThrow(/valid iCalendar/);
  });

  it('lists command types by protocol', () => {
    expect(supportedTypes(undefined)).toContain('alarmVibration');
    expect(supportedTypes(null)).toEqual(supportedTypes('osmand'));
    expect(supportedTypes('osmand')).toContain('engineStop');
    expect(supportedTypes('osmand', true)).toEqual(['custom']);
    // A hardware protocol: what its encoder carries, and by SMS the texts its devices take.
    expect(supportedTypes('gt06')).toEqual(expect.arrayContaining(['engineStop', 'custom']));
    expect(supportedTypes('gt06')).not.toContain('alarmVibration');
    expect(supportedTypes('teltonika', true)).toContain('engineStop');
    expect(supportedTypes('unknown-protocol')).toEqual(['custom']);
  });

  it('parses permission bodies with the owner first', () => {
    expect(parsePermission({ userId: 1, deviceId: 5 })).toMatchObject({
      link: { owner: 'user', property: 'device' },
      ownerId: 1,
      propertyId: 5,
    });
    expect(parsePermission({ deviceId: 5, linkedDeviceId: 6 }).link.property).toBe('linkedDevice');
    expect(() => parsePermission({ deviceId: 5, userId: 1 })).toThrow('Invalid permission');
    expect(() => parsePermission({ userId: 1, deviceId: 1.5 })).toThrow('Invalid permission');
    expect(() => parsePermission({ userId: 1, deviceId: 2, groupId: 3 })).toThrow();
    expect(() =>
      parsePermissions([
        { userId: 1, deviceId: 2 },
        { deviceId: 2, userId: 1 },
      ]),
    ).toThrow('Permissions must all have the same keys');
  });

  it('maps rows and input through the entity definition', () => {
    const wire = toWire(devices, {
      id: 3,
      name: 'D',
      uniqueId: 'u',
      status: 'online',
      disabled: 1,
      lastUpdate: 0,
      positionId: null,
      groupId: 4,
      calendarId: null,
      phone: null,
      model: null,
      contact: null,
      category: null,
      expirationTime: null,
      attributes: '{"a":1}',
    });
    expect(wire).toMatchObject({
      id: 3,
      disabled: true,
      lastUpdate: '1970-01-01T00:00:00.000Z',
      positionId: 0,
      groupId: 4,
      calendarId: 0,
      attributes: { a: 1 },
    });
    const applied = applyInput(groups, emptyWire(groups), {
      name: ' Team ',
      groupId: null,
      extra: 1,
      id: 99,
    });
    expect(applied).toEqual({ id: 0, name: 'Team', groupId: 0, attributes: {} });
    expect(() =>
      applyInput(devices, emptyWire(devices), { name: 'x', uniqueId: 'y', status: 3 }),
    ).not.toThrow();
    expect(() => applyInput(groups, emptyWire(groups), { name: 'x', attributes: null })).toThrow(
      'Invalid attributes: expected an object',
    );
    expect(() => applyInput(groups, emptyWire(groups), { name: 'x', groupId: 1.5 })).toThrow(
      'Invalid groupId: expected an id',
    );
  });
});
