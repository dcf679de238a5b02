import { describe, expect, it } from 'vitest';
import { accumulateDistance } from '../../../../server/processing/distance';
import type { DistanceInput } from '../../../../server/processing/distance';
import { distance } from '../../../../server/processing/geometry';
import { accumulateHours } from '../../../../server/processing/hours';
import {
  lookupAttribute,
  lookupBoolean,
  lookupNumber,
  toNumberAttribute,
} from '../../../../server/processing/lookup';

const M = (6378137 * Math.PI) / 180;

const fix = (metresNorth: number, overrides: Partial<DistanceInput> = {}): DistanceInput => ({
  latitude: metresNorth / M,
  longitude: 0,
  valid: true,
  attributes: {},
  ...overrides,
});

describe('accumulateDistance', () => {
  it('starts at zero without a previous position', () => {
    expect(accumulateDistance(null, fix(100))).toMatchObject({ distance: 0, totalDistance: 0 });
  });

  it('adds the haversine distance to the previous total, rounded to cm', () => {
    const last = fix(0, { attributes: { totalDistance: 1000 } });
    const result = accumulateDistance(last, fix(123.456));
    expect(result.distance).toBe(123.46);
    expect(result.totalDistance).toBe(1123.46);
    expect(result.filtered).toBe(false);
  });

  it('matches geometry.distance for an arbitrary pair', () => {
    const last: DistanceInput = {
      latitude: -23.55,
      longitude: -46.63,
      valid: true,
      attributes: {},
    };
    const now: DistanceInput = { latitude: -23.56, longitude: -46.64, valid: true, attributes: {} };
    expect(accumulateDistance(last, now).distance).toBeCloseTo(
      distance(-23.55, -46.63, -23.56, -46.64),
      2,
    );
  });

  it('keeps totals accumulating over a sequence', () => {
    let last: DistanceInput | null = null;
    for (let i = 0; i <= 10; i++) {
      const current = fix(i * 100);
      const r = accumulateDistance(last, current);
      last = { ...current, attributes: { totalDistance: r.totalDistance } };
    }
    expect(last?.attributes.totalDistance).toBe(1000);
  });

  it('uses a distance the device reported', () => {
    const r = accumulateDistance(
      fix(0, { attributes: { totalDistance: 10 } }),
      fix(5000, { attributes: { distance: 42 } }),
    );
    expect(r).toMatchObject({ distance: 42, totalDistance: 52 });
  });

  it('ignores the jump to an invalid fix and pins it to the last coordinates', () => {
    const last = fix(0, { attributes: { totalDistance: 500 } });
    const jump = fix(80_000, { valid: false });
    const r = accumulateDistance(last, jump);
    expect(r).toMatchObject({ distance: 0, totalDistance: 500, filtered: true });
    expect(r.latitude).toBe(last.latitude);
    // The next valid fix is then measured from the pinned location, not the bogus one.
    const next = accumulateDistance(
      { ...jump, latitude: r.latitude, longitude: r.longitude, attributes: { totalDistance: 500 } },
      fix(100),
    );
    expect(next.totalDistance).toBe(600);
  });

  it('counts invalid fixes when ignoreInvalid is off (Traccar default)', () => {
    const r = accumulateDistance(fix(0), fix(1000, { valid: false }), { ignoreInvalid: false });
    expect(r.distance).toBe(1000);
  });

  it('counts nothing for an outdated position', () => {
    const r = accumulateDistance(
      fix(0, { attributes: { totalDistance: 7 } }),
      fix(900, { outdated: true }),
    );
    expect(r).toMatchObject({ distance: 0, totalDistance: 7 });
  });

  it('applies the coordinates filter minError and maxError', () => {
    const options = { ignoreInvalid: false, filter: true, minError: 10, maxError: 5000 };
    const f = (m: number, o: Partial<DistanceInput> = {}) => fix(m, { longitude: 10, ...o });
    expect(accumulateDistance(f(0), f(8), options)).toMatchObject({
      distance: 0,
      filtered: true,
    });
    expect(accumulateDistance(f(0), f(12), options).distance).toBe(12);
    // A huge jump is dropped only when the new fix is invalid.
    expect(accumulateDistance(f(0), f(9000, { valid: false }), options).filtered).toBe(true);
    expect(accumulateDistance(f(0), f(9000), options).distance).toBe(9000);
    // As in Traccar, no filtering against an invalid or 0,0 previous position.
    expect(accumulateDistance(f(0, { valid: false }), f(8), options).distance).toBe(8);
    expect(accumulateDistance(fix(0), fix(8), options).distance).toBe(8);
  });

  it('treats a non-numeric previous total as zero', () => {
    const r = accumulateDistance(
      fix(0, { attributes: { totalDistance: 'x' as unknown as number } }),
      fix(10),
    );
    expect(r.totalDistance).toBe(10);
  });
});

describe('accumulateHours', () => {
  const at = (seconds: number, ignition?: boolean, hours?: number) => ({
    fixTime: seconds * 1000,
    attributes: {
      ...(ignition === undefined ? {} : { ignition }),
      ...(hours === undefined ? {} : { hours }),
    },
  });

  it('adds the time delta when ignition is on at both ends', () => {
    expect(accumulateHours(at(0, true, 1000), at(60, true))).toBe(61_000);
  });

  it('holds when ignition is off at either end', () => {
    expect(accumulateHours(at(0, false, 1000), at(60, true))).toBe(1000);
    expect(accumulateHours(at(0, true, 1000), at(60, false))).toBe(1000);
    expect(accumulateHours(at(0, undefined, 1000), at(60))).toBe(1000);
  });

  it('prefers device time, trusts reported hours, and never winds back', () => {
    expect(
      accumulateHours(
        { fixTime: 0, deviceTime: 10_000, attributes: { ignition: true, hours: 0 } },
        { fixTime: 0, deviceTime: 25_000, attributes: { ignition: true } },
      ),
    ).toBe(15_000);
    expect(accumulateHours(at(0, true, 5), at(60, true, 99))).toBe(99);
    expect(accumulateHours(at(60, true, 500), at(0, true))).toBe(500);
    expect(accumulateHours(null, at(0, true))).toBeUndefined();
  });
});

describe('setting lookup', () => {
  it('takes the first source that has a non-empty value', () => {
    const sources = [{ a: '' }, null, { a: 5, b: false }, { a: 9, c: 'true' }];
    expect(lookupAttribute('a', sources)).toBe(5);
    expect(lookupAttribute('b', sources)).toBe(false);
    expect(lookupAttribute('z', sources)).toBeUndefined();
    expect(lookupBoolean('c', sources, false)).toBe(true);
    expect(lookupNumber('z', sources, 3)).toBe(3);
  });

  it('does not read inherited properties', () => {
    expect(lookupAttribute('toString', [{}])).toBeUndefined();
  });

  it('parses numeric strings and rejects the rest', () => {
    expect(toNumberAttribute('80')).toBe(80);
    expect(toNumberAttribute(' 1.5 ')).toBe(1.5);
    expect(toNumberAttribute('80 km/h')).toBeUndefined();
    expect(toNumberAttribute(Number.NaN)).toBeUndefined();
    expect(toNumberAttribute(true)).toBeUndefined();
  });
});
