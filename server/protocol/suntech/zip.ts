import type { DecodedPosition } from '../../processing/types';
import { Reader, bcd } from '../shared/bytes';
import { type DecodeResult, FrameError } from '../shared/definition';
import { addAlarm } from '../shared/position';
import { ALERT_ALARMS } from './alarms';
import { utc } from './fields';
import { fixPosition, identified, located } from './report';

/**
 * The legacy format's "zip" reports (ST300 family with zip reporting on): STX `0x02`, a two-byte
 * length of what follows up to ETX `0x03`, a header byte for the report type and the device id
 * as five BCD bytes, then the text report's fields in binary. Status (`0x10`), event (`0x12`) and
 * alert (`0x13`) reports are read; other types only name their device.
 *
 * Fields: model (1), software version (2), date and time (6: y m d h m s), cell (3: LAC and BSIC,
 * which locate nothing), latitude and longitude (1 byte of degrees + 3 BCD bytes of millionths
 * each), speed and course (2 bytes + 1 BCD byte of hundredths each), fix/hemispheres/satellites
 * (1), distance in metres (4), power voltage (1 byte + 1 BCD byte of hundredths), I/O (1), then
 * the type's own fields and, with the hour meter enabled, hour meter (4), backup battery voltage
 * (2) and live/memory flag (1).
 */

export const STX = 0x02;
export const ETX = 0x03;

const STATUS = 0x10;
const EVENT = 0x12;
const ALERT = 0x13;

/** What each type adds after the I/O byte. */
const TYPE_FIELDS: ReadonlyMap<number, (position: DecodedPosition, reader: Reader) => void> =
  new Map([
    [
      STATUS,
      (position: DecodedPosition, reader: Reader) => {
        position.attributes.status = reader.u8();
        position.attributes.index = reader.u16();
      },
    ],
    [
      EVENT,
      (position: DecodedPosition, reader: Reader) => {
        position.attributes.event = reader.u8();
      },
    ],
    [
      ALERT,
      (position: DecodedPosition, reader: Reader) => {
        addAlarm(position, ALERT_ALARMS.get(reader.u8()));
      },
    ],
  ]);

const TYPE_NAMES: ReadonlyMap<number, string> = new Map([
  [STATUS, 'STT'],
  [EVENT, 'EVT'],
  [ALERT, 'ALT'],
]);

/** Hour meter, backup battery and live flag. */
const HOUR_METER_BYTES = 7;

export function decodeZip(frame: Buffer): DecodeResult {
  const header = new Reader(frame);
  header.skip(1);
  const length = header.u16();
  if (frame.length !== length + 4 || frame[frame.length - 1] !== ETX) {
    throw new FrameError('zip report without its ETX where its length puts it');
  }
  const reader = new Reader(frame, 3, 3 + length);
  const type = reader.u8();
  // The ten BCD digits are the nine-digit id and a padding zero.
  const id = bcd(reader.bytes(5)).slice(0, 9);
  const readType = TYPE_FIELDS.get(type);
  if (!readType) return identified(id);

  reader.skip(1 + 2); // model, software version
  const time = utc(
    2000 + reader.u8(),
    reader.u8(),
    reader.u8(),
    reader.u8(),
    reader.u8(),
    reader.u8(),
  );
  reader.skip(3); // cell
  const latitude = reader.u8() + Number(bcd(reader.bytes(3))) / 1e6;
  const longitude = reader.u8() + Number(bcd(reader.bytes(3))) / 1e6;
  const speed = reader.u16() + Number(bcd(reader.bytes(1))) / 100;
  const course = reader.u16() + Number(bcd(reader.bytes(1))) / 100;
  const flags = reader.u8();
  const position = fixPosition({
    time,
    valid: (flags & 0x80) !== 0,
    latitude: flags & 0x40 ? -latitude : latitude,
    longitude: flags & 0x20 ? -longitude : longitude,
    speed,
    course,
  });

  const attributes = position.attributes;
  attributes.type = TYPE_NAMES.get(type);
  attributes.sat = flags & 0x1f;
  attributes.odometer = reader.u32();
  attributes.power = voltage(reader);
  const io = reader.u8();
  attributes.ignition = (io & 0x01) !== 0;
  attributes.in1 = (io & 0x02) !== 0;
  attributes.in2 = (io & 0x04) !== 0;
  attributes.in3 = (io & 0x08) !== 0;
  attributes.out1 = (io & 0x10) !== 0;
  attributes.out2 = (io & 0x20) !== 0;
  readType(position, reader);

  if (reader.remaining === HOUR_METER_BYTES) {
    // The hour meter's unit in this form is undocumented: it is not stored.
    reader.skip(4);
    attributes.battery = voltage(reader);
    if (reader.u8() === 0) attributes.archive = true;
  }
  return located(id, position);
}

/** Volts as a whole byte and a BCD byte of hundredths. */
function voltage(reader: Reader): number {
  return reader.u8() + Number(bcd(reader.bytes(1))) / 100;
}
