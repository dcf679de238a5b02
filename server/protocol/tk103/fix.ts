import type { PositionAttributes } from '../../../model';
import type { DecodedPosition } from '../../processing/types';
import { nmeaDegrees, setLocation } from '../shared/position';
import { knotsFromKmh } from '../../../model/units';
import { utcTime } from './time';

/**
 * The fix block of the original layout, fields run together:
 *
 *   yymmdd, A/V, latitude ddmm.mmmm + N/S, longitude dddmm.mmmm + E/W, speed km/h (5 characters),
 *   hhmmss, course (6 characters), status (8 characters), `L` + odometer (hex, metres),
 *   and on some units a temperature (`+017.7`) before the bracket.
 *
 * The status characters: 1 main power (`0` connected), 2 ACC (`1` on), 3–5 hex input/output
 * masks, 6–8 fuel (hex). Units pad with spaces or put a comma here and there; the pattern allows
 * for what Traccar's test frames show.
 */
const FIX = new RegExp(
  [
    /(\d\d)(\d\d)(\d\d),?([AV]),?/.source, // date, validity
    /\s*(\d*\d\d\.\d+)([NS]),?/.source, // latitude
    /\s*(\d*\d\d\.\d+)([EW]),?/.source, // longitude
    /([ \d.]{1,5})(?:\d*,)?/.source, // speed
    /(\d\d)(\d\d)(\d\d),?/.source, // time
    '(?:',
    /([ \d.]{6}|\d\d),?([01])([01])([0-9A-Fa-f])([0-9A-Fa-f])([0-9A-Fa-f])([0-9A-Fa-f]{3})L([0-9A-Fa-f]{1,12})/
      .source, // course, status, odometer
    '|',
    /(\d+(?:\.\d+)?)/.source, // course alone
    ')?',
  ].join(''),
);

const TEMPERATURE = /([+-]\d{3}\.\d)$/;

export interface FixBlock {
  apply(position: DecodedPosition, now: number): void;
}

const bit = (mask: number, index: number): boolean => (mask & (1 << index)) !== 0;

/** The status characters, as Traccar names them; low lines only when set, as Traccar does. */
export function applyStatus(attributes: PositionAttributes, status: string): void {
  attributes.charge = status[0] === '0';
  attributes.ignition = status[1] === '1';
  const mask1 = parseInt(status[2] ?? '0', 16);
  attributes.in2 = bit(mask1, 0) ? 1 : 0;
  attributes.panic = bit(mask1, 1) ? 1 : 0;
  attributes.out2 = bit(mask1, 2) ? 1 : 0;
  if (bit(mask1, 3)) attributes.blocked = true;
  const mask2 = parseInt(status[3] ?? '0', 16);
  for (let i = 0; i < 3; i++) if (bit(mask2, i)) attributes[`hs${3 - i}`] = 1;
  if (bit(mask2, 3)) attributes.door = true;
  const mask3 = parseInt(status[4] ?? '0', 16);
  for (let i = 1; i <= 3; i++) if (bit(mask3, i)) attributes[`ls${3 - i + 1}`] = 1;
  attributes.fuel = parseInt(status.slice(5, 8) || '0', 16);
}

/**
 * Finds the fix block in `data`, after whatever the message type puts first (the login's IMEI,
 * an alarm digit); null when there is none.
 */
export function findFix(data: string): FixBlock | null {
  const match = FIX.exec(data);
  if (!match) return null;
  const [, yy, mm, dd, validity, lat, latHem, lon, lonHem, speed, h, m, s] = match;
  const course = match[13] ?? match[21];
  const status = match[14] === undefined ? null : match.slice(14, 20).join('');
  const odometer = match[20];
  const temperature = TEMPERATURE.exec(data)?.[1];
  return {
    apply(position, now) {
      const time =
        utcTime(2000 + Number(yy), Number(mm), Number(dd), Number(h), Number(m), Number(s)) ?? now;
      position.deviceTime = time;
      setLocation(position, {
        time,
        valid: validity === 'A',
        latitude: nmeaDegrees(lat ?? '', latHem ?? ''),
        longitude: nmeaDegrees(lon ?? '', lonHem ?? ''),
      });
      const kph = Number((speed ?? '').trim());
      position.speed = Number.isFinite(kph) ? knotsFromKmh(kph) : 0;
      const degrees = Number((course ?? '').trim());
      position.course = course !== undefined && Number.isFinite(degrees) ? degrees : 0;
      if (status !== null) applyStatus(position.attributes, status);
      if (odometer !== undefined) position.attributes.odometer = parseInt(odometer, 16);
      if (temperature !== undefined) position.attributes.temp1 = Number(temperature);
    },
  };
}
