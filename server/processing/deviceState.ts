import { isFiniteNumber, isPlainObject } from '../../model/json';
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
    if (value.length !== 4 || !value.every(isFiniteNumber)) return null;
    const [id, fixTime, latitude, longitude] = value as PackedPoint;
    return { id, deviceId, fixTime, latitude, longitude };
  }
  if (!isPlainObject(value)) return null;
  const { id, fixTime, latitude, longitude } = value;
  if (![id, fixTime, latitude, longitude].every(isFiniteNumber)) return null;
  return {
    id: id as number,
    deviceId: isFiniteNumber(value.deviceId) ? value.deviceId : deviceId,
    fixTime: fixTime as number,
    latitude: latitude as number,
    longitude: longitude as number,
  };
}

/** Points already held, by id, so a state read again shares them (and their packed texts). */
type KnownPoints = Map<number, MotionPoint>;

function knownPoints(state: DeviceState | undefined): KnownPoints | null {
  const motion = state?.motion;
  if (!motion) return null;
  const known: KnownPoints = new Map();
  known.set(motion.eventPoint.id, motion.eventPoint);
  for (const p of motion.history) known.set(p.id, p);
  return known;
}

function readKnownPoint(value: unknown, deviceId: number, known: KnownPoints | null) {
  const read = readPoint(value, deviceId);
  const held = read && known?.get(read.id);
  const same =
    held &&
    held.deviceId === read.deviceId &&
    held.fixTime === read.fixTime &&
    held.latitude === read.latitude &&
    held.longitude === read.longitude;
  return same ? held : read;
}

function readMotion(
  value: unknown,
  deviceId: number,
  known: KnownPoints | null,
): MotionState | null {
  if (!isPlainObject(value) || typeof value.moving !== 'boolean') return null;
  const eventPoint = readKnownPoint(value.eventPoint, deviceId, known);
  if (!eventPoint || !Array.isArray(value.history)) return null;
  const history = value.history.map((point) => readKnownPoint(point, deviceId, known));
  if (history.some((p) => p === null)) return null;
  return { moving: value.moving, eventPoint, history: history as MotionPoint[] };
}

function readOverspeed(value: unknown): OverspeedState {
  if (!isPlainObject(value) || typeof value.overspeed !== 'boolean') {
    return { ...INITIAL_OVERSPEED_STATE };
  }
  return {
    overspeed: value.overspeed,
    since: isFiniteNumber(value.since) ? value.since : null,
    geofenceId: isFiniteNumber(value.geofenceId) ? value.geofenceId : 0,
  };
}

/**
 * Reads state already parsed from JSON (see `parseDeviceState`). Points equal to those of
 * `previous` (what memory held of the device) are taken from it rather than copied: when
 * instances share the database, a device's state is read again whenever another instance
 * processed it, and most of its history is what this instance held already.
 */
export function readDeviceState(
  value: unknown,
  deviceId: number,
  previous?: DeviceState,
): DeviceState {
  if (!isPlainObject(value)) return initialDeviceState();
  return {
    motion: readMotion(value.motion, deviceId, knownPoints(previous)),
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

/**
 * A point's packed JSON, written once per point and kept on it (not enumerable, so neither
 * JSON, spreads nor comparisons see it). A moving device's history holds minutes of points and
 * is written whole with every batch when several instances share the database, while one point
 * joins it per fix: formatting each point's coordinates again every time was most of the cost.
 */
const PACKED = Symbol('packed');

function packedText(p: MotionPoint): string {
  const cached = (p as MotionPoint & { [PACKED]?: string })[PACKED];
  if (cached !== undefined) return cached;
  const text = JSON.stringify(pack(p));
  if (Object.isExtensible(p)) Object.defineProperty(p, PACKED, { value: text });
  return text;
}

/**
 * The state's JSON: `{motion: {moving, eventPoint, history} | null, overspeed}` with the points
 * packed (as `JSON.stringify` would write it, each point's text built once), and `more` members
 * (`"key":value` text) after them when the caller stores something beside the state.
 */
export function serializeDeviceState(state: DeviceState, more = ''): string {
  const { motion, overspeed } = state;
  const motionText = motion
    ? `{"moving":${motion.moving},"eventPoint":${packedText(motion.eventPoint)},"history":[${motion.history.map(packedText).join(',')}]}`
    : 'null';
  return `{"motion":${motionText},"overspeed":${JSON.stringify(overspeed)}${more && `,${more}`}}`;
}
