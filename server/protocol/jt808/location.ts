import type { DecodedPosition } from '../../processing/types';
import { bcd, Reader } from '../shared/bytes';
import { addAlarm, newPosition, setLocation } from '../shared/position';
import { knotsFromKmh } from '../../../model/units';
import { alarmsFromFlags, bit, STATUS } from './alarms';
import { decodeItems } from './items';

export const PROTOCOL = 'jt808';

/**
 * Times in JT808 are BCD `yyMMddHHmmss` in Beijing time (GMT+8), the zone the standard fixes and
 * Traccar assumes unless a device is configured otherwise.
 */
const ZONE_OFFSET = 8 * 3600 * 1000;

/** Reads a BCD time; an impossible date (a device without a clock yet sends zeros) gives `now`. */
export function readTime(reader: Reader, now: number): number {
  const digits = bcd(reader.bytes(6));
  const [year, month, day, hour, minute, second] = (digits.match(/\d\d/g) ?? []).map(Number);
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 59) {
    return now;
  }
  return Date.UTC(2000 + year, month - 1, day, hour, minute, second) - ZONE_OFFSET;
}

/** Writes a time as the device sends it (BCD in GMT+8). */
export function timeBytes(time: number): Buffer {
  const date = new Date(time + ZONE_OFFSET);
  const two = (n: number) => String(n).padStart(2, '0');
  const text =
    two(date.getUTCFullYear() % 100) +
    two(date.getUTCMonth() + 1) +
    two(date.getUTCDate()) +
    two(date.getUTCHours()) +
    two(date.getUTCMinutes()) +
    two(date.getUTCSeconds());
  return Buffer.from(text, 'hex');
}

export interface Location {
  position: DecodedPosition;
  /** The status word, for the messages that answer with it (vehicle control). */
  status: number;
}

/**
 * A location report's body (0x0200, and the same layout inside batches and answers): the 28-byte
 * basic information, then the additional information items.
 */
export function decodeLocation(reader: Reader, now: number): Location {
  const position = newPosition(PROTOCOL, now);
  for (const alarm of alarmsFromFlags(reader.u32())) addAlarm(position, alarm);
  const status = reader.u32();
  position.attributes.ignition = bit(status, STATUS.ignition);
  position.attributes.blocked = bit(status, STATUS.blocked);
  position.attributes.charge = bit(status, STATUS.charge);
  const latitude = reader.u32() / 1e6;
  const longitude = reader.u32() / 1e6;
  position.altitude = reader.i16();
  position.speed = knotsFromKmh(reader.u16() / 10);
  position.course = reader.u16();
  const time = readTime(reader, now);
  position.deviceTime = time;
  setLocation(position, {
    time,
    valid: bit(status, STATUS.valid),
    latitude: bit(status, STATUS.south) ? -latitude : latitude,
    longitude: bit(status, STATUS.west) ? -longitude : longitude,
  });
  if (reader.remaining === 18) decodeFixedTail(position, reader);
  else decodeItems(position, reader);
  return { position, status };
}

/**
 * One family sends a fixed 18-byte tail instead of items: battery and trip data, odometer in km,
 * battery in 0.1 V, an area id, signal strength and reserved bytes.
 */
function decodeFixedTail(position: DecodedPosition, reader: Reader): void {
  reader.skip(4);
  position.attributes.odometer = reader.u32() * 1000;
  position.attributes.battery = reader.u16() / 10;
  reader.skip(4);
  position.attributes.rssi = reader.u8();
  reader.skip(3);
}
