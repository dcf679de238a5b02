import { describe, expect, it } from 'vitest';
import {
  GeofenceAreaError,
  MAX_CIRCLE_RADIUS,
  formatArea,
  parseArea,
  validateArea,
} from '../../../../model/geofenceArea';
import {
  DEFAULT_POLYLINE_DISTANCE,
  areaContains,
  containingGeofenceIds,
  geofenceContains,
  polygonContains,
} from '../../../../server/processing/geofenceArea';
import { distance } from '../../../../server/processing/geometry';

const pt = (latitude: number, longitude: number) => ({ latitude, longitude });

describe('parseArea', () => {
  it('parses the contract circle example, latitude first', () => {
    expect(parseArea('CIRCLE (59.93 30.33, 500)')).toEqual({
      type: 'circle',
      center: { latitude: 59.93, longitude: 30.33 },
      radius: 500,
    });
  });

  it('parses polygons with or without the closing point, and linestrings', () => {
    const open = parseArea('POLYGON ((10 20, 10 21, 11 21))');
    expect(open).toEqual({ type: 'polygon', points: [pt(10, 20), pt(10, 21), pt(11, 21)] });
    const closed = parseArea('POLYGON((10 20,10 21,11 21,10 20))');
    expect(closed.type === 'polygon' && closed.points).toHaveLength(4);
    expect(parseArea('LINESTRING (-23.5 -46.6, -23.6 -46.7)')).toEqual({
      type: 'linestring',
      points: [pt(-23.5, -46.6), pt(-23.6, -46.7)],
    });
  });

  it('tolerates extra whitespace and lower case', () => {
    expect(parseArea('  circle(  1.5   2.5 ,  10 )  ')).toEqual({
      type: 'circle',
      center: pt(1.5, 2.5),
      radius: 10,
    });
  });

  it.each([
    ['', 'empty'],
    ['SQUARE (1 2, 3)', 'must start with'],
    ['CIRCLE (1 2)', 'Circle must look like'],
    ['CIRCLE (1, 2, 3)', 'Circle must look like'],
    ['CIRCLE (1 2, 0)', 'radius'],
    ['CIRCLE (1 2, -5)', 'radius'],
    ['CIRCLE (1 2, 1e308)', 'Circle radius must be more than 0 and at most 20037509 metres'],
    ['CIRCLE (1 2, 1e309)', 'radius'],
    ['CIRCLE (1 2, 20037510)', 'radius'],
    ['CIRCLE (91 2, 5)', 'Latitude out of range'],
    ['CIRCLE (1 181, 5)', 'Longitude out of range'],
    ['CIRCLE (a b, 5)', 'Circle must look like'],
    ['POLYGON ((1 2, 3 4))', 'at least 3 points'],
    ['POLYGON ((1 2, 3 4, 1 2))', 'at least 3 points'],
    ['POLYGON ((1 2, 3 4, 5))', 'point 3'],
    ['POLYGON (1 2, 3 4, 5 6)', 'Polygon must look like'],
    ['POLYGON ((1 2, 3 4, 95 6))', 'Latitude out of range'],
    ['LINESTRING (1 2)', 'at least 2 points'],
    ['LINESTRING (1 2, NaN 3)', 'point 2'],
    ['LINESTRING ((1 2, 3 4))', 'Line must look like'],
  ])('rejects %j', (text, message) => {
    expect(() => parseArea(text)).toThrow(GeofenceAreaError);
    expect(validateArea(text)).toContain(message);
  });

  it('takes a circle up to half the Earth round, the largest the editor can measure', () => {
    expect(validateArea(`CIRCLE (1 2, ${MAX_CIRCLE_RADIUS})`)).toBeNull();
    expect(distance(0, 0, 0, 180)).toBeLessThanOrEqual(MAX_CIRCLE_RADIUS);
  });

  it('validateArea returns null for valid text', () => {
    expect(validateArea('CIRCLE (59.93 30.33, 500)')).toBeNull();
  });
});

describe('formatArea', () => {
  it.each([
    'CIRCLE (59.93 30.33, 500)',
    'POLYGON ((10 20, 10 21, 11 21, 10 20))',
    'LINESTRING (-23.5 -46.6, -23.6 -46.7, -23.7 -46.65)',
  ])('round-trips %s', (text) => {
    expect(formatArea(parseArea(text))).toBe(text);
  });
});

describe('circle containment', () => {
  const area = parseArea('CIRCLE (59.93 30.33, 500)');

  it('contains the centre and points within the radius, not beyond', () => {
    expect(areaContains(area, pt(59.93, 30.33))).toBe(true);
    // 0.004° of latitude ≈ 445 m, 0.005° ≈ 557 m.
    expect(areaContains(area, pt(59.934, 30.33))).toBe(true);
    expect(areaContains(area, pt(59.935, 30.33))).toBe(false);
  });

  it('uses haversine distance with the boundary inclusive', () => {
    const exact = parseArea(`CIRCLE (0 0, ${distance(0, 0, 0, 0.01)})`);
    expect(areaContains(exact, pt(0, 0.01))).toBe(true);
    expect(areaContains(exact, pt(0, 0.0101))).toBe(false);
  });
});

