import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MOTION_CONFIG,
  computeMotion,
  initialMotionState,
  motionEvents,
  replayMotion,
  updateMotion,
} from '../../../../server/processing/motion';
import type { MotionConfig } from '../../../../server/processing/motion';

const T0 = Date.UTC(2024, 0, 1, 8, 0, 0);
/** Metres per degree of latitude on Traccar's sphere; moving north keeps distances exact. */
const M = (6378137 * Math.PI) / 180;

interface P {
  id: number;
  deviceId: number;
  fixTime: number;
  latitude: number;
  longitude: number;
  speed: number;
  attributes: Record<string, unknown>;
}

let nextId = 1;
/** A position `metres` north of the origin at `seconds` after T0. */
function at(seconds: number, metres: number, extra: Partial<P> = {}): P {
  return {
    id: nextId++,
    deviceId: 1,
    fixTime: T0 + seconds * 1000,
    latitude: metres / M,
    longitude: 0,
    speed: 0,
    attributes: {},
    ...extra,
  };
}

describe('computeMotion', () => {
  it('uses speed > 0.01 kn by default', () => {
    expect(DEFAULT_MOTION_CONFIG.speedThreshold).toBe(0.01);
    expect(computeMotion({ speed: 0.01, attributes: {} })).toBe(false);
    expect(computeMotion({ speed: 0.011, attributes: {} })).toBe(true);
    expect(computeMotion({ speed: 5, attributes: {} }, 10)).toBe(false);
  });

  it('keeps a motion flag the device reported', () => {
    expect(computeMotion({ speed: 50, attributes: { motion: false } })).toBe(false);
    expect(computeMotion({ speed: 0, attributes: { motion: true } })).toBe(true);
  });
});

