import type { DecodedPosition } from '../../processing/types';
import { FrameError } from '../shared/definition';
import { addAlarm, addCellTower, newPosition, nmeaDegrees, setLocation } from '../shared/position';
import { isCommandAnswer, keywordAlarm } from './keywords';
import { utcTime } from './time';

/**
 * The regular Coban message, its fields split on commas after `imei:`:
 *
 *   0 imei, 1 keyword, 2 local date and time (`yymmddHHMM[SS]`, or `yy/mm/dd HH:MM`),
 *   3 phone number (or the RFID card for `rfid`), 4 `F` (GPS fix follows) or `L` (no fix),
 *   F: 5 UTC time `hhmmss.sss`, 6 `A`/`V`, then latitude and longitude (`ddmm.mmmm`) each with
 *      its hemisphere letter (after it, or before it on some firmwares), speed (knots), course,
 *      altitude, ACC (`1` on), door (`1` open), fuel 1 and fuel 2 (`51.93%`), temperature;
 *   L: 5, 6 empty, 7 LAC (hex), 8 empty, 9 cell id (hex).
 *
 * The device stamps field 2 with its local clock and field 5 with UTC: the fix time is the local
 * date corrected by the difference between the two clocks, as Traccar does.
 */

export const PROTOCOL = 'gps103';

const LOCAL_TIME = /^(\d\d)\/?(\d\d)\/?(\d\d) ?(\d\d):?(\d\d)(?:\d\d)?$/;
const UTC_TIME = /^(\d\d)(\d\d)(\d\d)(?:\.\d+)?$/;
const COORDINATE = /^\d+(?:\.\d+)?$/;
const PERCENT = /^(\d+\.\d+)%$/;
const NUMBER = /^[-+]?\d+(?:\.\d+)?$/;

/** A number field, or undefined when empty or not a number (firmwares leave fields blank). */
function number(text: string | undefined): number | undefined {
  if (text === undefined || !NUMBER.test(text.trim())) return undefined;
  return Number(text);
}

const MINUTES_PER_DAY = 24 * 60;

/** The fix time from the local date/time field and the UTC time field. */
function fixTime(local: string, utc: string, now: number): number {
  const localMatch = LOCAL_TIME.exec(local);
  const utcMatch = UTC_TIME.exec(utc);
  const utcHours = utcMatch ? Number(utcMatch[1]) : 0;
  const utcMinutes = utcMatch ? Number(utcMatch[2]) : 0;
  const utcSeconds = utcMatch ? Number(utcMatch[3]) : 0;
  if (localMatch) {
    const [year, month, day, hours, minutes] = localMatch.slice(1).map(Number) as [
      number,
      number,
      number,
      number,
      number,
    ];
    const base = utcTime(2000 + year, month, day, hours, minutes, utcSeconds);
    if (base !== null) {
      if (!utcMatch) return base;
      // The device's time zone, folded into ±12 h (the local date may already be tomorrow).
      let offset = hours * 60 + minutes - (utcHours * 60 + utcMinutes);
      if (offset <= -MINUTES_PER_DAY / 2) offset += MINUTES_PER_DAY;
      else if (offset > MINUTES_PER_DAY / 2) offset -= MINUTES_PER_DAY;
      return base - offset * 60_000;
    }
  }
  if (!utcMatch) return now;
  // No local date: the UTC time of day nearest to the arrival time.
  const today = new Date(now);
  const candidate = Date.UTC(
    today.getUTCFullYear(),
    today.getUTCMonth(),
    today.getUTCDate(),
    utcHours,
    utcMinutes,
    utcSeconds,
  );
  const day = MINUTES_PER_DAY * 60_000;
  if (candidate - now > day / 2) return candidate - day;
  if (now - candidate > day / 2) return candidate + day;
  return candidate;
}

