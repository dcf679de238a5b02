import { crc16X25 } from '../shared/checksum';
import { FrameError } from '../shared/definition';

/**
 * The GT06 frame, as the Concox documents describe it:
 *
 *   78 78 | length (1) | protocol number | content | serial (2) | CRC (2) | 0D 0A
 *   79 79 | length (2) | protocol number | content | serial (2) | CRC (2) | 0D 0A
 *
 * The length counts the protocol number, the content, the serial and the CRC. The CRC is
 * CRC-16/X-25 (the documents call it CRC-ITU) from the length field to the serial.
 *
 * Clones bend this in three ways the decoder still accepts, because real devices send them:
 * a length byte that miscounts (the CRC still holds over the bytes actually sent), a Wi-Fi report
 * (0x17, 0x69) whose length byte is really its access-point count and which has no serial nor
 * CRC, and an old GPS-only report (0x10) whose length counts the content alone, again without
 * serial nor CRC.
 */

export const SHORT_START = 0x78;
export const LONG_START = 0x79;
export const STOP = Buffer.from([0x0d, 0x0a]);

/** A GPS report carries 18 bytes: time (6), satellites (1), latitude, longitude (4+4), speed, course-status (2). */
export const GPS_LENGTH = 18;

/** Protocol numbers the frame layer itself needs to know. */
export const MSG_GPS = 0x10;
export const MSG_WIFI = 0x17;
export const MSG_WIFI_2 = 0x69;
export const MSG_COMMAND = 0x80;

/** Protocol numbers whose Wi-Fi report may come with the access-point count in the length byte. */
export const COUNTED_WIFI_TYPES: ReadonlySet<number> = new Set([MSG_WIFI, MSG_WIFI_2]);

/** One frame, cut into its fields. */
export interface Gt06Message {
  /** How the frame was laid out (see the module comment). */
  form: 'standard' | 'countedWifi' | 'bare';
  /** `79 79` (two-byte length) rather than `78 78`. */
  extended: boolean;
  /** Protocol number. */
  type: number;
  /** What lies between the protocol number and the serial (the whole rest for the CRC-less forms). */
  content: Buffer;
  /** The frame's serial, which acknowledgements echo; 0 for the forms that carry none. */
  serial: number;
  /** For a counted Wi-Fi report: the access-point count its length byte holds. */
  wifiCount: number;
}

/** Where the frame's length field ends (and the protocol number sits). */
export const headerLength = (extended: boolean): number => (extended ? 4 : 3);

/** Builds a standard frame: the protocol number, content and serial, with length and CRC. */
export function buildFrame(
  type: number,
  content: Buffer,
  serial: number,
  extended = false,
): Buffer {
  const head = headerLength(extended);
  const length = 1 + content.length + 2 + 2;
  if (length > (extended ? 0xffff : 0xff)) {
    throw new RangeError(`GT06 content too long for its frame: ${content.length} bytes`);
  }
  const frame = Buffer.alloc(head + length + 2);
  frame[0] = extended ? LONG_START : SHORT_START;
  frame[1] = frame[0];
  if (extended) frame.writeUInt16BE(length, 2);
  else frame[2] = length;
  frame[head] = type;
  content.copy(frame, head + 1);
  const serialAt = head + 1 + content.length;
  frame.writeUInt16BE(serial & 0xffff, serialAt);
  frame.writeUInt16BE(crc16X25(frame, 2, serialAt + 2), serialAt + 2);
  STOP.copy(frame, serialAt + 4);
  return frame;
}

/** Whether `buffer` starts a frame at `at` (`78 78` or `79 79`). */
export function isStart(buffer: Buffer, at: number): boolean {
  const first = buffer[at];
  return (first === SHORT_START || first === LONG_START) && buffer[at + 1] === first;
}

/** Whether the frame of `length` bytes at the start of `buffer` ends with `0D 0A`. */
export function endsWithStop(buffer: Buffer, length: number): boolean {
  return (
    length >= 4 &&
    length <= buffer.length &&
    buffer[length - 2] === 0x0d &&
    buffer[length - 1] === 0x0a
  );
}

