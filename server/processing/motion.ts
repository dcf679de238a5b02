import { distanceBetween, type LatLon } from './geometry';
import type { NewEvent, TrackPosition } from './types';
import { makeEvent } from './types';
import { knotsFromMps } from '../../model/units';

/** `event.motion.speedThreshold`, knots. */
const DEFAULT_SPEED_THRESHOLD = 0.01;

/** The `motion` attribute: what the device reported, else speed above the threshold. */
export function computeMotion(
  position: Pick<TrackPosition, 'speed' | 'attributes'>,
  speedThreshold: number = DEFAULT_SPEED_THRESHOLD,
): boolean {
  const reported = position.attributes.motion;
  if (typeof reported === 'boolean') return reported;
  return position.speed > speedThreshold;
}

/** Parameters of Traccar's "new logic" motion processor; times in ms. */
export interface MotionConfig {
  /** `report.trip.minDistance`, metres. */
  minDistance: number;
  /** `report.trip.minDuration`, ms. */
  minDuration: number;
  /** `report.trip.stopGap`, ms. */
  stopGap: number;
  /** `event.motion.speedThreshold`, knots. */
  speedThreshold: number;
}

export const DEFAULT_MOTION_CONFIG: MotionConfig = {
  minDistance: 200,
  minDuration: 180_000,
  stopGap: 3_600_000,
  speedThreshold: DEFAULT_SPEED_THRESHOLD,
};

export type MotionPoint = LatLon & Pick<TrackPosition, 'id' | 'deviceId' | 'fixTime'>;

/**
 * Everything the state machine remembers between positions. Plain data, so the live server can
 * keep it on the device row (serialised) and reports can rebuild it by replaying positions.
 */
export interface MotionState {
  moving: boolean;
  /** Where the last moving/stopped transition happened (or the first position seen). */
  eventPoint: MotionPoint;
  /**
   * Recent positions, oldest first, never earlier than `eventPoint`. Only what a later decision
   * can still need is kept: while moving, the last `minDuration` window; while stopped, the last
   * run of fast legs a trip start could be walked back through.
   */
  history: MotionPoint[];
}

export type MotionEventType = 'deviceMoving' | 'deviceStopped';

export interface MotionTransition {
  type: MotionEventType;
  /** The position the transition is stamped with (its id and fix time). */
  point: MotionPoint;
}

export interface MotionResult {
  state: MotionState;
  transitions: MotionTransition[];
}

/** Safety cap on remembered positions for devices that report every second. */
const MAX_HISTORY = 2000;

const point = (p: MotionPoint): MotionPoint => ({
  id: p.id,
  deviceId: p.deviceId,
  fixTime: p.fixTime,
  latitude: p.latitude,
  longitude: p.longitude,
});

/** The initial state from the first position: its `motion` flag decides, as in Traccar. */
export function initialMotionState(
  first: MotionPoint & Pick<TrackPosition, 'speed' | 'attributes'>,
  config: MotionConfig = DEFAULT_MOTION_CONFIG,
): MotionState {
  return {
    moving: computeMotion(first, config.speedThreshold),
    eventPoint: point(first),
    history: [point(first)],
  };
}

/** Leg speed in m/s; a leg with no elapsed time counts as fast when it moved at all. */
function legSpeed(from: MotionPoint, to: MotionPoint): number {
  const seconds = (to.fixTime - from.fixTime) / 1000;
  const metres = distanceBetween(from, to);
  if (seconds <= 0) return metres > 0 ? Infinity : 0;
  return metres / seconds;
}

/**
 * Feeds one position (in fix-time order) to the new-logic motion processor:
 * - stopped → moving once the device is ≥ minDistance from the last event point; the trip start
 *   is walked back over preceding legs faster than minDistance/minDuration, never before the stop;
 * - moving → stopped at the current position once every position in a window spanning at least
 *   minDuration lies within minDistance of it;
 * - a gap over stopGap that covered ≥ minDistance at an average above the speed threshold is a
 *   trip of its own: (stopped at the gap start if moving) → moving at the gap start → stopped at
 *   the gap end.
 * Positions older than the last one are ignored.
 */
