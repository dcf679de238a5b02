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

function readPoint(value: unknown): MotionPoint | null {
  if (!isPlainObject(value)) return null;
  const { id, deviceId, fixTime, latitude, longitude } = value;
  if (![id, deviceId, fixTime, latitude, longitude].every(isNumber)) return null;
  return value as unknown as MotionPoint;
}

function readMotion(value: unknown): MotionState | null {
  if (!isPlainObject(value) || typeof value.moving !== 'boolean') return null;
  const eventPoint = readPoint(value.eventPoint);
  if (!eventPoint || !Array.isArray(value.history)) return null;
  const history = value.history.map(readPoint);
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

/** Reads the stored JSON; anything damaged starts fresh rather than failing the device. */
export function parseDeviceState(text: string | null | undefined): DeviceState {
  if (!text) return initialDeviceState();
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return initialDeviceState();
  }
  if (!isPlainObject(value)) return initialDeviceState();
  return { motion: readMotion(value.motion), overspeed: readOverspeed(value.overspeed) };
}

export function serializeDeviceState(state: DeviceState): string {
  return JSON.stringify(state);
}
