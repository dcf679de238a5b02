import type { CellTower } from '../../../model';
import type { DecodedPosition } from '../../processing/types';
import { Reader } from '../shared/bytes';
import { crc16CcittFalse } from '../shared/checksum';
import { FrameError, type DecodeResult } from '../shared/definition';
import { addAlarm, addCellTower, newPosition, setLocation } from '../shared/position';
import { knotsFromKmh } from '../../../model/units';
import { PROTOCOL, hex4 } from './constants';
import { applyState } from './text';

/**
 * The binary ("HEX") form of @Track, which a device sends when its protocol format is set to HEX:
 *
 *   +RSP / +BSP   position reports (+BSP from the buffer)   length: 2 bytes at offset 9
 *   +EVT / +BVT   event reports                             length: 2 bytes at offset 9
 *   +INF / +BNF   information reports                       length: 2 bytes at offset 7
 *   +HBD          heartbeat                                 length: 1 byte at offset 5
 *   +ACK          command acknowledgement                   length: 1 byte at offset 6
 *   +CRD +BRD +LGN                                           length: 2 bytes at offset 6
 *
 * Each ends with its count number (2 bytes), a CRC-16/CCITT-FALSE of everything after the
 * 4-byte header up to the CRC, and CR LF. The newest models send a compact frame instead: `+`,
 * 0x00, a 2-byte length, and tagged records, ending with a check byte and `$`.
 */

const LENGTHS: Readonly<Record<string, { offset: number; size: 1 | 2 }>> = {
  '+RSP': { offset: 9, size: 2 },
  '+BSP': { offset: 9, size: 2 },
  '+EVT': { offset: 9, size: 2 },
  '+BVT': { offset: 9, size: 2 },
  '+INF': { offset: 7, size: 2 },
  '+BNF': { offset: 7, size: 2 },
  '+HBD': { offset: 5, size: 1 },
  '+ACK': { offset: 6, size: 1 },
  '+CRD': { offset: 6, size: 2 },
  '+BRD': { offset: 6, size: 2 },
  '+LGN': { offset: 6, size: 2 },
};

/** Header, count number, CRC and CR LF: no binary frame is shorter. */
export const MIN_BINARY = 12;
/** The compact frame's fixed parts. */
export const MIN_COMPACT = 23;

export type BinaryKind = 'binary' | 'compact';

/** Whether a frame starting at `buffer[0]` ('+') is binary; null until enough bytes are here. */
export function binaryKind(buffer: Buffer): BinaryKind | 'text' | null {
  if (buffer.length < 2) return null;
  if (buffer[1] === 0x00) return 'compact';
  if (buffer.length < 5) return null;
  const header = buffer.toString('latin1', 0, 4);
  if (header === '+ACK') return buffer[4] === 0x3a ? 'text' : 'binary';
  return header in LENGTHS ? 'binary' : 'text';
}

/** The frame length its length field gives, or null until the field has arrived. */
export function binaryLength(buffer: Buffer, kind: BinaryKind): number | null {
  if (kind === 'compact') return buffer.length < 4 ? null : buffer.readUInt16BE(2);
  const field = LENGTHS[buffer.toString('latin1', 0, 4)];
  if (buffer.length < field.offset + field.size) return null;
  return field.size === 1 ? buffer[field.offset] : buffer.readUInt16BE(field.offset);
}

/**
 * Whether a whole frame of `length` bytes is intact: the CR LF tail and the CRC of the classic
 * frames, the `$` tail of the compact ones (their check byte's algorithm is not documented).
 */
export function binaryIntact(frame: Buffer, kind: BinaryKind): 'ok' | 'tail' | 'crc' {
  if (kind === 'compact') {
    return frame.length >= MIN_COMPACT && frame[frame.length - 1] === 0x24 ? 'ok' : 'tail';
  }
  const n = frame.length;
  if (n < MIN_BINARY || frame[n - 2] !== 0x0d || frame[n - 1] !== 0x0a) return 'tail';
  return crc16CcittFalse(frame, 4, n - 4) === frame.readUInt16BE(n - 4) ? 'ok' : 'crc';
}

