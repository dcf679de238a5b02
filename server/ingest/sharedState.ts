import { isPlainObject } from '../../model/json';
import {
  initialDeviceState,
  readDeviceState,
  serializeDeviceState,
  type DeviceState,
} from '../processing/deviceState';
import type { PositionRecord } from '../processing/types';
import { positionFromJson, positionText } from '../serialize';

/**
 * What instances sharing a database write to `devices.state` with every batch: the pipeline
 * state and, beside it, the device's latest position itself (`last`, as its Traccar JSON; the
 * record's own JSON, which earlier versions wrote, still reads). The instance that next
 * processes the device reads both from the row it locks, rather than looking the position up by
 * id, which on a table partitioned by fix time means one probe per partition. A `last` that is
 * missing, damaged or not the row's `position_id` (an API edit moved it) reads as null: the
 * caller then looks the position up.
 */

export function writeSharedState(state: DeviceState, last: PositionRecord | null): string {
  // The state's JSON with `last` added as its Traccar JSON, the text built once: the live
  // sockets and the batch relay send the same text.
  return serializeDeviceState(state, `"last":${last ? positionText(last) : 'null'}`);
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
  const last = isPlainObject(value) ? positionFromJson(value.last, deviceId) : null;
  return {
    state: readDeviceState(value, deviceId, previous),
    last: last !== null && last.id === positionId ? last : null,
  };
}
