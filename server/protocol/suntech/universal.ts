import type { CellTower } from '../../../model';
import type { DecodeResult } from '../shared/definition';
import { ALERT_ALARMS, DRIVER_ALERT } from './alarms';
import { type Fields, dateTime, decimal, driverCode, hexNumber, integer } from './fields';
import { type MaskedReport, emptyReport, hasBit, setInputs, toPosition } from './masked';
import { answered, identified, located } from './report';
import { decodeSerialData } from './serial';

/**
 * The universal text format: `<type>;<device id>;<mask hex>;<fields the mask names>…`, with
 * `STT` status, `ALT` alert, `UEX` serial data, `BLE` beacon scans, `ALV` keep-alive and `RES`
 * a command's answer (`RES;<device id>;<command group>;<command>;<data>`).
 */

type Reader = (report: MaskedReport, fields: Fields, mask: number) => void;

const text = (value: string): string => value;

/** A field stored as the attribute `key`. */
function attribute(key: string, parse: (value: string, what: string) => unknown): Reader {
  return (report, fields) => {
    report.attributes[key] = parse(fields.next(key), key);
  };
}

/** A field of the serving cell. */
function cell(key: keyof CellTower, parse: (value: string, what: string) => number): Reader {
  return (report, fields) => {
    report.cell[key] = parse(fields.next(key), key);
  };
}

/** A field of the fix. */
function fix(key: 'latitude' | 'longitude' | 'speed' | 'course'): Reader {
  return (report, fields) => {
    report[key] = decimal(fields.next(key), key);
  };
}

/** Bits 1 to 18, the same in every report type. */
const HEAD_FIELDS: ReadonlyArray<readonly [number, Reader]> = [
  [1, (_, fields) => fields.next('model')],
  [2, attribute('versionFw', text)],
  [
    3,
    (report, fields) => {
      if (fields.next('message type') === '0') report.attributes.archive = true;
    },
  ],
  [
    4,
    (report, fields, mask) => {
      const date = fields.next('date');
      if (hasBit(mask, 5)) report.time = dateTime(date, fields.next('time'));
    },
  ],
  [
    5,
    (_, fields, mask) => {
      // A time without its date places nothing.
      if (!hasBit(mask, 4)) fields.next('time');
    },
  ],
  [6, cell('cellId', hexNumber)],
  [7, cell('mobileCountryCode', integer)],
  [8, cell('mobileNetworkCode', integer)],
  [9, cell('locationAreaCode', hexNumber)],
  [10, attribute('rssi', integer)],
  [11, fix('latitude')],
  [12, fix('longitude')],
  [13, fix('speed')],
  [14, fix('course')],
  [15, attribute('sat', integer)],
  [
    16,
    (report, fields) => {
      report.valid = fields.next('fix') === '1';
    },
  ],
  [17, (report, fields) => setInputs(report, bits(fields.next('inputs'), 'inputs'))],
  [18, attribute('output', bits)],
];

/** Bits 19 to 21 of alerts. */
const ALERT_FIELDS: ReadonlyArray<readonly [number, Reader]> = [
  [
    19,
    (report, fields) => {
      report.alert = integer(fields.next('alert'), 'alert');
    },
  ],
  [20, attribute('alertModifier', text)],
  [21, attribute('alertData', text)],
];

/** Bits 19 to 21 of the other reports. */
const STATUS_FIELDS: ReadonlyArray<readonly [number, Reader]> = [
  [19, attribute('mode', integer)],
  [20, attribute('reason', integer)],
  [21, attribute('index', integer)],
];

/** A beacon scan's fields: model, version, date, time, latitude, longitude. */
const BLE_MASK = 0b1100000110110;

const MASKED_TYPES = new Set(['STT', 'ALT', 'UEX', 'BLE']);

