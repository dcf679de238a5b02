import type { CellTower } from '../../../model';
import type { DecodedPosition } from '../../processing/types';
import type { DecodeResult } from '../shared/definition';
import { addAlarm, addCellTower, newPosition } from '../shared/position';
import { ALERT_ALARMS, EMERGENCY_ALARMS } from './alarms';
import {
  type Fields,
  PROTOCOL,
  dateTime,
  decimal,
  driverCode,
  hexNumber,
  integer,
  isDecimal,
} from './fields';
import { answered, fixPosition, identified, located } from './report';
import { decodeSerialData } from './serial';

/**
 * The legacy text format of the SA200, ST300 family (ST300, ST310U, ST340…), ST500 and ST600:
 * `<model><type>;<device id>;[<model no>;]<sw ver>;<date>;<time>;<cell>;<lat>;<lon>;<speed>;
 * <course>;<sat>;<fix>;<distance>;<power>;<io>;…` where `<model>` is the five-character family
 * prefix (`ST300`) and `<type>` the report (`STT` status, `EMG` emergency, `EVT` event, `ALT`
 * alert, `UEX` serial data, `HTE` trip summary, `ALV` keep-alive). Answers to commands are
 * `<model><command>;Res;<device id>;…`.
 */

/** What follows the I/O field in each report type. */
type TypeReader = (position: DecodedPosition, fields: Fields) => void;

const TYPE_FIELDS: ReadonlyMap<string, TypeReader> = new Map<string, TypeReader>([
  [
    'STT',
    (position, fields) => {
      position.attributes.status = integer(fields.next('mode'), 'mode');
      position.attributes.index = integer(fields.next('message number'), 'message number');
    },
  ],
  [
    'EMG',
    (position, fields) => {
      addAlarm(position, EMERGENCY_ALARMS.get(integer(fields.next('emergency'), 'emergency')));
    },
  ],
  [
    'EVT',
    (position, fields) => {
      position.attributes.event = integer(fields.next('event'), 'event');
    },
  ],
  [
    'ALT',
    (position, fields) => {
      addAlarm(position, ALERT_ALARMS.get(integer(fields.next('alert'), 'alert')));
    },
  ],
  ['UEX', decodeSerialData],
]);

export function decodeLegacy(header: string, fields: Fields, now: number): DecodeResult {
  const model = header.slice(0, 5);
  const type = header.slice(5);
  const first = fields.next('device id');
  if (first === 'Res') {
    const id = fields.next('device id');
    return answered(id, fields.rest(), now);
  }
  const readType = TYPE_FIELDS.get(type);
  if (readType) return located(first, decodeReport(model, type, readType, fields));
  if (type === 'HTE') return located(first, decodeTrip(fields, now));
  // ALV keep-alives, and reports no one reads: the device is connected, nothing to store.
  return identified(first);
}

/** The ST300 family, ST500 and ST600 send their model number after the device id. */
function hasModelNumber(model: string): boolean {
  return model.startsWith('ST3') || model === 'ST500' || model === 'ST600';
}

function decodeReport(
  model: string,
  type: string,
  readType: TypeReader,
  fields: Fields,
): DecodedPosition {
  if (hasModelNumber(model)) fields.next('model number');
  const versionFw = fields.next('software version');
  const time = dateTime(fields.next('date'), fields.next('time'));
  let tower: CellTower | undefined;
  if (model !== 'ST500') {
    // The serving cell; only the ST600 sends the rest of what locates it.
    const cellId = hexNumber(fields.next('cell'), 'cell');
    if (model === 'ST600') {
      tower = {
        cellId,
        mobileCountryCode: integer(fields.next('MCC'), 'MCC'),
        mobileNetworkCode: integer(fields.next('MNC'), 'MNC'),
        locationAreaCode: hexNumber(fields.next('LAC'), 'LAC'),
        signalStrength: integer(fields.next('signal level'), 'signal level'),
      };
    }
  }
  const latitude = decimal(fields.next('latitude'), 'latitude');
  const longitude = decimal(fields.next('longitude'), 'longitude');
  const speed = decimal(fields.next('speed'), 'speed');
  const course = decimal(fields.next('course'), 'course');
  const satellites = integer(fields.next('satellites'), 'satellites');
  const valid = fields.next('fix') === '1';
  const position = fixPosition({ time, valid, latitude, longitude, speed, course });
  if (tower) addCellTower(position, tower);

  const attributes = position.attributes;
  attributes.type = type;
  attributes.versionFw = versionFw;
  attributes.sat = satellites;
  attributes.odometer = decimal(fields.next('distance'), 'distance');
  attributes.power = decimal(fields.next('power voltage'), 'power voltage');
  readIo(position, fields.next('I/O'));
  readType(position, fields);
  readTrailer(position, fields.remaining());
  return position;
}

/** `<ignition><in1><in2><in3><out1><out2>`, one `0`/`1` character each. */
function readIo(position: DecodedPosition, io: string): void {
  if (io.length < 6 || !/^[01]+$/.test(io)) return;
  const on = (at: number) => io[at] === '1';
  const attributes = position.attributes;
  attributes.ignition = on(0);
  attributes.in1 = on(1);
  attributes.in2 = on(2);
  attributes.in3 = on(3);
  attributes.out1 = on(4);
  attributes.out2 = on(5);
}

/**
 * With its hour meter enabled a device ends each report with `<hour meter, minutes>;<backup
 * battery V>;<1 live / 0 from memory>`, and the models with a driver-ID reader follow it with the
 * driver's 14-character code among model-specific values. Traccar learns whether the hour meter
 * is on from the device's settings; here the three fields are taken when they read as exactly
 * that, which the reports without them never do.
 */
function readTrailer(position: DecodedPosition, rest: string[]): void {
  const [hours, battery, live] = rest;
  if (rest.length < 3 || !/^\d{1,10}$/.test(hours) || !isDecimal(battery) || !/^[01]$/.test(live)) {
    return;
  }
  const attributes = position.attributes;
  attributes.hours = Number(hours) * 60_000;
  attributes.battery = Number(battery);
  if (live === '0') attributes.archive = true;
  const code = rest.slice(3).find((value) => /^[0-9A-F]{14}$/i.test(value));
  const driver = driverCode(code);
  if (driver) attributes.driverUniqueId = driver;
}

/** `HTE`: a trip's summary, sent when it ends, naming the driver in its last field. */
function decodeTrip(fields: Fields, now: number): DecodedPosition {
  const position = newPosition(PROTOCOL, now);
  const driver = driverCode(fields.remaining().at(-1));
  if (driver) position.attributes.driverUniqueId = driver;
  return position;
}
