import { relativeTime } from '../../../../src/fleet/relativeTime';
import { convertDistance, convertSpeed, speedUnitOf } from '../../../../src/i18n/units';

describe('speed units', () => {
  it('converts knots to km/h and mph', () => {
    expect(convertSpeed(10, 'kn')).toBe(10);
    expect(convertSpeed(10, 'kmh')).toBeCloseTo(18.52, 5);
    expect(convertSpeed(10, 'mph')).toBeCloseTo(11.5078, 5);
  });

  it('uses the user unit, then the server unit, then km/h', () => {
    expect(
      speedUnitOf({ attributes: { speedUnit: 'mph' } }, { attributes: { speedUnit: 'kn' } }),
    ).toBe('mph');
    expect(speedUnitOf({ attributes: {} }, { attributes: { speedUnit: 'kn' } })).toBe('kn');
    expect(speedUnitOf({ attributes: { speedUnit: 'warp' } }, null)).toBe('kmh');
    expect(speedUnitOf(null, undefined)).toBe('kmh');
  });

  it('converts metres to km and miles', () => {
    expect(convertDistance(1500, 'km')).toBe(1.5);
    expect(convertDistance(1000, 'mi')).toBeCloseTo(0.621371, 6);
  });
});

describe('relative time', () => {
  const now = Date.parse('2026-01-02T12:00:00Z');
  it('says never, < 1 min, minutes, hours or days', () => {
    expect(relativeTime(null, now)).toEqual({ kind: 'never' });
    expect(relativeTime('garbage', now)).toEqual({ kind: 'never' });
    expect(relativeTime('2026-01-02T11:59:30Z', now)).toEqual({ kind: 'now' });
    expect(relativeTime('2026-01-02T12:00:30Z', now)).toEqual({ kind: 'now' });
    expect(relativeTime('2026-01-02T11:55:00Z', now)).toEqual({ kind: 'minutes', count: 5 });
    expect(relativeTime('2026-01-02T09:00:00Z', now)).toEqual({ kind: 'hours', count: 3 });
    expect(relativeTime('2025-12-30T12:00:00Z', now)).toEqual({ kind: 'days', count: 3 });
  });
});
