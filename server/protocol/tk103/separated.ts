import type { DecodedPosition } from '../../processing/types';
import { FrameError } from '../shared/definition';
import {
  addAlarm,
  addCellTower,
  newPosition,
  nmeaDegrees,
  resultPosition,
  setLocation,
} from '../shared/position';
import { knotsFromKmh } from '../../../model/units';
import { TYPE_EVENTS } from './alarms';
import { applyStatus } from './fix';
import { dayFirstTime } from './time';

/**
 * The comma-separated messages (T580W and similar units), after `(<id>,<type>,`:
 *
 * - a report: `ddmmyy,A/V,ddmm.mmmmN,dddmm.mmmmE,speed km/h,hhmmss,course,…`; the type names the
 *   event (`ZC11` movement, `ZC15` ACC on, …); older units append the status and `L<odometer>`;
 * - `ZC20`, battery: `ddmmyy,hhmmss,level (0–6),battery centivolts,power decivolts,…`
 *   (65535 and 255 mean not measured);
 * - `ZC03`, a command's answer: `ddmmyy,hhmmss,$<text>$`;
 * - `DW5x`, cell and Wi-Fi: `mcc,mnc,lac,cid,<n>,<mac*rssi*channel>×n,ddmmyy,hhmmss`.
 */

export const PROTOCOL = 'tk103';

const NUMBER = /^[-+]?\d+(?:\.\d+)?$/;
const COORDINATE = /^(\d*\d\d\.\d+)([NSEW])$/;

function number(text: string | undefined): number | undefined {
  const value = text?.trim();
  return value !== undefined && NUMBER.test(value) ? Number(value) : undefined;
}

/** What the type itself says happened. */
function applyType(position: DecodedPosition, type: string): void {
  const event = TYPE_EVENTS.get(type);
  if (!event) return;
  if ('alarm' in event) addAlarm(position, event.alarm);
  else position.attributes.ignition = event.ignition;
}

function decodeReport(type: string, fields: readonly string[], now: number): DecodedPosition {
  const [date, validity, lat, lon, speed, clock, course, ...rest] = fields;
  const latitude = COORDINATE.exec(lat ?? '');
  const longitude = COORDINATE.exec(lon ?? '');
  if ((validity !== 'A' && validity !== 'V') || !latitude || !longitude) {
    throw new FrameError(`not a report: ${fields.slice(0, 4).join(',')}`);
  }
  const time = dayFirstTime(date ?? '', clock ?? '') ?? now;
  const position = newPosition(PROTOCOL, time);
  applyType(position, type);
  setLocation(position, {
    time,
    valid: validity === 'A',
    latitude: nmeaDegrees(latitude[1] ?? '', latitude[2] ?? ''),
    longitude: nmeaDegrees(longitude[1] ?? '', longitude[2] ?? ''),
  });
  position.speed = knotsFromKmh(number(speed) ?? 0);
  position.course = number(course) ?? 0;
  for (const field of rest) {
    if (/^[01][01][0-9A-F]{6}$/i.test(field)) applyStatus(position.attributes, field);
    const odometer = /^L([0-9A-F]{1,12})$/i.exec(field)?.[1];
    if (odometer) position.attributes.odometer = parseInt(odometer, 16);
  }
  return position;
}

/** Battery levels 2–6 as percentages, as Traccar reads them. */
const BATTERY_LEVELS = new Map([
  [6, 100],
  [5, 80],
  [4, 50],
  [3, 20],
  [2, 10],
]);

function decodeBattery(fields: readonly string[], now: number): DecodedPosition {
  const [date, clock, level, battery, power] = fields;
  const position = newPosition(PROTOCOL, dayFirstTime(date ?? '', clock ?? '') ?? now);
  const attributes = position.attributes;
  const percent = BATTERY_LEVELS.get(number(level) ?? -1);
  if (percent !== undefined) attributes.batteryLevel = percent;
  const centivolts = number(battery);
  if (centivolts !== undefined && centivolts !== 65535) attributes.battery = centivolts / 100;
  const decivolts = number(power);
  if (decivolts !== undefined && decivolts !== 65535) attributes.power = decivolts / 10;
  return position;
}

function decodeAnswer(data: string, now: number): DecodedPosition {
  const [date, clock] = data.split(',');
  const start = data.indexOf('$');
  if (start < 0) throw new FrameError('answer without its $text$');
  const end = data.indexOf('$', start + 1);
  const text = data.slice(start + 1, end < 0 ? undefined : end);
  return resultPosition(PROTOCOL, dayFirstTime(date ?? '', clock ?? '') ?? now, text);
}

function decodeCellWifi(type: string, fields: readonly string[], now: number): DecodedPosition {
  const [mcc, mnc, lac, cid, count] = fields.slice(0, 5).map(number);
  const macs = count ?? -1;
  if (
    mcc === undefined ||
    mnc === undefined ||
    lac === undefined ||
    cid === undefined ||
    macs < 0 ||
    fields.length < 7 + macs
  ) {
    throw new FrameError(`not a cell and Wi-Fi report: ${fields.slice(0, 5).join(',')}`);
  }
  const time = dayFirstTime(fields[5 + macs] ?? '', fields[6 + macs] ?? '') ?? now;
  const position = newPosition(PROTOCOL, time);
  applyType(position, type);
  addCellTower(position, {
    mobileCountryCode: mcc,
    mobileNetworkCode: mnc,
    locationAreaCode: lac,
    cellId: cid,
  });
  const network = position.network ?? {};
  for (const entry of fields.slice(5, 5 + macs)) {
    const [mac, rssi, channel] = entry.split('*');
    if (!/^(?:[0-9a-f]{2}:){5}[0-9a-f]{2}$/i.test(mac ?? '')) {
      throw new FrameError(`not a Wi-Fi access point: ${entry}`);
    }
    (network.wifiAccessPoints ??= []).push({
      macAddress: (mac ?? '').toLowerCase(),
      signalStrength: number(rssi),
      channel: number(channel),
    });
  }
  position.network = network;
  return position;
}

export function decodeSeparated(type: string, data: string, now: number): DecodedPosition {
  if (type === 'ZC03') return decodeAnswer(data, now);
  const fields = data.split(',');
  if (type === 'ZC20') return decodeBattery(fields, now);
  if (/^DW5[0-9A-F]$/.test(type)) return decodeCellWifi(type, fields, now);
  return decodeReport(type, fields, now);
}