export function decodeBinary(frame: Buffer, now: number): DecodeResult {
  const kind = binaryKind(frame);
  if (kind === null || kind === 'text') throw new FrameError('not a binary @Track frame');
  const length = binaryLength(frame, kind);
  if (length !== frame.length)
    throw new FrameError(`frame length ${frame.length}, field ${length}`);
  const intact = binaryIntact(frame, kind);
  if (intact !== 'ok') throw new FrameError(`binary frame ${intact} check failed`);
  if (kind === 'compact') return decodeCompact(frame);
  switch (frame.toString('latin1', 0, 4)) {
    case '+RSP':
    case '+BSP':
      return decodeReport(frame, now);
    case '+EVT':
    case '+BVT':
      return decodeEvent(frame, now);
    case '+HBD':
      return decodeHeartbeat(frame);
    case '+INF':
    case '+BNF':
      // Identification only: the layout of the information items depends on a mask not
      // documented well enough to read them safely.
      return identifyAt(frame, 9);
    case '+ACK':
      return identifyAt(frame, 12);
    default:
      return {};
  }
}

/**
 * The 8-byte unique ID: an IMEI with each pair of digits in one byte (the last byte the 15th
 * digit), or the device name when the device is set to report that instead. Null for a name.
 */
function readUniqueId(bytes: Buffer): string | null {
  if (bytes.length !== 8 || bytes.subarray(0, 7).some((b) => b > 99) || bytes[7] > 9) return null;
  let imei = '';
  for (let i = 0; i < 7; i++) imei += String(bytes[i]).padStart(2, '0');
  return imei + String(bytes[7]);
}

function identifyAt(frame: Buffer, offset: number): DecodeResult {
  const imei = readUniqueId(new Reader(frame, offset, frame.length - 4).bytes(8));
  return imei ? { identify: [imei] } : {};
}

/** Year (2 bytes), month, day, hour, minute, second, UTC; null for an empty or impossible time. */
function readTime(reader: Reader): number | null {
  const year = reader.u16();
  const month = reader.u8();
  const day = reader.u8();
  const hour = reader.u8();
  const minute = reader.u8();
  const second = reader.u8();
  if (year < 2000 || month < 1 || month > 12 || day < 1 || day > 31) return null;
  if (hour > 23 || minute > 59 || second > 59) return null;
  return Date.UTC(year, month - 1, day, hour, minute, second);
}

/**
 * The send time near the end of a classic frame, 7 bytes before the count number and CRC; the
 * arrival time when the device's mask left it out.
 */
function sendTimeOf(frame: Buffer, now: number): number {
  return readTime(new Reader(frame, frame.length - 13, frame.length - 6)) ?? now;
}

/** MCC and MNC are sent as their decimal digits read as hex (0x0460 for 460). */
const digits = (value: number): number => Number(value.toString(16));

/** One 32-byte location record: the binary twin of the text reports' location block. */
function readRecord(reader: Reader, position: DecodedPosition) {
  const hdop = reader.u8();
  // Speed: whole km/h in two bytes, then tenths in one (0.0 – 999.9 km/h in three bytes).
  const speedKph = reader.u16() + reader.u8() / 10;
  const course = reader.u16();
  const altitude = reader.i16();
  const longitude = reader.i32() / 1e6;
  const latitude = reader.i32() / 1e6;
  const time = readTime(reader);
  const tower: CellTower = {
    mobileCountryCode: digits(reader.u16()),
    mobileNetworkCode: digits(reader.u16()),
    locationAreaCode: reader.u16(),
    cellId: reader.u16(),
  };
  reader.skip(1);
  position.attributes.hdop = hdop;
  if (time !== null) {
    setLocation(position, { time, valid: hdop > 0, latitude, longitude });
    if (!position.outdated) {
      position.speed = knotsFromKmh(speedKph);
      position.course = course;
      position.altitude = altitude;
    }
  }
  if (
    Number.isFinite(tower.mobileCountryCode) &&
    (tower.locationAreaCode! > 0 || tower.cellId! > 0)
  ) {
    addCellTower(position, tower);
  }
}