/**
 * Whether the `length` bytes at the start of `buffer` are a frame whose CRC holds: the two bytes
 * before `0D 0A` are the CRC of everything from the length field up to them.
 */
export function crcHolds(buffer: Buffer, length: number, extended: boolean): boolean {
  // Length field, protocol number, serial and CRC at the least.
  if (length < headerLength(extended) + 1 + 4 + 2 || !endsWithStop(buffer, length)) return false;
  return crc16X25(buffer, 2, length - 4) === buffer.readUInt16BE(length - 4);
}

/** The declared length of a frame starting at 0, or null until enough bytes are there to read it. */
export function declaredTotal(buffer: Buffer): number | null {
  const extended = buffer[0] === LONG_START;
  const head = headerLength(extended);
  if (buffer.length < head) return null;
  const length = extended ? buffer.readUInt16BE(2) : buffer[2];
  return head + length + 2;
}

/**
 * The smallest size of a counted Wi-Fi report starting at 0: header and count (3), protocol
 * number, BCD time (6), count × (MAC 6 + signal 1), cell count, MCC (2), MNC (1), cells × (LAC 2,
 * CI 2, signal 1), `0D 0A`. Null until the cell count has arrived. Some firmware adds a byte or
 * two before `0D 0A`, up to `COUNTED_WIFI_SLACK`.
 */
export function countedWifiTotal(buffer: Buffer): number | null {
  const wifiCount = buffer[2];
  const cellCountAt = 4 + 6 + wifiCount * 7;
  if (buffer.length <= cellCountAt) return null;
  return cellCountAt + 1 + 3 + buffer[cellCountAt] * 5 + 2;
}

/** How many bytes past its smallest size a counted Wi-Fi report may end. */
export const COUNTED_WIFI_SLACK = 4;

/** Where a counted Wi-Fi report starting at 0 ends, if its bytes are in: -1 when they are not yet. */
export function countedWifiEnd(buffer: Buffer): number | null {
  const minimum = countedWifiTotal(buffer);
  if (minimum === null || buffer.length < minimum) return -1;
  for (
    let length = minimum;
    length <= minimum + COUNTED_WIFI_SLACK && length <= buffer.length;
    length++
  ) {
    if (endsWithStop(buffer, length)) return length;
  }
  return buffer.length >= minimum + COUNTED_WIFI_SLACK ? null : -1;
}

/** The size of an old CRC-less GPS report (0x10) whose length byte counts its content alone. */
export const BARE_GPS_TOTAL = 4 + GPS_LENGTH + 2;

/** Reads a whole frame (as the splitter cut it) into its fields; FrameError when it is none. */
export function parseFrame(frame: Buffer): Gt06Message {
  if (!isStart(frame, 0)) throw new FrameError('not a GT06 frame: no 7878/7979 start');
  const extended = frame[0] === LONG_START;
  const head = headerLength(extended);
  if (frame.length < head + 1 + 2) throw new FrameError('GT06 frame too short');
  const type = frame[head];
  if (crcHolds(frame, frame.length, extended)) {
    // The length byte is not trusted here: a clone's miscounted length with a good CRC is still a
    // good frame, and the content is what lies between the protocol number and the serial.
    return {
      form: 'standard',
      extended,
      type,
      content: frame.subarray(head + 1, frame.length - 6),
      serial: frame.readUInt16BE(frame.length - 6),
      wifiCount: 0,
    };
  }
  if (!extended && COUNTED_WIFI_TYPES.has(type) && countedWifiEnd(frame) === frame.length) {
    return {
      form: 'countedWifi',
      extended,
      type,
      content: frame.subarray(4, frame.length - 2),
      serial: 0,
      wifiCount: frame[2],
    };
  }
  if (
    !extended &&
    type === MSG_GPS &&
    frame[2] === GPS_LENGTH &&
    frame.length === BARE_GPS_TOTAL &&
    endsWithStop(frame, frame.length)
  ) {
    return {
      form: 'bare',
      extended,
      type,
      content: frame.subarray(4, frame.length - 2),
      serial: 0,
      wifiCount: 0,
    };
  }
  throw new FrameError('GT06 frame with a bad CRC');
}
