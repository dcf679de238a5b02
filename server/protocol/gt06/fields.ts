import type { DecodedPosition } from '../../processing/types';
import type { Reader } from '../shared/bytes';
import { addAlarm, addCellTower, setLocation } from '../shared/position';
import { knotsFromKmh } from '../../../model/units';
import { ALARM_CODES, STATUS_ALARMS } from './alarms';

/**
 * The field groups GT06 packets are built from (date, GPS block, cell, terminal status, the
 * optional trailers), each read from a bounds-checked `Reader` over the packet's content.
 */

/**
 * Six bytes year (from 2000), month, day, hour, minute, second, in the device's zone (`offset`
 * ms east of UTC, from its login). Null when the device sent no real date (zeros before a fix).
 */
export function readDate(reader: Reader, offset: number): number | null {
  const [year, month, day, hour, minute, second] = [...reader.bytes(6)];
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 59) {
    return null;
  }
  return Date.UTC(2000 + year, month - 1, day, hour, minute, second) - offset;
}

/** The same date written in BCD digits (the counted Wi-Fi report); always UTC. */
export function readBcdDate(reader: Reader): number | null {
  const digits = reader.bytes(6).toString('hex');
  if (!/^\d{12}$/.test(digits)) return null;
  const [year, month, day, hour, minute, second] = (digits.match(/../g) ?? []).map(Number);
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 59) {
    return null;
  }
  return Date.UTC(2000 + year, month - 1, day, hour, minute, second);
}

/** Minutes of arc are sent in units of 1/30000, so degrees are the raw value over 1,800,000. */
const COORDINATE_SCALE = 30000 * 60;

/**
 * The 18-byte GPS block: date, satellites (low nibble; the high one is the block's length),
 * latitude and longitude, speed (km/h) and the course-status word (course in bits 0–9, north in
 * bit 10, west in bit 11, fixed in bit 12; bit 14 tells that bit 15 is ACC).
 */
export function readGps(
  reader: Reader,
  position: DecodedPosition,
  offset: number,
  now: number,
): void {
  const time = readDate(reader, offset);
  const satellites = reader.u8() & 0x0f;
  const latitude = reader.u32() / COORDINATE_SCALE;
  const longitude = reader.u32() / COORDINATE_SCALE;
  const speed = reader.u8();
  const flags = reader.u16();

  position.attributes.sat = satellites;
  position.speed = knotsFromKmh(speed);
  position.course = flags & 0x3ff;
  if (flags & 0x4000) position.attributes.ignition = (flags & 0x8000) !== 0;
  position.deviceTime = time ?? now;
  setLocation(position, {
    time: time ?? now,
    valid: (flags & 0x1000) !== 0 && time !== null,
    latitude: flags & 0x400 ? latitude : -latitude,
    longitude: flags & 0x800 ? -longitude : longitude,
  });
}

/** How a packet lays out its serving cell. */
export interface CellLayout {
  /** Two-byte MNC even without the MCC's bit 15 (which otherwise says so). */
  longMnc?: boolean;
  lacBytes: 2 | 4;
  cidBytes: 3 | 4 | 8;
}

/** GSM packets: MCC 2, MNC 1, LAC 2, cell 3. */
export const GSM_CELL: CellLayout = { lacBytes: 2, cidBytes: 3 };
/** The 4G packets (0xA0, 0xA4, 0xA5…): LAC 4, cell 8. */
export const LTE_CELL: CellLayout = { lacBytes: 4, cidBytes: 8 };

function readNumber(reader: Reader, bytes: 2 | 3 | 4 | 8): number {
  if (bytes === 2) return reader.u16();
  if (bytes === 3) return reader.u24();
  if (bytes === 4) return reader.u32();
  return reader.u64();
}

