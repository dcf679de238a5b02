import type L from 'leaflet';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { liveStore } from '../../../../src/live/liveStore';
import { growTrail, mapUi } from '../../../../src/map/mapUi';
import { device, position } from '../liveFixtures';

/**
 * A map 1000 px wide whose projection is the identity (x = longitude, y = latitude), enough to
 * tell where a device was flown to: with a panel `inset` px wide over the left, the centre moves
 * half of that left of the device, so the device sits in the middle of what stays visible.
 */
function fakeMap() {
  const handlers = new Map<string, () => void>();
  const point = (x: number, y: number) => ({
    x,
    y,
    subtract: ([dx, dy]: [number, number]) => point(x - dx, y - dy),
  });
  const flights: { lng: number; zoom: number }[] = [];
  /** Each flight's latitude (the projection's y, downwards on the screen). */
  const lats: number[] = [];
  const map = {
    project: ([lat, lng]: [number, number]) => point(lng, lat),
    unproject: (p: { x: number; y: number }) => ({ lat: p.y, lng: p.x }),
    flyTo: (at: { lat: number; lng: number }, zoom: number) => {
      lats.push(at.lat);
      flights.push({ lng: at.lng, zoom });
    },
    getZoom: () => 5,
    getSize: () => ({ x: 1000, y: 600 }),
    containerPointToLatLng: () => ({ lat: 0, lng: 0 }),
    getContainer: () => ({ setAttribute: () => undefined }),
    on: (name: string, handler: () => void) => handlers.set(name, handler),
    off: (name: string) => handlers.delete(name),
  };
  return {
    map: map as unknown as L.Map,
    flights,
    lats,
    fire: (name: string) => handlers.get(name)?.(),
  };
}

describe('a device zoomed to while its panel is on its way', () => {
  let fake: ReturnType<typeof fakeMap>;
  let hour = 0;
  beforeEach(() => {
    // An hour apart: a zoom of an earlier test is long over.
    vi.useFakeTimers({ now: Date.UTC(2026, 0, 1, ++hour) });
    liveStore.resync([device(7)], [position(7, { latitude: 10, longitude: 500 })]);
    liveStore.flush();
    fake = fakeMap();
    mapUi.setMap(fake.map);
    mapUi.setInset(0);
  });
  afterEach(() => {
    mapUi.setInset(0);
    mapUi.setBottomInset(0);
    mapUi.setMap(null);
    vi.useRealTimers();
  });

  it('moves to the middle of what the panel leaves, even when the panel is seconds late', () => {
    mapUi.zoomTo(7);
    expect(fake.flights).toEqual([{ lng: 500, zoom: 16 }]);
    // A slow machine draws the panel 3 s later (its code loaded on first use).
    vi.advanceTimersByTime(3000);
    mapUi.setInset(400);
    expect(fake.flights.at(-1)).toEqual({ lng: 300, zoom: 16 });
    // Later panel changes, once the first has arrived, move it only within a second.
    vi.advanceTimersByTime(3000);
    mapUi.setInset(0);
    expect(fake.flights).toHaveLength(2);
  });

  it("on a phone, moves above the bottom sheet that arrives over the map's lower part", () => {
    mapUi.zoomTo(7);
    expect(fake.lats).toEqual([10]);
    vi.advanceTimersByTime(2000);
    // A sheet 300 px tall over a 600 px map: the device goes to the middle of the 300 px above.
    mapUi.setBottomInset(300);
    expect(fake.flights.at(-1)).toEqual({ lng: 500, zoom: 16 });
    expect(fake.lats.at(-1)).toBe(160);
  });

  it('leaves the map where the user moved it meanwhile', () => {
    mapUi.zoomTo(7);
    vi.advanceTimersByTime(500);
    fake.fire('dragstart');
    vi.advanceTimersByTime(1500);
    mapUi.setInset(400);
    expect(fake.flights).toHaveLength(1);
  });

  it('waits for the device panel past the list panel that gives way to it', () => {
    mapUi.setInset(400);
    mapUi.zoomTo(7);
    // The list closes at once; the device's panel, the same width, comes 3 s later.
    mapUi.setInset(0);
    expect(fake.flights.at(-1)).toEqual({ lng: 500, zoom: 16 });
    vi.advanceTimersByTime(3000);
    mapUi.setInset(400);
    expect(fake.flights.at(-1)).toEqual({ lng: 300, zoom: 16 });
    expect(fake.flights).toHaveLength(3);
  });

  it('does not wait for a panel when one is open already', () => {
    mapUi.setInset(400);
    mapUi.zoomTo(7);
    expect(fake.flights).toEqual([{ lng: 300, zoom: 16 }]);
    vi.advanceTimersByTime(5000);
    mapUi.setInset(0);
    expect(fake.flights).toHaveLength(1);
  });
});

describe('the fleet framed as the map opens', () => {
  afterEach(() => {
    mapUi.setInset(0);
    mapUi.setMap(null);
  });

  it('is the box around every vehicle, framed again clear of the panel that arrives', () => {
    const fitted: { corners: unknown; left: number }[] = [];
    const map = {
      ...(fakeMap().map as unknown as Record<string, unknown>),
      fitBounds: (corners: unknown, options: { paddingTopLeft: [number, number] }) =>
        fitted.push({ corners, left: options.paddingTopLeft[0] }),
    };
    mapUi.setMap(map as unknown as L.Map);
    mapUi.frame([
      { latitude: -23.5, longitude: -46.6 },
      { latitude: -22.9, longitude: -43.2 },
      { latitude: 0, longitude: 0 },
      { latitude: -25.4, longitude: -49.3 },
      { latitude: Number.NaN, longitude: -50 },
      { latitude: -19.9, longitude: -43.9 },
    ]);
    expect(fitted).toHaveLength(1);
    expect(fitted[0]!.corners).toEqual([
      [-25.4, -49.3],
      [-19.9, -43.2],
    ]);
    mapUi.setInset(400);
    expect(fitted).toHaveLength(2);
    expect(fitted[1]!.corners).toEqual(fitted[0]!.corners);
    expect(fitted[1]!.left).toBeGreaterThan(fitted[0]!.left);
  });
});

describe('marker glide', () => {
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
