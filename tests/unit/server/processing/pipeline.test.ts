import { describe, expect, it } from 'vitest';
import { compileAttribute, sortByPriority } from '../../../../server/processing/computed';
import {
  initialDeviceState,
  parseDeviceState,
  readDeviceState,
  serializeDeviceState,
} from '../../../../server/processing/deviceState';
import { compileGeofence } from '../../../../server/processing/geofences';
import {
  enrichPosition,
  isLatest,
  pipelineSettings,
  positionEvents,
  type DeviceContext,
} from '../../../../server/processing/pipeline';
import type { PositionRecord } from '../../../../server/processing/types';
import { decodeOsmAndQuery } from '../../../../server/protocol/osmand/decoder';

const T0 = Date.UTC(2026, 0, 1, 12, 0, 0);

function context(overrides: Partial<DeviceContext> = {}): DeviceContext {
  const sources = overrides.sources ?? [{}];
  return {
    deviceId: 1,
    sources,
    deviceAttributes: {},
    geofences: [],
    early: [],
    late: [],
    settings: pipelineSettings(sources),
    ...overrides,
  };
}

const decode = (query: string, now = T0) => decodeOsmAndQuery(query, { now });

/** Runs one message through both steps, giving it `id`, like the ingest service does. */
function step(
  ctx: DeviceContext,
  state: ReturnType<typeof initialDeviceState>,
  last: PositionRecord | null,
  query: string,
  id: number,
) {
  const position = enrichPosition(ctx, decode(query), last, T0 + id * 1000);
  position.id = id;
  const result = positionEvents(ctx, state, last, position);
  return { position, ...result, last: isLatest(position, last) ? position : last };
}

describe('enrichPosition', () => {
  it('adds distance, running total and motion', () => {
    const ctx = context();
    const first = enrichPosition(
      ctx,
      decode(`id=a&lat=0&lon=0.0001&speed=0&timestamp=${T0}`),
      null,
      T0,
    );
    expect(first.attributes).toMatchObject({ distance: 0, totalDistance: 0, motion: false });
    first.id = 1;
    const second = enrichPosition(
      ctx,
      decode(`id=a&lat=0&lon=0.001&speed=12&timestamp=${T0 + 10_000}`),
      first,
      T0,
    );
    expect(second.attributes.distance).toBeCloseTo(100.19, 1);
    expect(second.attributes.totalDistance).toBe(second.attributes.distance);
    expect(second.attributes.motion).toBe(true);
    expect(second.serverTime).toBe(T0);
  });

  it('keeps the engine-cut state a message says nothing of, unless told not to', () => {
    const blocked = enrichPosition(
      context(),
      decode(`id=a&lat=10&lon=20&blocked=true&timestamp=${T0}`),
      null,
      T0,
    );
    // A command's answer: no fix, no relay state.
    const answer = enrichPosition(context(), decode(`id=a&result=OK`, T0 + 1_000), blocked, T0);
    expect(answer.attributes.blocked).toBe(true);
    const off = context({ sources: [{ 'processing.copyAttributes.enable': false }] });
    expect(
      enrichPosition(off, decode(`id=a&result=OK`, T0 + 1_000), blocked, T0).attributes.blocked,
    ).toBeUndefined();
    const listed = context({ sources: [{ 'processing.copyAttributes': 'ignition,blocked' }] });
    const withIgnition = { ...blocked, attributes: { ...blocked.attributes, ignition: true } };
    expect(
      enrichPosition(listed, decode(`id=a&result=OK`, T0 + 1_000), withIgnition, T0).attributes,
    ).toMatchObject({ blocked: true, ignition: true });
  });

  it('lets a position that places the device nowhere give way to any fix', () => {
    const placeholder = { fixTime: T0, outdated: true, latitude: 0, longitude: 0 };
    expect(isLatest({ fixTime: T0 - 60_000 }, placeholder)).toBe(true);
    expect(isLatest({ fixTime: T0 - 60_000 }, { ...placeholder, latitude: 1 })).toBe(false);
    expect(isLatest({ fixTime: T0 - 60_000 }, { fixTime: T0 })).toBe(false);
  });

  it('fills a message without coordinates from the last position and marks it outdated', () => {
    const ctx = context();
    const last = enrichPosition(
      ctx,
      decode(`id=a&lat=10&lon=20&speed=7&timestamp=${T0}`),
      null,
      T0,
    );
    last.id = 1;
    const next = enrichPosition(ctx, decode(`id=a&batt=50&timestamp=${T0 + 60_000}`), last, T0);
    expect(next).toMatchObject({
      outdated: true,
      latitude: 10,
      longitude: 20,
      speed: 7,
      fixTime: last.fixTime,
      deviceTime: T0 + 60_000,
    });
    expect(next.attributes).toMatchObject({ batteryLevel: 50, distance: 0 });
    const orphan = enrichPosition(ctx, decode('id=a&batt=50'), null, T0);
    expect(orphan).toMatchObject({ outdated: true, valid: false, latitude: 0, longitude: 0 });
  });

  it('records the geofences the position is inside (null when none)', () => {
    const circle = compileGeofence({
      id: 5,
      name: 'Depot',
      area: 'CIRCLE (10 20, 500)',
      calendarId: null,
      attributes: {},
    });
    const line = compileGeofence({
      id: 3,
      name: 'Road',
      area: 'LINESTRING (10 19.99, 10 20.01)',
      calendarId: null,
      attributes: {},
    });
    const broken = compileGeofence({
      id: 9,
      name: 'Bad',
      area: 'CIRCLE (oops)',
      calendarId: null,
      attributes: {},
    });
    const ctx = context({ geofences: [circle, line, broken] });
    expect(enrichPosition(ctx, decode('id=a&lat=10&lon=20'), null, T0).geofenceIds).toEqual([3, 5]);
    expect(enrichPosition(ctx, decode('id=a&lat=11&lon=20'), null, T0).geofenceIds).toBeNull();
  });

  it('runs computed attributes early and late in priority order, fields included', () => {
    const attrs = sortByPriority(
      [
        { id: 1, attribute: 'double', expression: 'speed * 2', type: 'number', priority: 0 },
        { id: 2, attribute: 'speed', expression: 'speed + 1', type: 'number', priority: -1 },
        { id: 3, attribute: 'fast', expression: 'double > 20', type: 'boolean', priority: -5 },
        { id: 4, attribute: 'label', expression: '"v" + speed', type: 'string', priority: 5 },
        { id: 5, attribute: 'junk', expression: 'speed +', type: 'number', priority: 9 },
      ].flatMap((row) => compileAttribute(row) ?? []),
    );
    expect(attrs.map((a) => a.id)).toEqual([4, 1, 2, 3]);
    const ctx = context({
      early: attrs.filter((a) => a.priority < 0),
      late: attrs.filter((a) => a.priority >= 0),
    });
    const p = enrichPosition(ctx, decode('id=a&lat=1&lon=1&speed=10'), null, T0);
    // Early: speed 10 → 11; `fast` fails (no `double` yet) and is skipped. Late: label, then double.
    expect(p.speed).toBe(11);
    expect(p.attributes).toMatchObject({ label: 'v11', double: 22 });
    expect(p.attributes).not.toHaveProperty('fast');
  });
});