/** What the keyword adds to the position (alarm, ignition, value, answer or event). */
function applyKeyword(position: DecodedPosition, keyword: string, card: string): void {
  const alarm = keywordAlarm(keyword);
  addAlarm(position, alarm);
  const attributes = position.attributes;
  if (keyword === 'help me' || keyword.startsWith('vt')) {
    // The SOS is answered by the decoder; `vtN` announces a photo of N chunks (not stored).
    return;
  }
  if (keyword === 'acc on' || keyword === 'acc off') {
    attributes.ignition = keyword === 'acc on';
  } else if (keyword.startsWith('T:')) {
    const value = number(keyword.slice(2));
    if (value !== undefined) attributes.temp1 = value;
  } else if (keyword.startsWith('oil ')) {
    const value = number(keyword.slice(4));
    if (value !== undefined) attributes.fuel = value;
  } else if (isCommandAnswer(keyword)) {
    attributes.result = keyword;
  } else if (alarm === null && keyword !== 'tracker' && keyword !== '') {
    // Words without an alarm (`acc alarm`, `service`, `rfid`, numbered reports) stay readable.
    attributes.event = keyword;
  }
  if (keyword === 'rfid' && card !== '') attributes.driverUniqueId = card;
}

/** Reads the fix fields from `fields[5]` on (after `F`). */
function applyFix(position: DecodedPosition, fields: readonly string[], now: number): void {
  const validity = fields[6];
  if (validity !== 'A' && validity !== 'V') throw new FrameError(`no fix validity: ${validity}`);
  let at = 7;
  const next = (): string | undefined => fields[at++];
  const peek = (pattern: RegExp): boolean => pattern.test(fields[at] ?? '\n');

  let latitudeHemisphere = peek(/^[NS]$/) ? next() : '';
  const latitude = next() ?? '';
  if (peek(/^[NS]$/)) latitudeHemisphere = next();
  let longitudeHemisphere = peek(/^[EW]$/) ? next() : '';
  const longitude = next() ?? '';
  // An empty field after the longitude is a missing hemisphere, not a missing speed.
  if (peek(/^[EW]?$/)) longitudeHemisphere = next() || longitudeHemisphere;
  if (!COORDINATE.test(latitude) || !COORDINATE.test(longitude)) {
    throw new FrameError(`not a fix: ${latitude}, ${longitude}`);
  }

  const time = fixTime(fields[2] ?? '', fields[5] ?? '', now);
  position.deviceTime = time;
  setLocation(position, {
    time,
    valid: validity === 'A',
    latitude: nmeaDegrees(latitude, latitudeHemisphere ?? ''),
    longitude: nmeaDegrees(longitude, longitudeHemisphere ?? ''),
  });
  position.speed = number(next()) ?? 0;
  position.course = number(next()) ?? 0;
  position.altitude = number(next()) ?? 0;

  const attributes = position.attributes;
  const acc = next();
  if (acc === '0' || acc === '1') attributes.ignition = acc === '1';
  const door = next();
  if (door === '0' || door === '1') attributes.door = door === '1';
  const fuel1 = PERCENT.exec(next() ?? '');
  if (fuel1) attributes.fuel1 = Number(fuel1[1]);
  const fuel2 = PERCENT.exec(next() ?? '');
  if (fuel2) attributes.fuel2 = Number(fuel2[1]);
  const temperature = number(next());
  if (temperature !== undefined) attributes.temp1 = temperature;
}

/** Reads the cell of an `L` message (LAC and cell id in hex), when it has one. */
function applyCell(position: DecodedPosition, fields: readonly string[]): void {
  const lac = fields[7] ?? '';
  const cid = fields[9] ?? '';
  if (!/^[0-9a-f]{1,8}$/i.test(lac) || !/^[0-9a-f]{1,8}$/i.test(cid)) return;
  // No MCC/MNC on the wire: the tower is kept as the device gives it.
  addCellTower(position, { locationAreaCode: parseInt(lac, 16), cellId: parseInt(cid, 16) });
}

/** Decodes a regular message; `fields` are the comma-separated fields after `imei:`. */
export function decodeRegular(fields: readonly string[], now: number): DecodedPosition {
  if (fields.length < 5) throw new FrameError(`too few fields: ${fields.length}`);
  const keyword = fields[1] ?? '';
  const position = newPosition(PROTOCOL, now);
  applyKeyword(position, keyword, fields[3] ?? '');
  const kind = fields[4];
  if (kind === 'F') applyFix(position, fields, now);
  else if (kind === 'L') applyCell(position, fields);
  else throw new FrameError(`neither F nor L: ${kind}`);
  return position;
}
