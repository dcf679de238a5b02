import type { Network } from '../../model';
import { isPlainObject } from '../db/json';
import {
  initialDeviceState,
  readDeviceState,
  serializeDeviceState,
  type DeviceState,
} from '../processing/deviceState';
import type { PositionRecord } from '../processing/types';
import { positionRecordText } from '../serialize';

/**
 * What instances sharing a database write to `devices.state` with every batch: the pipeline
 * state and, beside it, the device's latest position itself (`last`). The instance that next
 * processes the device reads both from the row it locks, rather than looking the position up by
 * id, which on a table partitioned by fix time means one probe per partition. A `last` that is
 * missing, damaged or not the row's `position_id` (an API edit moved it) reads as null: the
 * caller then looks the position up.
 */

export function writeSharedState(state: DeviceState, last: PositionRecord | null): string {
  // The state's JSON with `last` added, the position's text built once: the batch relay sends
  // the same record to the other instances.
  return serializeDeviceState(state, `"last":${last ? positionRecordText(last) : 'null'}`);
}

const isNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);
const isText = (value: unknown): value is string | null =>
  value === null || typeof value === 'string';

const NUMBERS = [
  'id',
  'serverTime',
  'deviceTime',
  'fixTime',
  'latitude',
  'longitude',
  'altitude',
  'speed',
  'course',
  'accuracy',
] as const;

function readLast(value: unknown, deviceId: number): PositionRecord | null {
  if (!isPlainObject(value) || value.deviceId !== deviceId) return null;
  if (!NUMBERS.every((key) => isNumber(value[key]))) return null;
  const { valid, outdated, protocol, address, network, geofenceIds, attributes } = value;
  if (typeof valid !== 'boolean' || typeof outdated !== 'boolean') return null;
  if (!isText(protocol) || !isText(address) || !isPlainObject(attributes)) return null;
  if (network !== null && !isPlainObject(network)) return null;
  if (geofenceIds !== null && !(Array.isArray(geofenceIds) && geofenceIds.every(isNumber))) {
    return null;
  }
  return {
    id: value.id as number,
    deviceId,
    protocol,
    serverTime: value.serverTime as number,
    deviceTime: value.deviceTime as number,
    fixTime: value.fixTime as number,
    outdated,
    valid,
    latitude: value.latitude as number,
    longitude: value.longitude as number,
    altitude: value.altitude as number,
    speed: value.speed as number,
    course: value.course as number,
    address,
    accuracy: value.accuracy as number,
    network: network as Network | null,
    geofenceIds: geofenceIds as number[] | null,
    attributes,
  };
}

/** `previous`: the state memory held of the device, whose equal points are reused. */
export function readSharedState(
  text: string | null,
  deviceId: number,
  positionId: number,
  previous?: DeviceState,
): { state: DeviceState; last: PositionRecord | null } {
  let value: unknown;
  try {
    value = text ? JSON.parse(text) : null;
  } catch {
    return { state: initialDeviceState(), last: null };
  }
  const last = isPlainObject(value) ? readLast(value.last, deviceId) : null;
  return {
    state: readDeviceState(value, deviceId, previous),
    last: last !== null && last.id === positionId ? last : null,
  };
}
