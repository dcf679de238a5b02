import type { DecodedPosition } from '../../processing/types';
import { FrameError } from '../shared/definition';
import { newPosition, setLocation } from '../shared/position';
import { knotsFromKmh } from '../../../model/units';
import { PROTOCOL } from './regular';
import { utcTime } from './time';

/**
 * The two other message layouts of the family, both after `imei:<imei>,`:
 *
 * OBD (`imei:…,OBD,yymmddHHMMSS,odometer,instant fuel,average fuel,engine hours,speed,load %,
 * coolant temperature,throttle %,rpm,battery volts,DTC,DTC,…`), an engine report without a fix.
 *
 * The alternative report, ended by `*`: `imei:…,name,event,sensor id,sensor volts,hhmmss,
 * ddmmyy,rssi,gps status,latitude,longitude,speed km/h,course,altitude,hdop,satellites,ignition,
 * charge,error`, coordinates in signed degrees and `-`, `---` for empty fields.
 */

const STAMP = /^(\d\d)(\d\d)(\d\d)(\d\d)(\d\d)(\d\d)$/;
const NUMBER = /^[-+]?\d+(?:\.\d+)?%?$/;

/** A number field (a trailing % dropped), or undefined when empty or not a number. */
function number(text: string | undefined): number | undefined {
  if (text === undefined || !NUMBER.test(text)) return undefined;
  return Number(text.replace('%', ''));
}

/** A text field, or undefined for the dashes the alternative form leaves in empty fields. */
function text(value: string | undefined): string | undefined {
  return value === undefined || /^-*$/.test(value) ? undefined : value;
}

export function decodeObd(fields: readonly string[], now: number): DecodedPosition {
  if (fields.length < 14) throw new FrameError(`OBD report too short: ${fields.length} fields`);
  const stamp = STAMP.exec(fields[2] ?? '');
  const time = stamp
    ? utcTime(
        2000 + Number(stamp[1]),
        Number(stamp[2]),
        Number(stamp[3]),
        Number(stamp[4]),
        Number(stamp[5]),
        Number(stamp[6]),
      )
    : null;
  // No fix in this report: the server keeps the last location, at the report's time.
  const position = newPosition(PROTOCOL, time ?? now);
  const attributes = position.attributes;
  const set = (key: string, value: number | undefined): void => {
    if (value !== undefined) attributes[key] = value;
  };
  // The odometer as the device counts it, stored as Traccar stores it.
  set('odometer', number(fields[3]));
  set('fuelConsumption', number(fields[5]));
  const hours = number(fields[6]);
  if (hours !== undefined) attributes.hours = hours * 3_600_000;
  set('obdSpeed', number(fields[7]));
  set('engineLoad', number(fields[8]));
  set('coolantTemp', number(fields[9]));
  set('throttle', number(fields[10]));
  set('rpm', number(fields[11]));
  set('battery', number(fields[12]));
  const dtcs = fields
    .slice(13)
    .map((code) => code.trim())
    .filter((code) => code !== '')
    .join(' ');
  if (dtcs !== '') attributes.dtcs = dtcs;
  return position;
}

export function decodeAlternative(fields: readonly string[]): DecodedPosition {
  if (fields.length < 19) throw new FrameError(`alternative report too short: ${fields.length}`);
  const clock = /^(\d\d)(\d\d)(\d\d)$/.exec(fields[5] ?? '');
  const date = /^(\d\d)(\d\d)(\d\d)$/.exec(fields[6] ?? '');
  const time =
    clock && date
      ? utcTime(
          2000 + Number(date[3]),
          Number(date[2]),
          Number(date[1]),
          Number(clock[1]),
          Number(clock[2]),
          Number(clock[3]),
        )
      : null;
  const latitude = number(fields[9]);
  const longitude = number(fields[10]);
  if (time === null || latitude === undefined || longitude === undefined) {
    throw new FrameError(`alternative report without a fix: ${fields.slice(5, 11).join(',')}`);
  }
  const position = newPosition(PROTOCOL, time);
  setLocation(position, { time, valid: (number(fields[8]) ?? 0) > 0, latitude, longitude });
  position.speed = knotsFromKmh(number(fields[11]) ?? 0);
  position.course = number(fields[12]) ?? 0;
  position.altitude = number(fields[13]) ?? 0;

  const attributes = position.attributes;
  const event = text(fields[2]);
  if (event !== undefined) attributes.event = event;
  const sensor = text(fields[3]);
  if (sensor !== undefined) attributes.sensorId = sensor;
  const voltage = number(fields[4]);
  if (voltage !== undefined) attributes.sensorVoltage = voltage;
  const rssi = number(fields[7]);
  if (rssi !== undefined) attributes.rssi = rssi;
  const hdop = number(fields[14]);
  if (hdop !== undefined) attributes.hdop = hdop;
  const satellites = number(fields[15]);
  if (satellites !== undefined) attributes.sat = satellites;
  if (fields[16] === '0' || fields[16] === '1') attributes.ignition = fields[16] === '1';
  if (fields[17] === '0' || fields[17] === '1') attributes.charge = fields[17] === '1';
  const error = text(fields[18]);
  if (error !== undefined) attributes.error = error;
  return position;
}