describe('positionEvents', () => {
  it('raises geofence enter then exit, and one overspeed per excursion (geofence limit)', () => {
    const zone = compileGeofence({
      id: 7,
      name: 'School',
      area: 'CIRCLE (10 20, 300)',
      calendarId: null,
      attributes: { speedLimit: 20 },
    });
    const ctx = context({ geofences: [zone] });
    let state = initialDeviceState();
    let last: PositionRecord | null = null;
    const types: string[][] = [];
    const track = [
      'lat=10.01&lon=20&speed=30', // outside: no limit applies
      'lat=10&lon=20&speed=30', // enter, over the zone's 20 kn
      'lat=10.0005&lon=20&speed=35', // still over: no second event
      'lat=10.001&lon=20&speed=10', // back under
      'lat=10.02&lon=20&speed=40', // exit; outside, no limit
    ];
    track.forEach((q, i) => {
      const r = step(ctx, state, last, `id=a&${q}&timestamp=${T0 + i * 10_000}`, i + 1);
      state = r.state;
      last = r.last;
      types.push(r.events.map((e) => e.type));
    });
    expect(types).toEqual([[], ['geofenceEnter', 'deviceOverspeed'], [], [], ['geofenceExit']]);
  });

  it('uses the device → group → server speed limit and raises ignition, alarm and driver events', () => {
    const ctx = context({ sources: [{}, { speedLimit: 50 }, { speedLimit: 10 }] });
    let state = initialDeviceState();
    const a = step(ctx, state, null, `id=a&lat=1&lon=1&speed=40&ignition=false&timestamp=${T0}`, 1);
    expect(a.events).toEqual([]);
    state = a.state;
    const b = step(
      ctx,
      state,
      a.last,
      `id=a&lat=1&lon=1&speed=60&ignition=true&alarm=sos,door&driverUniqueId=D1&timestamp=${T0 + 1000}`,
      2,
    );
    expect(b.events.map((e) => [e.type, e.positionId, e.attributes])).toEqual([
      ['deviceOverspeed', 2, { speed: 60, speedLimit: 50 }],
      ['alarm', 2, { alarm: 'sos' }],
      ['alarm', 2, { alarm: 'door' }],
      ['ignitionOn', 2, {}],
      ['driverChanged', 2, { driverUniqueId: 'D1' }],
    ]);
  });

  it('detects moving and stopped with the new motion logic, stamped with stored ids', () => {
    const ctx = context();
    let state = initialDeviceState();
    let last: PositionRecord | null = null;
    const events: [string, number][] = [];
    // Parked, then 300 m north over a minute, then parked for four minutes.
    const track = [
      [0, 0],
      [30, 0.0013],
      [60, 0.0027],
      [120, 0.0027],
      [240, 0.0027],
      [330, 0.0027],
    ];
    track.forEach(([seconds, lat], i) => {
      const r = step(
        ctx,
        state,
        last,
        `id=a&lat=${lat}&lon=0&timestamp=${T0 + seconds * 1000}`,
        i + 1,
      );
      state = r.state;
      last = r.last;
      events.push(...r.events.map((e): [string, number] => [e.type, e.positionId]));
    });
    expect(events).toEqual([
      ['deviceMoving', 1],
      // At 240 s every position since 60 s (the minDuration window) is within 200 m.
      ['deviceStopped', 5],
    ]);
    expect(state.motion?.moving).toBe(false);
  });

  it('gives an older position only its alarms', () => {
    const ctx = context({ sources: [{ speedLimit: 1 }] });
    const a = step(ctx, initialDeviceState(), null, `id=a&lat=1&lon=1&timestamp=${T0}`, 1);
    const old = step(
      ctx,
      a.state,
      a.last,
      `id=a&lat=1&lon=1&speed=99&alarm=sos&timestamp=${T0 - 60_000}`,
      2,
    );
    expect(old.events.map((e) => e.type)).toEqual(['alarm']);
    expect(old.last).toBe(a.last);
    expect(old.state).toBe(a.state);
  });
});