export function updateMotion(
  state: MotionState,
  position: MotionPoint,
  config: MotionConfig = DEFAULT_MOTION_CONFIG,
): MotionResult {
  const current = point(position);
  const last = state.history[state.history.length - 1] ?? state.eventPoint;
  if (current.fixTime < last.fixTime) return { state, transitions: [] };

  const gap = current.fixTime - last.fixTime;
  if (gap > config.stopGap) {
    const gapDistance = distanceBetween(last, current);
    const averageKnots = knotsFromMps(gapDistance / (gap / 1000));
    if (gapDistance >= config.minDistance && averageKnots > config.speedThreshold) {
      const transitions: MotionTransition[] = [];
      if (state.moving) transitions.push({ type: 'deviceStopped', point: last });
      transitions.push({ type: 'deviceMoving', point: last });
      transitions.push({ type: 'deviceStopped', point: current });
      return {
        state: { moving: false, eventPoint: current, history: [current] },
        transitions,
      };
    }
  }

  const history = [...state.history, current];

  if (!state.moving) {
    if (distanceBetween(state.eventPoint, current) >= config.minDistance) {
      const fast = config.minDistance / (config.minDuration / 1000);
      let start = history.length - 1;
      while (start > 0 && legSpeed(history[start - 1], history[start]) > fast) start--;
      const startPoint = history[start];
      return {
        state: {
          moving: true,
          eventPoint: startPoint,
          history: trimMoving(history.slice(start), config),
        },
        transitions: [{ type: 'deviceMoving', point: startPoint }],
      };
    }
    return { state: { ...state, history: trimStopped(history, config) }, transitions: [] };
  }

  // Moving: look for a window of at least minDuration that stayed within minDistance.
  const windowStart = latestIndexAtOrBefore(history, current.fixTime - config.minDuration);
  if (windowStart >= 0) {
    const settled = history
      .slice(windowStart)
      .every((p) => distanceBetween(p, current) < config.minDistance);
    if (settled) {
      return {
        state: { moving: false, eventPoint: current, history: [current] },
        transitions: [{ type: 'deviceStopped', point: current }],
      };
    }
  }
  return { state: { ...state, history: trimMoving(history, config) }, transitions: [] };
}

function latestIndexAtOrBefore(history: MotionPoint[], time: number): number {
  for (let i = history.length - 1; i >= 0; i--) if (history[i].fixTime <= time) return i;
  return -1;
}

/** While moving only the newest position at or before the window start matters. */
function trimMoving(history: MotionPoint[], config: MotionConfig): MotionPoint[] {
  const newest = history[history.length - 1];
  const keepFrom = Math.max(0, latestIndexAtOrBefore(history, newest.fixTime - config.minDuration));
  return cap(history.slice(keepFrom));
}

/** While stopped a slow leg ends any walk-back, so positions before the last slow leg are dead. */
function trimStopped(history: MotionPoint[], config: MotionConfig): MotionPoint[] {
  const fast = config.minDistance / (config.minDuration / 1000);
  let start = history.length - 1;
  while (start > 0 && legSpeed(history[start - 1], history[start]) > fast) start--;
  return cap(history.slice(start));
}

const cap = (history: MotionPoint[]): MotionPoint[] =>
  history.length > MAX_HISTORY ? history.slice(history.length - MAX_HISTORY) : history;

/** Turns transitions into events stamped with their position's id and fix time. */
export function motionEvents(transitions: readonly MotionTransition[]): NewEvent[] {
  return transitions.map((t) => makeEvent(t.type, t.point));
}

/** Replays positions (fix-time order) from scratch, as the reports' slow path does. */
export function replayMotion(
  positions: readonly (MotionPoint & Pick<TrackPosition, 'speed' | 'attributes'>)[],
  config: MotionConfig = DEFAULT_MOTION_CONFIG,
): { state: MotionState | null; transitions: MotionTransition[] } {
  if (positions.length === 0) return { state: null, transitions: [] };
  let state = initialMotionState(positions[0], config);
  const transitions: MotionTransition[] = [];
  for (const position of positions.slice(1)) {
    const result = updateMotion(state, position, config);
    state = result.state;
    transitions.push(...result.transitions);
  }
  return { state, transitions };
}
