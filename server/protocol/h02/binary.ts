import type { DecodeResult } from '../shared/definition';
import { FrameError } from '../shared/definition';
import { Reader, hex } from '../shared/bytes';
import { newPosition, setLocation } from '../shared/position';
import { utcTime } from './clock';
import { applyStatus } from './status';
import { PROTOCOL } from './text';

/**
 * The binary report: `$`, the device id in BCD, then a fix in BCD digits.
 *
 *   $ | id (5 bytes, 10 digits; 8 bytes, 15 digits in 42-byte reports) | hh mm ss dd mm yy |
 *   latitude ddmmmmmm (4) | battery (1) | longitude dddmmmmmm + flags nibble (5) |
 *   speed ddd + course hundreds nibble (2) | course tens and units (1) | status (4) | …
 *
 * Reports are 32, 45 or more bytes long; what follows the status varies by firmware and carries
 * nothing Traccar reads. Flags: 0x2 valid fix, 0x4 north, 0x8 east.
 */

/** Length of the reports that carry a 15-digit IMEI in 8 bytes. */
export const LONG_ID_LENGTH = 42;

/** One BCD byte as its two-digit value; FrameError when a nibble is above 9. */
function bcdByte(reader: Reader): number {
  const byte = reader.u8();
  const high = byte >> 4;
  const low = byte & 0x0f;
  if (high > 9 || low > 9) throw new FrameError(`not BCD: ${byte.toString(16)}`);
  return high * 10 + low;
}

/** A digit in the high nibble of the next byte, without consuming it. */
function highDigit(reader: Reader): number {
  if (reader.remaining < 1) throw new FrameError('frame too short for its last digit');
  const digit = reader.buffer[reader.position] >> 4;
  if (digit > 9) throw new FrameError('not a BCD digit');
  return digit;
}

/** Battery byte: 1–6 is a level on the device's six-step scale, up to 100 a percentage. */
function batteryLevel(value: number): number | null {
  if (value === 0) return null;
  if (value <= 3) return (value - 1) * 10;
  if (value <= 6) return (value - 1) * 20;
  if (value <= 100) return value;
  if (value >= 0xf1 && value <= 0xf6) return value - 0xf0;
  return null;
}

export function decodeBinary(frame: Buffer): DecodeResult {
  const reader = new Reader(frame);
  reader.skip(1);
  const longId = frame.length === LONG_ID_LENGTH;
  const id = hex(reader.bytes(longId ? 8 : 5)).slice(0, longId ? 15 : 10);
  if (!/^\d+$/.test(id)) throw new FrameError(`not a BCD device id: ${id}`);

  const hour = bcdByte(reader);
  const minute = bcdByte(reader);
  const second = bcdByte(reader);
  const day = bcdByte(reader);
  const month = bcdByte(reader);
  const year = bcdByte(reader);
  const time = utcTime(day, month, year, hour, minute, second);

  // Latitude: two digits of degrees, then minutes as mm.mmmm.
  let latitude = bcdByte(reader);
  latitude += (bcdByte(reader) + (bcdByte(reader) * 100 + bcdByte(reader)) / 10000) / 60;

  const battery = batteryLevel(reader.u8());

  // Longitude: three digits of degrees, then minutes as mm.mmmm, ending in the flags nibble.
  let longitude = bcdByte(reader) * 10 + highDigit(reader);
  const minutesTens = reader.u8() & 0x0f;
  if (minutesTens > 9) throw new FrameError('not a BCD digit');
  const minutesRest = bcdByte(reader) * 1000 + bcdByte(reader) * 10 + highDigit(reader);
  const flags = reader.u8() & 0x0f;
  longitude += (minutesTens * 10 + minutesRest / 10000) / 60;

  const speed = bcdByte(reader) * 10 + highDigit(reader);
  const hundreds = reader.u8() & 0x0f;
  if (hundreds > 9) throw new FrameError('not a BCD digit');
  const course = hundreds * 100 + bcdByte(reader);
  const status = reader.u32();

  const position = newPosition(PROTOCOL, time);
  setLocation(position, {
    time,
    valid: (flags & 0x02) !== 0,
    latitude: flags & 0x04 ? latitude : -latitude,
    longitude: flags & 0x08 ? longitude : -longitude,
  });
  position.speed = speed;
  position.course = course;
  if (battery !== null) position.attributes.batteryLevel = battery;
  applyStatus(position, status);
  return { identify: [id], positions: [position] };
}