export function decodeUniversal(type: string, fields: Fields, now: number): DecodeResult {
  const id = fields.next('device id');
  if (type === 'RES') return answered(id, fields.rest(), now);
  // ALV keep-alives, and reports Traccar does not read either: only the device's presence.
  if (!MASKED_TYPES.has(type)) return identified(id);

  const mask = type === 'BLE' ? BLE_MASK : hexNumber(fields.next('mask'), 'mask');
  const report = emptyReport();
  report.attributes.type = type;
  readHead(report, mask, fields);

  if (type === 'BLE') {
    // A scan is where the device is: it reports no fix flag.
    report.valid = true;
    readBeacons(report, fields);
    return located(id, toPosition(report, now));
  }

  if (type === 'UEX') {
    const position = toPosition(report, now);
    decodeSerialData(position, fields);
    if (hasBit(mask, 22)) fields.next('reserved');
    readAssigned(position.attributes, fields.remaining());
    return located(id, position);
  }

  for (const [bit, read] of type === 'ALT' ? ALERT_FIELDS : STATUS_FIELDS) {
    if (hasBit(mask, bit)) read(report, fields, mask);
  }
  if (type === 'ALT') readAlert(report);
  if (hasBit(mask, 22)) fields.next('reserved');
  if (hasBit(mask, 23)) readAssignMask(report, fields);
  const position = toPosition(report, now);
  readAssigned(position.attributes, fields.remaining());
  return located(id, position);
}

function readHead(report: MaskedReport, mask: number, fields: Fields): void {
  for (const [bit, read] of HEAD_FIELDS) {
    if (hasBit(mask, bit)) read(report, fields, mask);
  }
}

/** The alert as Traccar's alarm; a driver-ID alert carries the driver's code as its data. */
function readAlert(report: MaskedReport): void {
  if (report.alert === undefined) return;
  report.alarm = ALERT_ALARMS.get(report.alert);
  const alertData = report.attributes.alertData;
  if (report.alert === DRIVER_ALERT && typeof alertData === 'string') {
    const driver = driverCode(alertData);
    if (driver) report.attributes.driverUniqueId = driver;
  }
}

/** Bit 23: which assigned values follow, one `io<N>` each, as the device's settings chose them. */
function readAssignMask(report: MaskedReport, fields: Fields): void {
  const assigned = hexNumber(fields.next('assign mask'), 'assign mask');
  for (let bit = 0; bit <= 30; bit++) {
    if (hasBit(assigned, bit)) report.attributes[`io${bit + 1}`] = fields.next('assigned value');
  }
}

/** Whatever follows the masked fields, in order, as `assign<N>` (empty ones skipped). */
function readAssigned(attributes: Record<string, unknown>, rest: string[]): void {
  rest.forEach((value, at) => {
    if (value !== '') attributes[`assign${at + 1}`] = value;
  });
}

/** `<count>` then per beacon `<rssi>;<min>;<max>;<id>;<samples>;<major>;<minor>`. */
function readBeacons(report: MaskedReport, fields: Fields): void {
  const count = integer(fields.next('beacon count'), 'beacon count');
  for (let i = 1; i <= count; i++) {
    const attributes = report.attributes;
    attributes[`tag${i}Rssi`] = integer(fields.next('beacon rssi'), 'beacon rssi');
    fields.next('beacon minimum rssi');
    fields.next('beacon maximum rssi');
    attributes[`tag${i}Id`] = fields.next('beacon id');
    attributes[`tag${i}Samples`] = integer(fields.next('beacon samples'), 'beacon samples');
    attributes[`tag${i}Major`] = integer(fields.next('beacon major'), 'beacon major');
    attributes[`tag${i}Minor`] = integer(fields.next('beacon minor'), 'beacon minor');
  }
}

/**
 * Inputs and outputs are sent as a string of bits (`00000101`: bits 0 and 2 set); Traccar
 * reads the digits as a decimal number, here they are the bitmask they stand for.
 */
function bits(value: string, what: string): number {
  if (/^[01]{1,32}$/.test(value)) return Number.parseInt(value, 2);
  return integer(value, what);
}
