import { accessFor, can, canAddDevice, canSendRaw } from '../../../../src/authProvider/permissions';
import { encodePerms } from '../../../../model/advancedPerms';

const user = (patch: Record<string, unknown> = {}) => ({
  administrator: false,
  readonly: false,
  deviceReadonly: false,
  limitCommands: false,
  attributes: {},
  ...patch,
});
const server = (patch: Record<string, unknown> = {}) => ({
  readonly: false,
  deviceReadonly: false,
  limitCommands: false,
  attributes: {},
  ...patch,
});

describe('live permissions', () => {
  it('allows everything to a plain user without restrictions', () => {
    const access = accessFor(user(), server(), false);
    (
      ['lock', 'unlock', 'anchor', 'sendCommand', 'share', 'deviceCreate', 'devices'] as const
    ).forEach((action) => expect(can(access, action), action).toBe(true));
    expect(can(access, 'qrCodes')).toBe(false);
    expect(canSendRaw(access)).toBe(true);
  });

  it('honours readonly, deviceReadonly and limitCommands from the user or the server', () => {
    expect(can(accessFor(user({ readonly: true }), server(), false), 'lock')).toBe(false);
    expect(can(accessFor(user(), server({ readonly: true }), false), 'anchor')).toBe(false);
    expect(can(accessFor(user({ deviceReadonly: true }), server(), false), 'deviceCreate')).toBe(
      false,
    );
    expect(can(accessFor(user({ deviceReadonly: true }), server(), false), 'lock')).toBe(true);
    expect(canSendRaw(accessFor(user(), server({ limitCommands: true }), false))).toBe(false);
  });

  it('exempts administrators from the restriction flags', () => {
    const access = accessFor(
      user({ administrator: true }),
      server({ readonly: true, limitCommands: true }),
      true,
    );
    expect(can(access, 'lock')).toBe(true);
    expect(can(access, 'qrCodes')).toBe(true);
    expect(canSendRaw(access)).toBe(true);
  });

  it('applies advanced permission bits only with Plus and the server switch on', () => {
    const perms = encodePerms(['devices', 'deviceLock']);
    const limited = user({ attributes: { 'tarkan.advancedPerms': perms } });
    const on = server({ attributes: { 'tarkan.enableAdvancedPerms': true } });
    const access = accessFor(limited, on, true);
    expect(can(access, 'lock')).toBe(true);
    expect(can(access, 'unlock')).toBe(false);
    expect(can(access, 'anchor')).toBe(false);
    expect(can(access, 'deviceCreate')).toBe(false);
    expect(can(accessFor(limited, on, false), 'unlock')).toBe(true);
    expect(can(accessFor(limited, server(), true), 'unlock')).toBe(true);
  });

  it('denies QR drivers and shared users by their attributes', () => {
    const on = server({ attributes: { 'tarkan.enableAdvancedPerms': 'true' } });
    expect(
      can(accessFor(user({ attributes: { 'tarkan.isQrDriverId': 'D1' } }), on, true), 'lock'),
    ).toBe(false);
    expect(can(accessFor(user({ attributes: { isShared: 3 } }), on, true), 'devices')).toBe(false);
  });
});

describe('device limit', () => {
  const base = {
    licenceRemaining: null,
    serverLimit: undefined,
    userLimit: -1,
    count: 3,
    administrator: false,
  };
  it('allows by default and when the user limit is -1', () => {
    expect(canAddDevice(base)).toBe(true);
    expect(canAddDevice({ ...base, serverLimit: '' })).toBe(true);
  });
  it('blocks when the licence grants nothing, the server limit or the user limit is reached', () => {
    expect(canAddDevice({ ...base, licenceRemaining: 0 })).toBe(false);
    expect(canAddDevice({ ...base, licenceRemaining: 5 })).toBe(true);
    expect(canAddDevice({ ...base, serverLimit: 3 })).toBe(false);
    expect(canAddDevice({ ...base, serverLimit: '10' })).toBe(true);
    expect(canAddDevice({ ...base, userLimit: 3 })).toBe(false);
    expect(canAddDevice({ ...base, userLimit: 0 })).toBe(false);
    expect(canAddDevice({ ...base, userLimit: 4 })).toBe(true);
    expect(canAddDevice({ ...base, userLimit: 0, administrator: true })).toBe(true);
  });
});
