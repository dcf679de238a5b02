import { circleArea, parseGeofenceArea } from '../../../../src/map/geofenceArea';

describe('geofence areas (latitude first)', () => {
  it('parses circles', () => {
    expect(parseGeofenceArea('CIRCLE (-23.55 -46.63, 150)')).toEqual({
      type: 'circle',
      center: [-23.55, -46.63],
      radius: 150,
    });
    expect(parseGeofenceArea('circle(59.93 30.33,500.5)')).toEqual({
      type: 'circle',
      center: [59.93, 30.33],
      radius: 500.5,
    });
  });

  it('parses polygons and linestrings', () => {
    expect(
      parseGeofenceArea('POLYGON ((-23.5 -46.6, -23.6 -46.6, -23.6 -46.7, -23.5 -46.6))'),
    ).toEqual({
      type: 'polygon',
      points: [
        [-23.5, -46.6],
        [-23.6, -46.6],
        [-23.6, -46.7],
        [-23.5, -46.6],
      ],
    });
    expect(parseGeofenceArea('LINESTRING (10 20, 11 21)')).toEqual({
      type: 'polyline',
      points: [
        [10, 20],
        [11, 21],
      ],
    });
  });

  it('rejects malformed or out-of-range text', () => {
    [
      '',
      'CIRCLE (1 2)',
      'CIRCLE (95 2, 10)',
      'CIRCLE (1 2, -5)',
      'POLYGON ((1 2, 3 4))',
      'LINESTRING (1 2)',
      'POINT (1 2)',
      'POLYGON ((a b, 1 2, 3 4))',
    ].forEach((area) => expect(parseGeofenceArea(area), area).toBeNull());
    expect(parseGeofenceArea(null)).toBeNull();
  });

  it('writes the anchor circle the way it parses', () => {
    expect(parseGeofenceArea(circleArea(-23.5, -46.6, 150))).toEqual({
      type: 'circle',
      center: [-23.5, -46.6],
      radius: 150,
    });
  });
});