describe('polygon containment (ray casting)', () => {
  // A square and a concave "U" shape, lat/lon order.
  const square = [pt(0, 0), pt(0, 10), pt(10, 10), pt(10, 0)];
  const u = [pt(0, 0), pt(0, 3), pt(3, 3), pt(3, 2), pt(1, 2), pt(1, 1), pt(3, 1), pt(3, 0)];

  it('contains inner points and excludes outer ones', () => {
    expect(polygonContains(square, pt(5, 5))).toBe(true);
    expect(polygonContains(square, pt(-1, 5))).toBe(false);
    expect(polygonContains(square, pt(5, 11))).toBe(false);
  });

  it('handles concave polygons (the notch of the U is outside)', () => {
    expect(polygonContains(u, pt(2, 1.5))).toBe(false);
    expect(polygonContains(u, pt(0.5, 1.5))).toBe(true);
    expect(polygonContains(u, pt(2, 0.5))).toBe(true);
    expect(polygonContains(u, pt(2, 2.5))).toBe(true);
  });

  it('counts edges and vertices as inside', () => {
    expect(polygonContains(square, pt(0, 5))).toBe(true);
    expect(polygonContains(square, pt(10, 10))).toBe(true);
    expect(polygonContains(square, pt(5, 0))).toBe(true);
    expect(polygonContains(u, pt(2, 1))).toBe(true);
  });

  it('is not fooled by a ray passing exactly through a vertex', () => {
    const diamond = [pt(0, 5), pt(5, 10), pt(10, 5), pt(5, 0)];
    expect(polygonContains(diamond, pt(5, 5))).toBe(true);
    expect(polygonContains(diamond, pt(-1, 5))).toBe(false);
    expect(polygonContains(diamond, pt(11, 5))).toBe(false);
  });

  it('gives the same answer with the closing point repeated', () => {
    const closed = parseArea('POLYGON ((0 0, 0 10, 10 10, 10 0, 0 0))');
    expect(areaContains(closed, pt(5, 5))).toBe(true);
    expect(areaContains(closed, pt(15, 5))).toBe(false);
  });
});

describe('linestring containment', () => {
  const road = parseArea('LINESTRING (0 0, 0 0.01, 0.01 0.01)');
  const metresPerDegree = (6378137 * Math.PI) / 180;

  it(`defaults polylineDistance to ${DEFAULT_POLYLINE_DISTANCE} m`, () => {
    expect(areaContains(road, pt(20 / metresPerDegree, 0.005))).toBe(true);
    expect(areaContains(road, pt(30 / metresPerDegree, 0.005))).toBe(false);
  });

  it('honours a larger polylineDistance and checks every segment', () => {
    expect(areaContains(road, pt(30 / metresPerDegree, 0.005), { polylineDistance: 50 })).toBe(
      true,
    );
    // Near the second segment (lon 0.01), far from the first.
    expect(areaContains(road, pt(0.005, 0.01 + 10 / metresPerDegree))).toBe(true);
  });

  it('ignores a nonsense polylineDistance and falls back to the default', () => {
    expect(
      areaContains(road, pt(20 / metresPerDegree, 0.005), { polylineDistance: Number.NaN }),
    ).toBe(true);
  });
});

describe('geofenceContains / containingGeofenceIds', () => {
  const fences = [
    { id: 1, area: 'CIRCLE (0 0, 1000)' },
    { id: 2, area: 'POLYGON ((-1 -1, -1 1, 1 1, 1 -1))', attributes: { floor: 10, ceiling: 50 } },
    { id: 3, area: 'LINESTRING (0 0, 0 1)', attributes: { polylineDistance: 200 } },
    { id: 4, area: 'not an area' },
  ];

  it('applies floor and ceiling to altitude', () => {
    expect(geofenceContains(fences[1], { ...pt(0, 0), altitude: 20 })).toBe(true);
    expect(geofenceContains(fences[1], { ...pt(0, 0), altitude: 5 })).toBe(false);
    expect(geofenceContains(fences[1], { ...pt(0, 0), altitude: 60 })).toBe(false);
  });

  it('lists containing ids, null when none, and skips broken areas', () => {
    expect(containingGeofenceIds(fences, { ...pt(0, 0), altitude: 20 })).toEqual([1, 2, 3]);
    expect(containingGeofenceIds(fences, { ...pt(0.001, 0.5), altitude: 0 })).toEqual([3]);
    expect(containingGeofenceIds(fences, pt(50, 50))).toBeNull();
  });
});
