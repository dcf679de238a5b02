import type { AttributeSource } from './lookup';
import { lookupNumber, toNumberAttribute } from './lookup';
import type { NewEvent, TrackPosition } from './types';
import { makeEvent } from './types';

/**
 * Pure per-position event detectors (Traccar's `handler/events/*`). Each takes the previous
 * position (or state) and the current one and returns the events to store; none reads a database.
 */

type Previous = Pick<TrackPosition, 'geofenceIds' | 'attributes'> | null | undefined;

// ---------------------------------------------------------------- geofences

export interface GeofenceEventOptions {
  /**
   * False when the geofence's calendar is not active at that time; its events are then suppressed.
   * Default: always active.
   */
  isActive?: (geofenceId: number, time: number) => boolean;
}

/** `geofenceExit` for ids only on the previous position, `geofenceEnter` for ids only on this one. */
export function geofenceEvents(
  previous: Previous,
  position: TrackPosition,
  options: GeofenceEventOptions = {},
): NewEvent[] {
  const before = new Set(previous?.geofenceIds ?? []);
  const after = new Set(position.geofenceIds ?? []);
  const active = (id: number) => options.isActive?.(id, position.fixTime) ?? true;
  const events: NewEvent[] = [];
  for (const id of before) {
    if (!after.has(id) && active(id)) {
      events.push(makeEvent('geofenceExit', position, { geofenceId: id }));
    }
  }
  for (const id of after) {
    if (!before.has(id) && active(id)) {
      events.push(makeEvent('geofenceEnter', position, { geofenceId: id }));
    }
  }
  return events;
}

// ---------------------------------------------------------------- overspeed

export interface SpeedLimitGeofence {
  id: number;
  attributes?: Record<string, unknown>;
}

export interface SpeedLimitInput {
  position: Pick<TrackPosition, 'geofenceIds' | 'attributes'>;
  /** Device attributes, group chain (nearest first), server attributes: the `lookup.ts` order. */
  sources: readonly AttributeSource[];
  /** The geofences listed in `position.geofenceIds`. */
  geofences: readonly SpeedLimitGeofence[];
  /** `event.overspeed.preferLowest`: among geofences, the lowest limit wins. Default highest. */
  preferLowest?: boolean;
}

/**
 * The speed limit in knots for a position (0 = none), with the geofence that set it. Like Traccar:
 * the device/group/server `speedLimit`, overridden by a `speedLimit` the position carries, overridden
 * by the limits of the geofences the position is in.
 */
export function resolveSpeedLimit(input: SpeedLimitInput): {
  speedLimit: number;
  geofenceId: number;
} {
  let speedLimit = lookupNumber('speedLimit', input.sources, 0);
  const positionLimit = toNumberAttribute(input.position.attributes.speedLimit) ?? 0;
  if (positionLimit > 0) speedLimit = positionLimit;

  const inside = new Set(input.position.geofenceIds ?? []);
  let geofenceLimit = 0;
  let geofenceId = 0;
  for (const geofence of input.geofences) {
    if (!inside.has(geofence.id)) continue;
    const limit = toNumberAttribute(geofence.attributes?.speedLimit) ?? 0;
    if (limit <= 0) continue;
    const better =
      geofenceLimit === 0 || (input.preferLowest ? limit < geofenceLimit : limit > geofenceLimit);
    if (better) {
      geofenceLimit = limit;
      geofenceId = geofence.id;
    }
  }
  if (geofenceLimit > 0) return { speedLimit: geofenceLimit, geofenceId };
  return { speedLimit, geofenceId: 0 };
}

/** Per-device overspeed state (kept on the device row, never serialised to clients). */
export interface OverspeedState {
  overspeed: boolean;
  /** Fix time the current overspeed began, while its event is still pending; null otherwise. */
  since: number | null;
  geofenceId: number;
}

export const INITIAL_OVERSPEED_STATE: OverspeedState = {
  overspeed: false,
  since: null,
  geofenceId: 0,
};

export interface OverspeedOptions {
  /** `event.overspeed.minimalDuration`, ms over the limit before the event. Default 0. */
  minimalDuration?: number;
  /** `event.overspeed.thresholdMultiplier`. Default 1. */
  thresholdMultiplier?: number;
}

/**
 * One `deviceOverspeed` event per excursion: raised when the speed goes above the limit (after
 * `minimalDuration`), re-armed only once the speed is back at or below it.
 */
export function overspeedEvents(
  state: OverspeedState,
  position: TrackPosition,
  limit: { speedLimit: number; geofenceId: number },
  options: OverspeedOptions = {},
): { state: OverspeedState; events: NewEvent[] } {
  if (limit.speedLimit <= 0) return { state, events: [] };
  const threshold = limit.speedLimit * (options.thresholdMultiplier ?? 1);
  const over = position.speed > threshold;
  if (!over) {
    return {
      state: state.overspeed ? { ...INITIAL_OVERSPEED_STATE } : state,
      events: [],
    };
  }
  const next: OverspeedState = state.overspeed
    ? { ...state }
    : { overspeed: true, since: position.fixTime, geofenceId: limit.geofenceId };
  if (next.since !== null && position.fixTime - next.since >= (options.minimalDuration ?? 0)) {
    const event = makeEvent('deviceOverspeed', position, {
      geofenceId: next.geofenceId,
      attributes: { speed: position.speed, speedLimit: limit.speedLimit },
    });
    return { state: { ...next, since: null, geofenceId: 0 }, events: [event] };
  }
  return { state: next, events: [] };
}

