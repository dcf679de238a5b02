import { describe, expect, it } from 'vitest';
import {
  PERM_BITS,
  PERM_NAMES,
  PermsFormatError,
  advancedPermission,
  decodePerms,
  encodePerms,
  hasPerm,
  isValidPerms,
  permsWithin,
  readBit,
} from '../../../model/advancedPerms';
import type { PermName, PermsContext } from '../../../model/advancedPerms';

const ZERO = '0'.repeat(32);

/** Reference encoder written independently: set bit i = character i of the 128-bit string. */
function referenceHex(bits: number[]): string {
  const chars = Array<string>(128).fill('0');
  for (const bit of bits) chars[bit] = '1';
  let hex = '';
  for (let i = 0; i < 128; i += 4) hex += parseInt(chars.slice(i, i + 4).join(''), 2).toString(16);
  return hex.toUpperCase();
}

describe('bit map', () => {
  it('has the spec menu indexes', () => {
    expect(PERM_BITS).toMatchObject({
      self: 0,
      devices: 8,
      users: 16,
      shares: 24,
      notifications: 32,
      events: 36,
      geofences: 40,
      groups: 48,
      commands: 56,
      attributes: 64,
      reports: 72,
      drivers: 80,
      calendars: 88,
      maintenance: 96,
      reseller: 104,
      subReseller: 105,
    });
  });

  it('names exactly the documented bits: 0–105 minus the unused ranges', () => {
    const indexes = Object.values(PERM_BITS);
    expect(new Set(indexes).size).toBe(indexes.length);
    const unused = [
      [1, 7],
      [20, 23],
      [28, 31],
      [44, 47],
      [52, 55],
      [60, 63],
      [68, 71],
      [77, 79],
      [84, 87],
      [92, 95],
      [100, 103],
    ];
    const documented: number[] = [];
    for (let bit = 0; bit <= 105; bit++) {
      if (!unused.some(([from, to]) => bit >= from && bit <= to)) documented.push(bit);
    }
    expect([...indexes].sort((a, b) => a - b)).toEqual(documented);
    expect(indexes).toHaveLength(60);
  });

  it('bit 0 is the most significant bit of the first block', () => {
    expect(encodePerms({ self: true })).toBe('80000000' + '0'.repeat(24));
    expect(encodePerms({ devices: true })).toBe('00800000' + '0'.repeat(24));
    expect(encodePerms({ subReseller: true })).toBe('0'.repeat(24) + '00400000');
  });
});

describe('round trip of every named bit', () => {
  it.each(PERM_NAMES.map((name) => [name, PERM_BITS[name]] as const))(
    '%s (bit %i)',
    (name, bit) => {
      const hex = encodePerms({ [name]: true });
      expect(hex).toBe(referenceHex([bit]));
      expect(readBit(hex, bit)).toBe(true);
      expect(hasPerm(hex, name)).toBe(true);
      const flags = decodePerms(hex);
      expect(Object.entries(flags).filter(([, on]) => on)).toEqual([[name, true]]);
      // Every other name is off in this string, and this one is off in the empty string.
      for (const other of PERM_NAMES) if (other !== name) expect(hasPerm(hex, other)).toBe(false);
      expect(hasPerm(ZERO, name)).toBe(false);
    },
  );

  it('round-trips all bits together and a mixed set', () => {
    const all = encodePerms(PERM_NAMES);
    expect(Object.values(decodePerms(all)).every(Boolean)).toBe(true);
    const some: PermName[] = [
      'devices',
      'deviceLock',
      'reports',
      'reportTrips',
      'maintenanceDelete',
    ];
    const hex = encodePerms(some);
    expect(hex).toBe(referenceHex(some.map((n) => PERM_BITS[n])));
    const decoded = decodePerms(hex);
    expect(PERM_NAMES.filter((n) => decoded[n]).sort()).toEqual([...some].sort());
  });

  it('decodes lower-case hex and ignores unnamed bits', () => {
    expect(decodePerms('ff' + '0'.repeat(30)).self).toBe(true);
    const unnamedOnly = referenceHex([1, 2, 3, 20, 127]).toLowerCase();
    expect(Object.values(decodePerms(unnamedOnly)).some(Boolean)).toBe(false);
    expect(readBit(unnamedOnly, 127)).toBe(true);
  });

  it('encodes false flags as off', () => {
    expect(encodePerms({ devices: false, users: true })).toBe(referenceHex([16]));
  });
});

describe('malformed input', () => {
  it.each(['', 'FF', '0'.repeat(31), '0'.repeat(33), 'G'.repeat(32), ' '.repeat(32)])(
    'rejects %j',
    (hex) => {
      expect(isValidPerms(hex)).toBe(false);
      expect(() => decodePerms(hex)).toThrow(PermsFormatError);
      // Enforcement fails closed.
      expect(hasPerm(hex, 'devices')).toBe(false);
    },
  );

  it('rejects unknown names and bad indexes', () => {
    expect(() => encodePerms(['toString' as PermName])).toThrow(/unknown permission/);
    expect(hasPerm('F'.repeat(32), 'constructor' as PermName)).toBe(false);
    expect(() => readBit(ZERO, 128)).toThrow(RangeError);
    expect(() => readBit(ZERO, -1)).toThrow(RangeError);
  });
});

describe('advancedPermission (Tarkan getter order)', () => {
  const base: PermsContext = {
    administrator: false,
    qrDriver: false,
    shared: false,
    plus: true,
    enabled: true,
    perms: encodePerms(['devices']),
  };

  it('reads the bit when Plus, enabled and a perms string exists', () => {
    expect(advancedPermission(base, 'devices')).toBe(true);
    expect(advancedPermission(base, 'users')).toBe(false);
  });

  it('denies QR drivers even when admin', () => {
    expect(advancedPermission({ ...base, qrDriver: true, administrator: true }, 'devices')).toBe(
      false,
    );
  });

  it('allows admins and everyone without Plus', () => {
    expect(advancedPermission({ ...base, administrator: true }, 'users')).toBe(true);
    expect(advancedPermission({ ...base, plus: false }, 'users')).toBe(true);
  });

  it('allows everything without a perms string or with the feature off, except shared users', () => {
    expect(advancedPermission({ ...base, perms: undefined }, 'users')).toBe(true);
    expect(advancedPermission({ ...base, enabled: false }, 'users')).toBe(true);
    expect(advancedPermission({ ...base, perms: null, shared: true }, 'users')).toBe(false);
  });

  it('denies on a malformed perms string', () => {
    expect(advancedPermission({ ...base, perms: 'garbage' }, 'devices')).toBe(false);
  });
});

describe('permsWithin (what a manager may hand out)', () => {
  const own = encodePerms(['devices', 'deviceCreate', 'users']);
  it('accepts a subset, the same set and nothing', () => {
    expect(permsWithin(encodePerms(['devices']), own)).toBe(true);
    expect(permsWithin(own.toLowerCase(), own)).toBe(true);
    expect(permsWithin(ZERO, own)).toBe(true);
  });
  it('refuses any bit beyond the limit, named or not', () => {
    expect(permsWithin(encodePerms(['devices', 'geofences']), own)).toBe(false);
    expect(permsWithin(referenceHex([8, 127]), own)).toBe(false);
    expect(permsWithin('F'.repeat(32), own)).toBe(false);
  });
  it('refuses malformed strings on either side', () => {
    expect(permsWithin('', own)).toBe(false);
    expect(permsWithin('xyz', own)).toBe(false);
    expect(permsWithin(ZERO, 'not-hex')).toBe(false);
  });
});
