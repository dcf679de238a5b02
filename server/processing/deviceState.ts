import { isPlainObject } from '../db/json';
import { INITIAL_OVERSPEED_STATE, type OverspeedState } from './events';
import type { MotionPoint, MotionState } from './motion';

/**
 * What the pipeline remembers per device between positions, kept in memory and persisted to
 * `devices.state` so a restart carries on (never sent to clients). The previous position itself is
 * not in here: it is the device's latest stored position (`devices.position_id`).
 */
export interface DeviceState {
  motion: MotionState | null;
  overspeed: OverspeedState;
}

export const initialDeviceState = (): DeviceState => ({
  motion: null,
  overspeed: { ...INITIAL_OVERSPEED_STATE },
});

const isNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);

/**
 * A motion point as written: `[id, fixTime, latitude, longitude]`, the device being the row's.
 * Several instances sharing a database write the state with every batch and read it back as
 * often (docs/scaling.md): a moving device's history holds minutes of points, so their
 * size is most of the cost. Points written as objects (before) are still read.
 */
type PackedPoint = [number, number, number, number];

const pack = (p: MotionPoint): PackedPoint => [p.id, p.fixTime, p.latitude, p.longitude];

function readPoint(value: unknown, deviceId: number): MotionPoint | null {
  if (Array.isArray(value)) {
    if (value.length !== 4 || !value.every(isNumber)) return null;
    const [id, fixTime, latitude, longitude] = value as PackedPoint;
    return { id, deviceId, fixTime, latitude, longitude };
  }
  if (!isPlainObject(value)) return null;
  const { id, fixTime, latitude, longitude } = value;
  if (![id, fixTime, latitude, longitude].every(isNumber)) return null;
  return {
    id: id as number,
    deviceId: isNumber(value.deviceId) ? value.deviceId : deviceId,
    fixTime: fixTime as number,
    latitude: latitude as number,
    longitude: longitude as number,
  };
}

function readMotion(value: unknown, deviceId: number): MotionState | null {
  if (!isPlainObject(value) || typeof value.moving !== 'boolean') return null;
  const eventPoint = readPoint(value.eventPoint, deviceId);
  if (!eventPoint || !Array.isArray(value.history)) return null;
  const history = value.history.map((point) => readPoint(point, deviceId));
  if (history.some((p) => p === null)) return null;
  return { moving: value.moving, eventPoint, history: history as MotionPoint[] };
}

function readOverspeed(value: unknown): OverspeedState {
  if (!isPlainObject(value) || typeof value.overspeed !== 'boolean') {
    return { ...INITIAL_OVERSPEED_STATE };
  }
  return {
    overspeed: value.overspeed,
    since: isNumber(value.since) ? value.since : null,
    geofenceId: isNumber(value.geofenceId) ? value.geofenceId : 0,
  };
}

/** Reads state already parsed from JSON (see `parseDeviceState`). */
export function readDeviceState(value: unknown, deviceId: number): DeviceState {
  if (!isPlainObject(value)) return initialDeviceState();
  return {
    motion: readMotion(value.motion, deviceId),
    overspeed: readOverspeed(value.overspeed),
  };
}

/**
 * Reads the stored JSON of device `deviceId`; anything damaged starts fresh rather than failing
 * the device.
 */
export function parseDeviceState(text: string | null | undefined, deviceId: number): DeviceState {
  if (!text) return initialDeviceState();
  try {
    return readDeviceState(JSON.parse(text), deviceId);
  } catch {
    return initialDeviceState();
  }
}

/** The plain object `serializeDeviceState` writes as JSON. */
export function deviceStateValue(state: DeviceState): Record<string, unknown> {
  const { motion, overspeed } = state;
  return {
    motion: motion && {
      moving: motion.moving,
      eventPoint: pack(motion.eventPoint),
      history: motion.history.map(pack),
    },
    overspeed,
  };
}

export function serializeDeviceState(state: DeviceState): string {
  return JSON.stringify(deviceStateValue(state));
}
