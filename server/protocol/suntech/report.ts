import type { DecodedPosition } from '../../processing/types';
import type { DecodeResult } from '../shared/definition';
import { newPosition, resultPosition, setLocation } from '../shared/position';
import { knotsFromKmh } from '../../../model/units';
import { PROTOCOL } from './fields';

/** What every Suntech report becomes, whatever its format. */

export interface Fix {
  time: number;
  valid: boolean;
  latitude: number;
  longitude: number;
  /** km/h, as every Suntech format sends it. */
  speed: number;
  course: number;
}

/** A position at `time` with the report's fix. */
export function fixPosition(fix: Fix): DecodedPosition {
  const position = newPosition(PROTOCOL, fix.time);
  setLocation(position, fix);
  position.speed = knotsFromKmh(fix.speed);
  position.course = fix.course;
  return position;
}

/** A report that names its device and carries nothing to store (keep-alive, settings). */
export function identified(id: string): DecodeResult {
  return { identify: [id] };
}

export function located(id: string, position: DecodedPosition): DecodeResult {
  return { identify: [id], positions: [position] };
}

/** A device's answer to a command: the text after its identifier, as Traccar stores it. */
export function answered(id: string, result: string, now: number): DecodeResult {
  return located(id, resultPosition(PROTOCOL, now, result));
}