describe('new-logic motion state machine (200 m / 180 s / 3600 s)', () => {
  it('has the contract defaults', () => {
    expect(DEFAULT_MOTION_CONFIG).toMatchObject({
      minDistance: 200,
      minDuration: 180_000,
      stopGap: 3_600_000,
    });
  });

  it('takes the initial state from the first position', () => {
    expect(initialMotionState(at(0, 0, { speed: 10 })).moving).toBe(true);
    expect(initialMotionState(at(0, 0)).moving).toBe(false);
  });

  it('stays stopped while jitter stays under 200 m', () => {
    const positions = [at(0, 0), at(60, 50), at(120, 150), at(180, 199), at(600, 100)];
    expect(replayMotion(positions).transitions).toEqual([]);
  });

  it('starts moving at 200 m, walking the start back over fast legs only', () => {
    const parked = at(0, 0);
    const slow = at(600, 20); // 20 m in 10 min: parked jitter
    const start = at(660, 30); // the last slow point before the fast legs
    const a = at(690, 130); // 100 m in 30 s = 3.3 m/s > 200/180
    const b = at(720, 260); // 260 m from the stop point → moving
    const { transitions, state } = replayMotion([parked, slow, start, a, b]);
    expect(transitions).toHaveLength(1);
    expect(transitions[0].type).toBe('deviceMoving');
    expect(transitions[0].point.id).toBe(start.id);
    expect(state?.moving).toBe(true);
  });

  it('never walks the trip start back before the last stop', () => {
    // Every leg is fast, so only the stop point bounds the walk-back.
    const stop = at(0, 0);
    const { transitions } = replayMotion([stop, at(30, 100), at(60, 210)]);
    expect(transitions.map((t) => [t.type, t.point.id])).toEqual([['deviceMoving', stop.id]]);
  });

  it('stops at the current position once a ≥180 s window stays within 200 m', () => {
    const moving = [at(0, 0, { speed: 20 }), at(60, 1000), at(120, 2000)];
    const arrive = at(180, 3000);
    const p1 = at(240, 3050);
    const p2 = at(300, 3100);
    const p3 = at(360, 3120); // window from arrive (180 s back) all within 200 m
    const { transitions, state } = replayMotion([...moving, arrive, p1, p2, p3]);
    expect(transitions.map((t) => [t.type, t.point.id])).toEqual([['deviceStopped', p3.id]]);
    expect(state?.moving).toBe(false);
    expect(state?.eventPoint.id).toBe(p3.id);
  });

  it('does not stop before the window spans minDuration', () => {
    const { transitions } = replayMotion([
      at(0, 0, { speed: 20 }),
      at(60, 1000),
      at(120, 1010),
      at(179, 1020),
    ]);
    expect(transitions).toEqual([]);
  });

  it('does not stop while any position in the window is 200 m or more away', () => {
    const { transitions } = replayMotion([
      at(0, 0, { speed: 20 }),
      at(60, 1000),
      at(120, 1100),
      at(180, 1150),
      at(240, 1210), // the 60 s point is 210 m away
    ]);
    expect(transitions).toEqual([]);
  });

  it('records a long gap with distance as stopped → moving → stopped', () => {
    const first = at(0, 0, { speed: 20 });
    const last = at(60, 500);
    const after = at(60 + 7200, 50_500); // 2 h later, 50 km away
    const { transitions, state } = replayMotion([first, last, after]);
    expect(transitions.map((t) => [t.type, t.point.id])).toEqual([
      ['deviceStopped', last.id],
      ['deviceMoving', last.id],
      ['deviceStopped', after.id],
    ]);
    expect(state?.moving).toBe(false);
  });

  it('from stopped, a long gap with distance is moving → stopped', () => {
    const parked = at(0, 0);
    const after = at(7200, 10_000);
    const { transitions } = replayMotion([parked, after]);
    expect(transitions.map((t) => [t.type, t.point.id])).toEqual([
      ['deviceMoving', parked.id],
      ['deviceStopped', after.id],
    ]);
  });

  it('a long gap without distance is not a trip', () => {
    expect(replayMotion([at(0, 0), at(7200, 150)]).transitions).toEqual([]);
  });

  it('a gap just under stopGap is handled as ordinary data', () => {
    const parked = at(0, 0);
    const { transitions } = replayMotion([parked, at(3600, 10_000)]);
    // Not the gap rule: the device is simply ≥ 200 m away and starts moving at the stop point.
    expect(transitions.map((t) => t.type)).toEqual(['deviceMoving']);
  });

  it('ignores positions older than the last one', () => {
    const state = initialMotionState(at(100, 0));
    const result = updateMotion(state, at(50, 5000));
    expect(result.transitions).toEqual([]);
    expect(result.state).toBe(state);
  });

  it('honours custom parameters', () => {
    const config: MotionConfig = { ...DEFAULT_MOTION_CONFIG, minDistance: 50 };
    expect(replayMotion([at(0, 0), at(10, 60)], config).transitions).toHaveLength(1);
    expect(replayMotion([at(0, 0), at(10, 60)]).transitions).toHaveLength(0);
  });

  it('keeps its history bounded on a long stop', () => {
    let state = initialMotionState(at(0, 0));
    for (let i = 1; i <= 5000; i++) state = updateMotion(state, at(i * 10, (i % 2) * 5)).state;
    expect(state.history.length).toBeLessThanOrEqual(2);
    expect(state.moving).toBe(false);
  });

  it('keeps its history bounded while moving', () => {
    let state = initialMotionState(at(0, 0, { speed: 30 }));
    for (let i = 1; i <= 5000; i++) state = updateMotion(state, at(i, i * 15)).state;
    expect(state.moving).toBe(true);
    expect(state.history.length).toBeLessThanOrEqual(182);
  });

  it('a full day: park, drive, park gives one trip', () => {
    const positions = [
      ...Array.from({ length: 10 }, (_, i) => at(i * 60, i % 3)),
      ...Array.from({ length: 20 }, (_, i) => at(600 + i * 30, 10 + i * 400, { speed: 25 })),
      ...Array.from({ length: 10 }, (_, i) => at(1200 + i * 60, 7610 + (i % 2) * 3)),
    ];
    const events = motionEvents(replayMotion(positions).transitions);
    expect(events.map((e) => e.type)).toEqual(['deviceMoving', 'deviceStopped']);
    expect(events[0]).toMatchObject({ deviceId: 1, geofenceId: 0, attributes: {} });
    expect(events[0].eventTime).toBeLessThan(events[1].eventTime);
    const start = positions.find((p) => p.id === events[0].positionId)!;
    expect(start.fixTime).toBe(events[0].eventTime);
  });

  it('replaying nothing gives no state', () => {
    expect(replayMotion([])).toEqual({ state: null, transitions: [] });
  });
});
