import type { CellTower } from '../../../model';
import { isValidLatitude, isValidLongitude } from '../../../model/coordinates';
import type { DecodedPosition } from '../../processing/types';
import type { Reader } from '../shared/bytes';
import { FrameError } from '../shared/definition';
import { addAlarm, addCellTower, newPosition, setLocation } from '../shared/position';
import { knotsFromKmh } from '../../../model/units';
import { CODEC, PROTOCOL } from './codec';
import { type IoTarget, applyIo } from './io';
import { applyVariableIo } from './variableIo';

/**
 * One AVL record of codec 8, 8 Extended, 16 or 7 (GH3000) as a position. Records carry the
 * device's time of the fix, so each is a position of its own; the caller keeps them in packet
 * order.
 */
export function decodeRecord(reader: Reader, codec: number): DecodedPosition {
  return codec === CODEC.GH3000 ? decodeGh3000Record(reader) : decodeFmRecord(reader, codec);
}

/** Ids, counts and the event id take 2 bytes in codec 8 Extended; ids and the event in 16. */
const wideCounts = (codec: number) => codec === CODEC.CODEC_8_EXT;
const wideIds = (codec: number) => codec === CODEC.CODEC_8_EXT || codec === CODEC.CODEC_16;

/** The last instant a JavaScript date can hold; a record time beyond it is not a time. */
const MAX_TIME = 8.64e15;

function decodeFmRecord(reader: Reader, codec: number): DecodedPosition {
  const time = reader.u64();
  if (time > MAX_TIME) throw new FrameError(`record time ${time} is not a date`);
  const position = newPosition(PROTOCOL, time);
  const attributes = position.attributes;
  attributes.priority = reader.u8();

  const longitude = reader.i32() / 1e7;
  const latitude = reader.i32() / 1e7;
  const altitude = reader.i16();
  const course = reader.u16();
  const satellites = reader.u8();
  const speed = reader.u16();
  attributes.sat = satellites;
  // Without a fix the device repeats its last coordinates with no satellites: kept, not valid.
  placeRecord(position, { time, valid: satellites !== 0, latitude, longitude });
  position.altitude = altitude;
  position.course = course;
  position.speed = knotsFromKmh(speed);

  const count = () => (wideCounts(codec) ? reader.u16() : reader.u8());
  const id = () => (wideIds(codec) ? reader.u16() : reader.u8());

  attributes.event = id();
  if (codec === CODEC.CODEC_16) reader.u8(); // generation type
  count(); // total IO elements: the groups below say it again

  const target: IoTarget = { position, cell: {} };
  for (const width of [1, 2, 4, 8]) {
    const elements = count();
    for (let i = 0; i < elements; i++) {
      const ioId = id();
      applyIo(target, ioId, reader.bytes(width));
    }
  }
  if (codec === CODEC.CODEC_8_EXT) {
    const elements = reader.u16();
    for (let i = 0; i < elements; i++) {
      const ioId = reader.u16();
      applyVariableIo(position, ioId, reader.bytes(reader.u16()));
    }
  }
  addIoCell(target);
  return position;
}

/**
 * Coordinates off the globe in a record whose CRC matched are the device's fault; refusing the
 * packet would make the device send it forever, so the record keeps its IO data without a fix.
 */
function placeRecord(
  position: DecodedPosition,
  fix: { time: number; valid: boolean; latitude: number; longitude: number },
): void {
  if (isValidLatitude(fix.latitude) && isValidLongitude(fix.longitude)) setLocation(position, fix);
}

/** A serving cell named by the LAC and cell id IO elements, with the operator's MCC and MNC. */
function addIoCell({ position, cell }: IoTarget): void {
  const cellId = cell.cid2g ?? cell.cid4g;
  if (cell.lac === undefined || cellId === undefined) return;
  const tower: CellTower = { locationAreaCode: cell.lac, cellId };
  const operator = position.attributes.operator;
  // The operator code is the MCC's three digits followed by the MNC's.
  if (typeof operator === 'number' && operator >= 1000) {
    const digits = String(operator);
    tower.mobileCountryCode = Number(digits.slice(0, 3));
    tower.mobileNetworkCode = Number(digits.slice(3));
  }
  addCellTower(position, tower);
  if (cell.cid2g === undefined && position.network) position.network.radioType = 'lte';
}

// ---------------------------------------------------------------- codec 7 (GH3000)

/** GH3000 time: seconds since 2007-01-01, in the low 30 bits. */
const GH3000_EPOCH = Date.UTC(2007, 0, 1) / 1000;

function decodeGh3000Record(reader: Reader): DecodedPosition {
  const time = ((reader.u32() & 0x3fffffff) + GH3000_EPOCH) * 1000;
  const position = newPosition(PROTOCOL, time);
  const attributes = position.attributes;
  const globalMask = reader.u8();

  if (globalMask & 0x01) {
    const mask = reader.u8();
    let latitude = 0;
    let longitude = 0;
    if (mask & 0x01) {
      latitude = reader.bytes(4).readFloatBE(0);
      longitude = reader.bytes(4).readFloatBE(0);
    }
    if (mask & 0x02) position.altitude = reader.u16();
    if (mask & 0x04) position.course = (reader.u8() * 360) / 256;
    if (mask & 0x08) position.speed = knotsFromKmh(reader.u8());
    if (mask & 0x10) attributes.sat = reader.u8();
    if (mask & 0x20) {
      const tower: CellTower = { locationAreaCode: reader.u16(), cellId: reader.u16() };
      if (mask & 0x40) {
        const signal = reader.u8();
        tower.signalStrength = signal > 0 ? -signal : signal;
      }
      if (mask & 0x80) {
        const digits = String(reader.u32());
        tower.mobileCountryCode = Number(digits.slice(0, 3));
        tower.mobileNetworkCode = Number(digits.slice(3));
      }
      addCellTower(position, tower);
    } else {
      if (mask & 0x40) attributes.rssi = reader.u8();
      if (mask & 0x80) attributes.operator = reader.u32();
    }
    placeRecord(position, { time, valid: true, latitude, longitude });
  }

  // The mask's bits 1 to 3 say which of the 1-, 2- and 4-byte IO groups follow.
  const groups: [number, () => number][] = [
    [0x02, () => reader.u8()],
    [0x04, () => reader.u16()],
    [0x08, () => reader.u32()],
  ];
  for (const [bit, read] of groups) {
    if (!(globalMask & bit)) continue;
    const elements = reader.u8();
    for (let i = 0; i < elements; i++) {
      const id = reader.u8();
      gh3000Io(position, id, read());
    }
  }
  return position;
}

/** The GH3000's own IO ids. */
function gh3000Io(position: DecodedPosition, id: number, value: number): void {
  const attributes = position.attributes;
  switch (id) {
    case 1:
      attributes.batteryLevel = value;
      break;
    case 2:
      attributes.usbConnected = value === 1;
      break;
    case 5:
      attributes.uptime = value;
      break;
    case 20:
      attributes.hdop = value / 10;
      break;
    case 21:
      attributes.vdop = value / 10;
      break;
    case 22:
      attributes.pdop = value / 10;
      break;
    case 67:
      attributes.battery = value / 1000;
      break;
    case 221:
      attributes.button = value;
      break;
    case 222:
      if (value === 1) addAlarm(position, 'sos');
      break;
    case 240:
      attributes.motion = value === 1;
      break;
    case 244:
      attributes.roaming = value === 1;
      break;
    default:
      attributes[`io${id}`] = value;
  }
}