/** Reads one serving cell and adds it (an all-zero cell means the device had none). */
export function readCell(reader: Reader, position: DecodedPosition, layout: CellLayout): number {
  const start = reader.position;
  const mcc = reader.u16();
  const mnc = mcc & 0x8000 || layout.longMnc ? reader.u16() : reader.u8();
  const lac = readNumber(reader, layout.lacBytes);
  const cid = readNumber(reader, layout.cidBytes);
  if ((mcc & 0x7fff) !== 0 || lac !== 0 || cid !== 0) {
    addCellTower(position, {
      mobileCountryCode: mcc & 0x7fff,
      mobileNetworkCode: mnc,
      locationAreaCode: lac,
      cellId: cid,
    });
  }
  return reader.position - start;
}

/**
 * A serving cell behind a length byte (the status packets). Devices disagree on whether the
 * length counts itself, so it only tells the GSM layout from the 4G one (15 bytes and more) and
 * how much to skip past the fields read; 0 means no cell.
 */
export function readPrefixedCell(reader: Reader, position: DecodedPosition): void {
  const length = reader.u8();
  if (length === 0) return;
  const used = 1 + readCell(reader, position, length >= 15 ? LTE_CELL : GSM_CELL);
  if (length > used) reader.skip(length - used);
}

/**
 * The terminal information byte: bit 0 defence (armed), bit 1 ACC, bit 2 charging, bits 3–5 the
 * alarm, bit 6 GPS tracking, bit 7 oil/electricity cut. Kept whole as `status`, as Traccar does.
 */
export function applyTerminalInfo(position: DecodedPosition, info: number): void {
  position.attributes.status = info;
  position.attributes.armed = (info & 0x01) !== 0;
  position.attributes.ignition = (info & 0x02) !== 0;
  position.attributes.charge = (info & 0x04) !== 0;
  position.attributes.blocked = (info & 0x80) !== 0;
  addAlarm(position, STATUS_ALARMS.get((info >> 3) & 0x07));
}

/**
 * The voltage byte: a level 0–6 on the documented models (as a percentage the way Traccar
 * scales it), a percentage up to 100 on later ones, anything else meaningless.
 */
export function applyVoltageLevel(position: DecodedPosition, level: number): void {
  if (level <= 6) position.attributes.batteryLevel = Math.floor((level * 100) / 6);
  else if (level <= 100) position.attributes.batteryLevel = level;
}

/** Adds the alarm an alert code stands for, if any. */
export function applyAlarmCode(position: DecodedPosition, code: number): void {
  addAlarm(position, ALARM_CODES.get(code));
}

/**
 * The status block of the heartbeat and alarm packets: terminal information, voltage level, GSM
 * signal, alert, language. `extendedAlarm`: the language byte's high nibble extends the alert
 * (the multi-fence packets). `alert` false: the alert byte means something else on this model.
 */
export function readStatus(
  reader: Reader,
  position: DecodedPosition,
  options: { extendedAlarm?: boolean; alert?: boolean } = {},
): void {
  applyTerminalInfo(position, reader.u8());
  applyVoltageLevel(position, reader.u8());
  position.attributes.rssi = reader.u8();
  if (reader.remaining === 0) return;
  let alert = reader.u8();
  if (reader.remaining === 0) {
    if (options.alert !== false) applyAlarmCode(position, alert);
    return;
  }
  const language = reader.u8();
  if (options.extendedAlarm) alert |= (language >> 4) << 8;
  if (options.alert !== false) applyAlarmCode(position, alert);
}

/**
 * The ACC block of the 0x22 family: ACC, data upload mode (Traccar's `event`), re-upload (the
 * fix was stored while offline: `archive`).
 */
export function readAccBlock(reader: Reader, position: DecodedPosition): void {
  position.attributes.ignition = reader.u8() > 0;
  position.attributes.event = reader.u8();
  position.attributes.archive = reader.u8() > 0;
}

/**
 * What some models append after the documented fields, told apart by the bytes left: 3 are ACC,
 * upload mode and re-upload, 4 the mileage in metres, 7 both.
 */
export function readTrailer(reader: Reader, position: DecodedPosition): void {
  if (reader.remaining === 3 || reader.remaining === 7) {
    position.attributes.ignition = reader.u8() > 0;
    reader.u8(); // upload mode
    if (reader.u8() > 0) position.attributes.archive = true;
  }
  if (reader.remaining === 4) position.attributes.odometer = reader.u32();
}
