import type { CellTower } from '../../../model';
import { Reader, hex } from '../shared/bytes';
import { type DecodeResult, FrameError } from '../shared/definition';
import { ALERT_ALARMS, DRIVER_ALERT } from './alarms';
import { utc } from './fields';
import { type MaskedReport, emptyReport, hasBit, setInputs, toPosition } from './masked';
import { located } from './report';

/**
 * The universal protocol's compressed reports: `0x81` status or `0x82` alert, a two-byte length
 * of what follows, the device id as five BCD bytes (ten digits), a three-byte field mask and the
 * masked fields in binary (the same numbering as the text reports). As in Traccar, fields are
 * read up to the alert's modifier and, for a driver-ID alert, its eight-byte driver code; what
 * follows depends on the device's settings and is left unread.
 */

export const STATUS = 0x81;
export const ALERT = 0x82;

type Step = (report: MaskedReport, reader: Reader, mask: number) => void;

const attribute =
  (key: string, read: (reader: Reader) => unknown): Step =>
  (report, reader) => {
    report.attributes[key] = read(reader);
  };

const cell =
  (key: keyof CellTower, read: (reader: Reader) => number): Step =>
  (report, reader) => {
    report.cell[key] = read(reader);
  };

const fix =
  (key: 'latitude' | 'longitude' | 'speed' | 'course', read: (reader: Reader) => number): Step =>
  (report, reader) => {
    report[key] = read(reader);
  };

const skip =
  (bytes: number): Step =>
  (_, reader) => {
    reader.skip(bytes);
  };

/** Coordinates are a sign bit and a 31-bit magnitude, in millionths of a degree. */
const degrees = (reader: Reader): number => {
  const value = reader.u32();
  const magnitude = (value & 0x7fffffff) / 1e6;
  return value >= 0x80000000 ? -magnitude : magnitude;
};

/** Speed (km/h) and course come in hundredths. */
const hundredths = (reader: Reader): number => reader.u16() / 100;

/** Bits 1 to 20 in order. */
const STEPS: ReadonlyArray<readonly [number, Step]> = [
  [1, skip(1)], // model
  [2, attribute('versionFw', (r) => `${r.u8()}.${r.u8()}.${r.u8()}`)],
  [
    3,
    (report, reader) => {
      if (reader.u8() === 0) report.attributes.archive = true;
    },
  ],
  [
    4,
    (report, reader, mask) => {
      const [year, month, day] = [reader.u8(), reader.u8(), reader.u8()];
      if (!hasBit(mask, 5)) return;
      const [hour, minute, second] = [reader.u8(), reader.u8(), reader.u8()];
      report.time = utc(2000 + year, month, day, hour, minute, second);
    },
  ],
  [
    5,
    (_, reader, mask) => {
      // A time without its date places nothing.
      if (!hasBit(mask, 4)) reader.skip(3);
    },
  ],
  [6, cell('cellId', (r) => r.u32())],
  [7, cell('mobileCountryCode', (r) => r.u16())],
  [8, cell('mobileNetworkCode', (r) => r.u16())],
  [9, cell('locationAreaCode', (r) => r.u16())],
  [10, attribute('rssi', (r) => r.u8())],
  [11, fix('latitude', degrees)],
  [12, fix('longitude', degrees)],
  [13, fix('speed', hundredths)],
  [14, fix('course', hundredths)],
  [15, attribute('sat', (r) => r.u8())],
  [
    16,
    (report, reader) => {
      report.valid = reader.u8() > 0;
    },
  ],
  [17, (report, reader) => setInputs(report, reader.u8())],
  [18, attribute('output', (r) => r.u8())],
  [
    19,
    (report, reader) => {
      report.alert = reader.u8();
    },
  ],
  [20, skip(2)], // alert modifier
];

export function decodeBinary(frame: Buffer, now: number): DecodeResult {
  const type = frame[0];
  const header = new Reader(frame);
  header.skip(1);
  const length = header.u16();
  if (frame.length < 3 + length) throw new FrameError('binary report shorter than its length');
  const reader = new Reader(frame, 3, 3 + length);
  const id = hex(reader.bytes(5));
  const mask = reader.u24();

  const report = emptyReport();
  report.attributes.type = type === ALERT ? 'ALT' : 'STT';
  for (const [bit, step] of STEPS) {
    if (hasBit(mask, bit)) step(report, reader, mask);
  }
  if (type === ALERT && report.alert !== undefined) {
    report.alarm = ALERT_ALARMS.get(report.alert);
    if (report.alert === DRIVER_ALERT && hasBit(mask, 21)) {
      report.attributes.driverUniqueId = hex(reader.bytes(8));
    }
  }
  return located(id, toPosition(report, now));
}