interface Head {
  type: number;
  imei: string | null;
  battery: number;
  power: number;
  motion: number;
  satellites: number;
}

/** Type, mask, length, device type, protocol and firmware versions, unique ID, battery, power. */
function readHead(reader: Reader): Head {
  reader.skip(4);
  const type = reader.u8();
  reader.skip(4 + 2 + 1 + 2 + 2);
  const imei = readUniqueId(reader.bytes(8));
  const battery = reader.u8();
  const power = reader.u16();
  if (type === RSP_GEO) reader.skip(2);
  return { type, imei, battery, power, motion: reader.u8(), satellites: reader.u8() };
}

function headPosition(head: Head, time: number): DecodedPosition {
  const position = newPosition(PROTOCOL, time);
  const { attributes } = position;
  attributes.event = head.type;
  attributes.batteryLevel = head.battery;
  attributes.power = head.power / 1000;
  attributes.sat = head.satellites;
  applyState(position, head.motion.toString(16).padStart(2, '0'));
  return position;
}

/**
 * The device type whose report layout is known from real frames. Other models put other fields
 * (analog inputs, I/O masks) between the unique ID and the records, as their masks select, so
 * their reports are only identified.
 */
const GB100 = 0x45;
const RSP_LCB = 3;
const RSP_GEO = 8;
const RSP_COMPRESSED = 100;

function decodeReport(frame: Buffer, now: number): DecodeResult {
  if (frame[11] !== GB100) return identifyAt(frame, 16);
  const reader = new Reader(frame, 0, frame.length - 13);
  const head = readHead(reader);
  const identify = head.imei ? [head.imei] : undefined;
  const time = sendTimeOf(frame, now);
  // The compressed track is a bit-packed delta encoding; only its identification is read.
  if (head.type === RSP_COMPRESSED) return { identify };
  reader.skip(1); // report index
  if (head.type === RSP_LCB) {
    reader.skip(1); // phone number length
    // The calling number, BCD, ends in a nibble F.
    for (let b = reader.u8(); (b & 0x0f) !== 0x0f && (b & 0xf0) !== 0xf0; b = reader.u8());
  }
  const count = reader.u8();
  const positions: DecodedPosition[] = [];
  for (let i = 0; i < count; i++) {
    const position = headPosition(head, time);
    readRecord(reader, position);
    positions.push(position);
  }
  return { identify, positions };
}

/** Event codes with a meaning of their own and the extra bytes they put before the record. */
const EVENTS: Readonly<
  Record<
    number,
    { extra: number; alarm?: 'lowBattery' | 'accident' | 'jamming'; ignition?: boolean }
  >
> = {
  6: { extra: 2, alarm: 'lowBattery' }, // BPL, with the backup battery voltage
  15: { extra: 3 }, // UPD
  17: { extra: 4 }, // IDF, with the idling duration
  21: { extra: 5 }, // GSS
  23: { extra: 1, alarm: 'accident' }, // CRA, with the crash counter
  26: { extra: 12 }, // GES
  31: { extra: 2, alarm: 'jamming' }, // GPJ, GPS jamming
  33: { extra: 1, alarm: 'jamming' }, // JDS
  34: { extra: 3 }, // UPC
  35: { extra: 1 }, // RMD
  45: { extra: 7, ignition: true }, // VGN
  46: { extra: 7, ignition: false }, // VGF
};

function decodeEvent(frame: Buffer, now: number): DecodeResult {
  if (frame[11] !== GB100) return identifyAt(frame, 16);
  const reader = new Reader(frame, 0, frame.length - 13);
  const head = readHead(reader);
  const time = sendTimeOf(frame, now);
  const event = EVENTS[head.type];
  reader.skip(event?.extra ?? 0);
  reader.skip(1); // number of records, always one
  const position = headPosition(head, time);
  readRecord(reader, position);
  addAlarm(position, event?.alarm);
  if (event?.ignition !== undefined) position.attributes.ignition = event.ignition;
  return { identify: head.imei ? [head.imei] : undefined, positions: [position] };
}