// ---------------------------------------------------------------- ignition, alarms, driver

/** `ignitionOn`/`ignitionOff` when the boolean `ignition` differs from the previous position's. */
export function ignitionEvents(previous: Previous, position: TrackPosition): NewEvent[] {
  const now = position.attributes.ignition;
  const before = previous?.attributes.ignition;
  if (typeof now !== 'boolean' || typeof before !== 'boolean' || now === before) return [];
  return [makeEvent(now ? 'ignitionOn' : 'ignitionOff', position)];
}

export function parseAlarms(value: unknown): string[] {
  if (typeof value !== 'string') return [];
  return [
    ...new Set(
      value
        .split(',')
        .map((key) => key.trim())
        .filter((key) => key !== ''),
    ),
  ];
}

export interface AlarmOptions {
  /** `event.ignoreDuplicateAlarms`: skip keys already on the previous position. Default true. */
  ignoreDuplicates?: boolean;
}

/** One `alarm` event per alarm key in `attributes.alarm` (comma-separated). */
export function alarmEvents(
  previous: Previous,
  position: TrackPosition,
  options: AlarmOptions = {},
): NewEvent[] {
  const current = parseAlarms(position.attributes.alarm);
  const ignore =
    (options.ignoreDuplicates ?? true)
      ? new Set(parseAlarms(previous?.attributes.alarm))
      : new Set();
  return current
    .filter((key) => !ignore.has(key))
    .map((key) => makeEvent('alarm', position, { attributes: { alarm: key } }));
}

/** `driverChanged` when the position names a driver different from the previous position's. */
export function driverEvents(previous: Previous, position: TrackPosition): NewEvent[] {
  const driver = position.attributes.driverUniqueId;
  if (typeof driver !== 'string' || driver === '') return [];
  if (previous?.attributes.driverUniqueId === driver) return [];
  return [makeEvent('driverChanged', position, { attributes: { driverUniqueId: driver } })];
}

/**
 * `commandResult` when the position carries a device's answer to a command (`result`), with its
 * text, whether or not the position is the latest (the answer is news either way).
 */
export function commandResultEvents(position: TrackPosition): NewEvent[] {
  const result = position.attributes.result;
  if (typeof result !== 'string' && typeof result !== 'number') return [];
  return [makeEvent('commandResult', position, { attributes: { result: String(result) } })];
}

// ---------------------------------------------------------------- fuel

export interface FuelOptions {
  /** Device attribute `fuelDropThreshold` (same unit as the fuel reading; 0 = off). */
  dropThreshold?: number;
  /** Device attribute `fuelIncreaseThreshold` (0 = off). */
  increaseThreshold?: number;
}

/**
 * `deviceFuelDrop`/`deviceFuelIncrease` when the fuel reading changed by at least the threshold
 * since the previous position. Reads `fuel` (litres), else `fuelLevel` (%), on both positions.
 */
export function fuelEvents(
  previous: Previous,
  position: TrackPosition,
  options: FuelOptions = {},
): NewEvent[] {
  if (!previous) return [];
  const key = ['fuel', 'fuelLevel'].find(
    (k) =>
      toNumberAttribute(position.attributes[k]) !== undefined &&
      toNumberAttribute(previous.attributes[k]) !== undefined,
  );
  if (!key) return [];
  const change =
    toNumberAttribute(position.attributes[key])! - toNumberAttribute(previous.attributes[key])!;
  const drop = options.dropThreshold ?? 0;
  const increase = options.increaseThreshold ?? 0;
  if (drop > 0 && -change >= drop) {
    return [makeEvent('deviceFuelDrop', position, { attributes: { fuelDropThreshold: drop } })];
  }
  if (increase > 0 && change >= increase) {
    return [
      makeEvent('deviceFuelIncrease', position, {
        attributes: { fuelIncreaseThreshold: increase },
      }),
    ];
  }
  return [];
}

// ---------------------------------------------------------------- all together

export interface DetectInput {
  previous: Previous;
  position: TrackPosition;
  overspeed: OverspeedState;
  /** From `resolveSpeedLimit`. */
  speedLimit: { speedLimit: number; geofenceId: number };
  geofence?: GeofenceEventOptions;
  overspeedOptions?: OverspeedOptions;
  alarm?: AlarmOptions;
  fuel?: FuelOptions;
}

/** Runs every detector in Traccar's handler order; returns the events and the new overspeed state. */
export function detectEvents(input: DetectInput): {
  events: NewEvent[];
  overspeed: OverspeedState;
} {
  const { previous, position } = input;
  const overspeed = overspeedEvents(
    input.overspeed,
    position,
    input.speedLimit,
    input.overspeedOptions,
  );
  return {
    events: [
      ...geofenceEvents(previous, position, input.geofence),
      ...overspeed.events,
      ...alarmEvents(previous, position, input.alarm),
      ...ignitionEvents(previous, position),
      ...fuelEvents(previous, position, input.fuel),
      ...driverEvents(previous, position),
      ...commandResultEvents(position),
    ],
    overspeed: overspeed.state,
  };
}
