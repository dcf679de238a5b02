import { describe, expect, it } from 'vitest';
import { isValidLatitude, isValidLongitude } from '../../../../model/coordinates';
import {
  EARTH_RADIUS_M,
  distance,
  distanceToSegment,
} from '../../../../server/processing/geometry';

describe('haversine distance', () => {
  it('uses Traccar earth radius 6378137 m', () => {
    expect(EARTH_RADIUS_M).toBe(6378137);
    // One degree of longitude on the equator is R·π/180.
    expect(distance(0, 0, 0, 1)).toBeCloseTo((6378137 * Math.PI) / 180, 6);
  });

  it('is zero for the same point and symmetric', () => {
    expect(distance(59.93, 30.33, 59.93, 30.33)).toBe(0);
    expect(distance(10, 20, 11, 21)).toBeCloseTo(distance(11, 21, 10, 20), 9);
  });

  it('matches a known city pair (Moscow–St Petersburg ≈ 634 km on this sphere)', () => {
    const d = distance(55.7558, 37.6173, 59.9343, 30.3351);
    expect(d).toBeGreaterThan(633_000);
    expect(d).toBeLessThan(636_000);
  });

  it('shrinks longitude degrees with latitude', () => {
    expect(distance(60, 0, 60, 1)).toBeCloseTo(distance(0, 0, 0, 1) / 2, -1);
  });

  it('gives half the circumference for antipodes (no NaN)', () => {
    expect(distance(0, 0, 0, 180)).toBeCloseTo(Math.PI * EARTH_RADIUS_M, 3);
    expect(distance(90, 0, -90, 0)).toBeCloseTo(Math.PI * EARTH_RADIUS_M, 3);
  });

  it('propagates NaN input rather than inventing a distance', () => {
    expect(distance(Number.NaN, 0, 0, 0)).toBeNaN();
  });
});

describe('distanceToSegment', () => {
  const metresPerDegree = (6378137 * Math.PI) / 180;

  it('is the perpendicular distance when the foot lies on the segment', () => {
    // Segment along the equator, point 0.001° north of its middle.
    expect(distanceToSegment(0.001, 0.5, 0, 0, 0, 1)).toBeCloseTo(0.001 * metresPerDegree, 1);
  });

  it('is the distance to the nearer end when the foot falls outside', () => {
    expect(distanceToSegment(0, 2, 0, 0, 0, 1)).toBeCloseTo(distance(0, 2, 0, 1), 6);
    expect(distanceToSegment(0, -1, 0, 0, 0, 1)).toBeCloseTo(distance(0, -1, 0, 0), 6);
  });

  it('is zero on the segment and handles a zero-length segment', () => {
    expect(distanceToSegment(0, 0.5, 0, 0, 0, 1)).toBeCloseTo(0, 3);
    expect(distanceToSegment(1, 1, 0, 0, 0, 0)).toBeCloseTo(distance(1, 1, 0, 0), 6);
  });
});

describe('coordinate validation', () => {
  it('accepts the closed ranges and rejects NaN/Infinity', () => {
    expect(isValidLatitude(90)).toBe(true);
    expect(isValidLatitude(-90)).toBe(true);
    expect(isValidLatitude(90.1)).toBe(false);
    expect(isValidLatitude(Number.NaN)).toBe(false);
    expect(isValidLongitude(180)).toBe(true);
    expect(isValidLongitude(-180.01)).toBe(false);
    expect(isValidLongitude(Infinity)).toBe(false);
  });
});