/**
 * The heartbeat: after the mask and length, the fields its mask selects (bit 1 device type, bit 2
 * protocol version, bit 3 firmware version, bit 7 unique ID, bit 5 send time, bit 6 count
 * number). The server answers it the way it answers a text heartbeat.
 */
function decodeHeartbeat(frame: Buffer): DecodeResult {
  const reader = new Reader(frame, 4, frame.length - 4);
  const mask = reader.u8();
  reader.skip(1);
  const deviceType = mask & 0x02 ? reader.u8() : null;
  const protocolVersion = mask & 0x04 ? reader.u16() : null;
  if (mask & 0x08) reader.skip(2);
  // With bit 4 set the unique ID is the device name, which identifies nothing.
  const uid = mask & 0x80 ? reader.bytes(8) : null;
  const imei = uid && !(mask & 0x10) ? readUniqueId(uid) : null;
  if (mask & 0x20) reader.skip(7);
  const count = mask & 0x40 ? reader.u16() : 0;
  const version =
    deviceType !== null && protocolVersion !== null
      ? deviceType.toString(16).toUpperCase().padStart(2, '0') + hex4(protocolVersion)
      : '';
  return {
    identify: imei ? [imei] : undefined,
    reply: Buffer.from(`+SACK:GTHBD,${version},${hex4(count)}$`, 'latin1'),
  };
}

/** A 1-byte length, or 2 bytes when the high bit of the first is set. */
function readVariable(reader: Reader): number {
  const first = reader.u8();
  return first & 0x80 ? ((first & 0x7f) << 8) | reader.u8() : first;
}

/** The compact frame: its GNSS records (tag 0x52) become positions, the rest is skipped. */
function decodeCompact(frame: Buffer): DecodeResult {
  // Count number (2), check byte and `$` end the frame.
  const recordsEnd = frame.length - 4;
  const reader = new Reader(frame, 4, recordsEnd);
  if (reader.u8() & 0x80) reader.skip(2); // packet count and number of a split frame
  const imei = reader.bytes(8).toString('hex').slice(1);
  if (!/^\d{15}$/.test(imei)) throw new FrameError(`bad IMEI in compact frame ${imei}`);
  reader.skip(2 + 2 + 1);
  reader.skip(reader.u8());
  const positions: DecodedPosition[] = [];
  while (reader.remaining > 0) {
    const recordStart = reader.position;
    const recordEnd = recordStart + readVariable(reader);
    if (recordEnd > recordsEnd || recordEnd <= recordStart)
      throw new FrameError('bad record length');
    const record = new Reader(frame, reader.position, recordEnd);
    const generated = record.u32() * 1000;
    record.skip(2 + 1 + 1);
    while (record.remaining > 0) {
      const id = readVariable(record);
      const size = readVariable(record);
      const at = record.position;
      record.skip(size);
      if (id === 0x52) positions.push(readCompactFix(new Reader(frame, at, at + size), generated));
    }
    reader.skip(recordEnd - reader.position);
  }
  return { identify: [imei], positions };
}

function readCompactFix(reader: Reader, generated: number): DecodedPosition {
  const position = newPosition(PROTOCOL, generated);
  const flags = reader.u8();
  const longitude = reader.i32() / 1e6;
  const latitude = reader.i32() / 1e6;
  const time = reader.u32() * 1000;
  const speedKph = reader.u16() / 10;
  position.attributes.hdop = reader.u8() / 10;
  const course = reader.u16();
  const altitude = reader.u24() / 10;
  position.attributes.sat = reader.u8();
  setLocation(position, { time, valid: ((flags >> 2) & 0b11) === 0b10, latitude, longitude });
  if (!position.outdated) {
    position.speed = knotsFromKmh(speedKph);
    position.course = course;
    position.altitude = altitude;
  }
  return position;
}