describe('device state', () => {
  it('survives a round trip and starts fresh from damaged text', () => {
    const ctx = context();
    const r = step(ctx, initialDeviceState(), null, `id=a&lat=1&lon=1&timestamp=${T0}`, 1);
    expect(parseDeviceState(serializeDeviceState(r.state), 1)).toEqual(r.state);
    expect(parseDeviceState('{"motion":{"moving":"x"}}', 1)).toEqual(initialDeviceState());
    expect(parseDeviceState('not json', 1)).toEqual(initialDeviceState());
  });

  it('writes motion points compactly and still reads them as objects', () => {
    const point = { id: 7, deviceId: 1, fixTime: T0, latitude: 1.5, longitude: -2.25 };
    const state = {
      ...initialDeviceState(),
      motion: { moving: true, eventPoint: point, history: [point, { ...point, id: 8 }] },
    };
    const text = serializeDeviceState(state);
    expect(JSON.parse(text)).toMatchObject({
      motion: {
        eventPoint: [7, T0, 1.5, -2.25],
        history: [
          [7, T0, 1.5, -2.25],
          [8, T0, 1.5, -2.25],
        ],
      },
    });
    expect(parseDeviceState(text, 1)).toEqual(state);
    // The object form written before.
    const before = JSON.stringify({ ...state, motion: { ...state.motion, history: [point] } });
    expect(parseDeviceState(before, 1).motion?.history).toEqual([point]);
  });

  it('writes what JSON.stringify would, however often a point is written', () => {
    const points = [
      { id: 7, deviceId: 1, fixTime: T0, latitude: -23.550519999999, longitude: -46.6333084 },
      { id: 8, deviceId: 1, fixTime: T0 + 2500, latitude: 0.1 + 0.2, longitude: -0 },
      { id: 9, deviceId: 1, fixTime: T0 + 5000, latitude: 1e-7, longitude: 179.99999999 },
    ];
    const state = {
      motion: { moving: false, eventPoint: points[0], history: points },
      overspeed: { overspeed: true, since: T0, geofenceId: 3 },
    };
    const plain = JSON.stringify({
      motion: {
        moving: false,
        eventPoint: [7, T0, points[0].latitude, points[0].longitude],
        history: points.map((p) => [p.id, p.fixTime, p.latitude, p.longitude]),
      },
      overspeed: state.overspeed,
    });
    expect(serializeDeviceState(state)).toBe(plain);
    // Written again (each point's text kept from the first time), and with no motion yet.
    expect(serializeDeviceState(state)).toBe(plain);
    expect(serializeDeviceState(initialDeviceState())).toBe(JSON.stringify(initialDeviceState()));
    // What a point keeps of its text is seen by nothing else.
    expect(Object.keys(points[0])).toEqual(['id', 'deviceId', 'fixTime', 'latitude', 'longitude']);
    expect(JSON.parse(JSON.stringify(points[0]))).toEqual(points[0]);
  });

  it('reads a state again sharing the points memory holds, unless they differ', () => {
    const point = (id: number, latitude = 1.5) => ({
      id,
      deviceId: 1,
      fixTime: T0 + id,
      latitude,
      longitude: -2.25,
    });
    const first = point(1);
    const held = {
      ...initialDeviceState(),
      motion: { moving: true, eventPoint: first, history: [first, point(2), point(3)] },
    };
    // Another instance processed the device: point 3 is not what memory has, 4 is new.
    const written = {
      ...initialDeviceState(),
      motion: { moving: true, eventPoint: point(1), history: [point(2), point(3, 9), point(4)] },
    };
    const read = readDeviceState(JSON.parse(serializeDeviceState(written)), 1, held);
    expect(read).toEqual(written);
    expect(read.motion?.eventPoint).toBe(held.motion.eventPoint);
    expect(read.motion?.history[0]).toBe(held.motion.history[1]);
    expect(read.motion?.history[1]).not.toBe(held.motion.history[2]);
    expect(read.motion?.history[1].latitude).toBe(9);
  });
});
