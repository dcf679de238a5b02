import { circleArea, parseGeofenceArea } from '../../../../src/map/geofenceArea';
import { growTrail } from '../../../../src/map/mapUi';
import { CATEGORIES } from '../../../../model/category';
import { CATEGORY_ICONS, iconFor } from '../../../../src/map/markers/categoryIcons';
import { labelText } from '../../../../src/map/markers/labels';
import { ANIMATION_MS, positionAt, retarget, still } from '../../../../src/map/markers/markerState';
import { availableLayers, chooseLayer, quadkey } from '../../../../src/map/tileLayers';
import { applyTint, markerColors, NO_TINT, parseTint } from '../../../../src/map/tint';
import type { Server } from '../../../../model/server';
import { device } from '../liveFixtures';

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

describe('marker tint', () => {
  it('parses "hue|saturation|brightness" with defaults', () => {
    expect(parseTint('120|1.5|0.8')).toEqual({ hue: 120, saturation: 1.5, brightness: 0.8 });
    expect(parseTint('x|y|z')).toEqual(NO_TINT);
    expect(parseTint(undefined)).toEqual(NO_TINT);
    expect(parseTint('90')).toEqual(NO_TINT);
    expect(parseTint('10|-1|-2')).toEqual({ hue: 10, saturation: 0, brightness: 0 });
  });

  it('applies CSS hue-rotate, saturate and brightness to a base colour', () => {
    expect(applyTint([200, 40, 40], NO_TINT)).toEqual([200, 40, 40]);
    const [r, g, b] = applyTint([200, 40, 40], { hue: 120, saturation: 1, brightness: 1 });
    expect(g).toBeGreaterThan(r);
    expect(g).toBeGreaterThan(b);
    expect(applyTint([200, 40, 40], { hue: 0, saturation: 0, brightness: 1 })).toEqual(
      expect.arrayContaining([expect.any(Number)]),
    );
    const grey = applyTint([200, 40, 40], { hue: 0, saturation: 0, brightness: 1 });
    expect(new Set(grey).size).toBe(1);
    expect(applyTint([100, 100, 100], { hue: 0, saturation: 1, brightness: 3 })).toEqual([
      255, 255, 255,
    ]);
    expect(applyTint([100, 100, 100], { hue: 0, saturation: 1, brightness: 0 })).toEqual([0, 0, 0]);
  });

  it('gives each device its primary and secondary colours', () => {
    const plain = markerColors({});
    const tinted = markerColors({ 'tarkan.color': '180|1|1', 'tarkan.color_extra': '0|1|0.5' });
    expect(tinted.primary).not.toBe(plain.primary);
    expect(tinted.secondary).not.toBe(plain.secondary);
    expect(plain.primary).toMatch(/^rgb\(\d+, \d+, \d+\)$/);
  });
});

describe('marker icons and labels', () => {
  it('has a drawing for each of the 24 categories, default for others', () => {
    expect(CATEGORIES).toHaveLength(24);
    CATEGORIES.forEach((category) => expect(CATEGORY_ICONS[category].primary).toMatch(/^M/));
    expect(new Set(CATEGORIES.map((c) => JSON.stringify(CATEGORY_ICONS[c]))).size).toBe(24);
    expect(iconFor('spaceship')).toBe(CATEGORY_ICONS.default);
    expect(iconFor(null)).toBe(CATEGORY_ICONS.default);
  });

  it('labels with name, plate or both; a missing plate reads N/A', () => {
    const car = device(1, { name: 'Onix', attributes: { placa: 'ABC1234' } });
    const bare = device(2, { name: 'Gol' });
    expect(labelText(car, 'name', 'N/A')).toBe('Onix');
    expect(labelText(car, 'plate', 'N/A')).toBe('ABC1234');
    expect(labelText(car, 'both', 'N/A')).toBe('Onix - ABC1234');
    expect(labelText(bare, 'plate', 'N/A')).toBe('N/A');
    expect(labelText(car, 'none', 'N/A')).toBe('');
  });
});

describe('marker glide', () => {
  it('interpolates linearly over 500 ms and retargets from where it is', () => {
    const moving = retarget(still(0, 0), 10, 20, 1000);
    expect(positionAt(moving, 1000)).toEqual([0, 0]);
    expect(positionAt(moving, 1000 + ANIMATION_MS / 2)).toEqual([5, 10]);
    expect(positionAt(moving, 5000)).toEqual([10, 20]);
    const turned = retarget(moving, 0, 0, 1250);
    expect([turned.fromLat, turned.fromLng]).toEqual([5, 10]);
    expect(retarget(turned, 0, 0, 1300)).toBe(turned);
  });

  it('bounds a live trail', () => {
    let trail: [number, number][] = [];
    for (let i = 0; i < 10; i += 1) trail = growTrail(trail, [i, i], 5);
    expect(trail).toEqual([
      [5, 5],
      [6, 6],
      [7, 7],
      [8, 8],
      [9, 9],
    ]);
    expect(growTrail(trail, [9, 9], 5)).toBe(trail);
  });
});

describe('tile layers', () => {
  const server = (patch: Partial<Server>) =>
    ({ attributes: {}, bingKey: null, mapUrl: null, ...patch }) as Server;

  it('offers Google and Bing only with keys, and the custom map url', () => {
    expect(availableLayers(server({})).map((l) => l.id)).toEqual(['openstreet']);
    const all = availableLayers(
      server({
        attributes: { google_api: 'G' },
        bingKey: 'B',
        mapUrl: 'https://tiles/{z}/{x}/{y}.png',
      }),
    );
    expect(all.map((l) => l.id)).toEqual([
      'openstreet',
      'googleSN',
      'googleST',
      'googleTR',
      'bingRoad',
      'bingAerial',
      'custom',
    ]);
    expect(all[1].url).toContain('key=G');
  });

  it('chooses the user map, then the server map, then OpenStreetMap', () => {
    const layers = availableLayers(server({ attributes: { google_api: 'G' } }));
    expect(chooseLayer(layers, 'googleST', 'googleSN').id).toBe('googleST');
    expect(chooseLayer(layers, 'bingRoad', 'googleSN').id).toBe('googleSN');
    expect(chooseLayer(layers, null, 'mapbox').id).toBe('openstreet');
  });

  it('computes Bing quadkeys', () => {
    expect(quadkey(3, 5, 3)).toBe('213');
    expect(quadkey(0, 0, 1)).toBe('0');
  });
});
