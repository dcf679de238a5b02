import type { CellTower, PositionAttributes, WifiAccessPoint } from '../../../model';
import { isValidLatitude, isValidLongitude } from '../../../model/coordinates';
import type { DecodedPosition } from '../../processing/types';
import { knotsFromKmh, knotsFromMph, knotsFromMps } from '../../../model/units';

/**
 * Decoder for the OsmAnd / Traccar Client HTTP protocol (docs/tracking-core.md), pure: the HTTP
 * layer hands it the query (or form body) or the parsed JSON body and maps `OsmAndDecodeError` to
 * 400/404.
 */

export type SpeedUnit = 'kn' | 'kmh' | 'mps' | 'mph';

export interface OsmAndOptions {
  /** Config `osmand.speed`: the unit of the query form's `speed`. Default knots. */
  speedUnit?: SpeedUnit;
  /** Config `osmand.minAccuracy` for the JSON form: a smaller accuracy is dropped. Default 10. */
  minAccuracy?: number;
  /** Epoch ms used when the message carries no timestamp. Default `Date.now()`. */
  now?: number;
}

export type OsmAndErrorCode =
  | 'MISSING_ID'
  | 'INVALID_ID'
  | 'INVALID_LATITUDE'
  | 'INVALID_LONGITUDE'
  | 'INVALID_LOCATION'
  | 'INVALID_TIMESTAMP'
  | 'INVALID_NUMBER'
  | 'INVALID_CELL'
  | 'INVALID_WIFI'
  | 'INVALID_JSON';

export class OsmAndDecodeError extends Error {
  constructor(
    readonly code: OsmAndErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'OsmAndDecodeError';
  }
}

/**
 * No device is registered under an id holding a NUL (the API refuses one), and PostgreSQL cannot
 * even compare text holding one: looking it up would fail as an error of the server.
 */
function checkId(uniqueId: string): void {
  if (uniqueId.includes('\0')) {
    throw new OsmAndDecodeError('INVALID_ID', 'Device id holds a NUL character');
  }
}

/** Keys that must never become attribute names (they would reach object prototypes downstream). */
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** Java's Double.parseDouble accepts more (hex, "NaN", "1d"); devices only send plain decimals. */
const DECIMAL_RE = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

function parseDecimal(value: string): number | undefined {
  const trimmed = value.trim();
  if (!DECIMAL_RE.test(trimmed)) return undefined;
  const number = Number(trimmed);
  return Number.isFinite(number) ? number : undefined;
}

function requireDecimal(key: string, value: string, code: OsmAndErrorCode = 'INVALID_NUMBER') {
  const number = parseDecimal(value);
  if (number === undefined) {
    throw new OsmAndDecodeError(code, `${key} is not a number: ${JSON.stringify(value)}`);
  }
  return number;
}

function requireInteger(key: string, value: string, code: OsmAndErrorCode): number {
  const trimmed = value.trim();
  if (!/^[+-]?\d+$/.test(trimmed)) {
    throw new OsmAndDecodeError(code, `${key} is not an integer: ${JSON.stringify(value)}`);
  }
  return Number(trimmed);
}

const ISO_WITH_ZONE_RE =
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}(?::?\d{2})?)$/i;
const LOCAL_TIME_RE = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

/**
 * `timestamp`: integer epoch seconds below 2^31, otherwise ms; ISO-8601 (with a zone) when it
 * contains "T"; or `yyyy-MM-dd HH:mm:ss` in the server's local time zone, like Traccar.
 */
export function parseTimestamp(value: string): number {
  const text = value.trim();
  const fail = () =>
    new OsmAndDecodeError('INVALID_TIMESTAMP', `Invalid timestamp: ${JSON.stringify(value)}`);
  if (/^\d+$/.test(text)) {
    const number = Number(text);
    const ms = number < 2 ** 31 ? number * 1000 : number;
    if (!Number.isSafeInteger(ms) || Number.isNaN(new Date(ms).getTime())) throw fail();
    return ms;
  }
  if (text.includes('T') || text.includes('t')) {
    return parseIsoTimestamp(text, fail);
  }
  const local = LOCAL_TIME_RE.exec(text);
  if (local) {
    const [year, month, day, hour, minute, second] = local.slice(1).map(Number);
    const date = new Date(year, month - 1, day, hour, minute, second);
    // Date rolls 2016-02-31 over to March; reject instead of silently storing a wrong day.
    if (date.getMonth() !== month - 1 || date.getDate() !== day || hour > 23 || minute > 59) {
      throw fail();
    }
    return date.getTime();
  }
  throw fail();
}

function parseIsoTimestamp(text: string, fail: () => OsmAndDecodeError): number {
  // A zone is required: without one, Date.parse would guess local time where Traccar refuses.
  if (!ISO_WITH_ZONE_RE.test(text)) throw fail();
  const [year, month, day] = text.slice(0, 10).split('-').map(Number);
  const ms = Date.parse(text);
  if (Number.isNaN(ms)) throw fail();
  // Date.parse accepts 2016-02-31 in some engines; the calendar day must exist.
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) throw fail();
  return ms;
}

function convertSpeed(value: number, unit: SpeedUnit): number {
  switch (unit) {
    case 'kn':
      return value;
    case 'kmh':
      return knotsFromKmh(value);
    case 'mps':
      return knotsFromMps(value);
    case 'mph':
      return knotsFromMph(value);
  }
}

/** Any other key: a number if numeric, a boolean for true/false, otherwise the string. */
function genericAttribute(value: string): string | number | boolean {
  const number = parseDecimal(value);
  if (number !== undefined) return number;
  if (value === 'true') return true;
  if (value === 'false') return false;
  return value;
}

function parseCell(value: string): CellTower {
  const parts = value.split(',');
  if (parts.length < 4 || parts.length > 5) {
    throw new OsmAndDecodeError(
      'INVALID_CELL',
      `cell must be mcc,mnc,lac,cid[,rssi]: ${JSON.stringify(value)}`,
    );
  }
  const [mcc, mnc, lac, cid, rssi] = parts.map((part, i) =>
    requireInteger(['mcc', 'mnc', 'lac', 'cid', 'rssi'][i], part, 'INVALID_CELL'),
  );
  const tower: CellTower = {
    mobileCountryCode: mcc,
    mobileNetworkCode: mnc,
    locationAreaCode: lac,
    cellId: cid,
  };
  if (rssi !== undefined) tower.signalStrength = rssi;
  return tower;
}

function parseWifi(value: string): WifiAccessPoint {
  const parts = value.split(',');
  if (parts.length !== 2 || parts[0].trim() === '') {
    throw new OsmAndDecodeError('INVALID_WIFI', `wifi must be mac,rssi: ${JSON.stringify(value)}`);
  }
  return {
    macAddress: parts[0].trim().replace(/-/g, ':'),
    signalStrength: requireInteger('wifi rssi', parts[1], 'INVALID_WIFI'),
  };
}

function emptyPosition(uniqueId: string, time: number): DecodedPosition {
  return {
    protocol: 'osmand',
    uniqueId,
    fixTime: time,
    deviceTime: time,
    valid: true,
    outdated: false,
    latitude: 0,
    longitude: 0,
    speed: 0,
    course: 0,
    altitude: 0,
    accuracy: 0,
    network: null,
    attributes: {},
  };
}

function checkCoordinates(latitude: number | undefined, longitude: number | undefined) {
  if (latitude !== undefined && !isValidLatitude(latitude)) {
    throw new OsmAndDecodeError('INVALID_LATITUDE', `Latitude out of range: ${latitude}`);
  }
  if (longitude !== undefined && !isValidLongitude(longitude)) {
    throw new OsmAndDecodeError('INVALID_LONGITUDE', `Longitude out of range: ${longitude}`);
  }
  if ((latitude === undefined) !== (longitude === undefined)) {
    throw new OsmAndDecodeError(
      latitude === undefined ? 'INVALID_LATITUDE' : 'INVALID_LONGITUDE',
      'Latitude and longitude must be sent together',
    );
  }
}

/**
 * Marks a position without a fix as outdated. Traccar treats 0,0 the same as missing, since many
 * devices send zeros when they have no fix.
 */
function finishLocation(position: DecodedPosition, latitude?: number, longitude?: number) {
  if (latitude === undefined || longitude === undefined || (latitude === 0 && longitude === 0)) {
    position.outdated = true;
    position.latitude = 0;
    position.longitude = 0;
  } else {
    position.latitude = latitude;
    position.longitude = longitude;
  }
}

/**
 * Decodes the query-string / form variant. Later duplicates of a single-valued key win; `cell` and
 * `wifi` repeat. Throws `OsmAndDecodeError`; never returns a partial position.
 */
export function decodeOsmAndQuery(
  input: string | URLSearchParams,
  options: OsmAndOptions = {},
): DecodedPosition {
  const params =
    typeof input === 'string' ? new URLSearchParams(input.replace(/^[^?]*\?/, '')) : input;
  const speedUnit = options.speedUnit ?? 'kn';

  let uniqueId: string | undefined;
  let time: number | undefined;
  let latitude: number | undefined;
  let longitude: number | undefined;
  const cellTowers: CellTower[] = [];
  const wifiAccessPoints: WifiAccessPoint[] = [];
  const position = emptyPosition('', 0);
  const attributes: PositionAttributes = {};

  for (const [key, value] of params) {
    switch (key) {
      case 'id':
      case 'deviceid':
        uniqueId = value.trim();
        break;
      case 'valid':
        position.valid = value === 'true' || value === '1';
        break;
      case 'timestamp':
        time = parseTimestamp(value);
        break;
      case 'lat':
        latitude = requireDecimal('lat', value, 'INVALID_LATITUDE');
        break;
      case 'lon':
        longitude = requireDecimal('lon', value, 'INVALID_LONGITUDE');
        break;
      case 'location': {
        const parts = value.split(',');
        if (parts.length !== 2) {
          throw new OsmAndDecodeError(
            'INVALID_LOCATION',
            `location must be lat,lon: ${JSON.stringify(value)}`,
          );
        }
        latitude = requireDecimal('location latitude', parts[0], 'INVALID_LATITUDE');
        longitude = requireDecimal('location longitude', parts[1], 'INVALID_LONGITUDE');
        break;
      }
      case 'cell':
        cellTowers.push(parseCell(value));
        break;
      case 'wifi':
        wifiAccessPoints.push(parseWifi(value));
        break;
      case 'speed':
        position.speed = convertSpeed(requireDecimal('speed', value), speedUnit);
        break;
      case 'bearing':
      case 'heading':
        position.course = requireDecimal(key, value);
        break;
      case 'altitude':
        position.altitude = requireDecimal('altitude', value);
        break;
      case 'accuracy':
        position.accuracy = requireDecimal('accuracy', value);
        break;
      case 'hdop':
        attributes.hdop = requireDecimal('hdop', value);
        break;
      case 'batt':
        attributes.batteryLevel = requireDecimal('batt', value);
        break;
      case 'driverUniqueId':
        attributes.driverUniqueId = value;
        break;
      case 'charge':
        attributes.charge = value === 'true';
        break;
      case 'notificationToken':
        // A push token for the device, not position data; the HTTP layer may read it from params.
        break;
      default:
        if (!FORBIDDEN_KEYS.has(key) && key !== '') attributes[key] = genericAttribute(value);
    }
  }

  if (!uniqueId) throw new OsmAndDecodeError('MISSING_ID', 'Device id (id or deviceid) is missing');
  checkId(uniqueId);
  checkCoordinates(latitude, longitude);

  position.uniqueId = uniqueId;
  position.fixTime = position.deviceTime = time ?? options.now ?? Date.now();
  finishLocation(position, latitude, longitude);
  if (cellTowers.length > 0 || wifiAccessPoints.length > 0) {
    position.network = {};
    if (cellTowers.length > 0) position.network.cellTowers = cellTowers;
    if (wifiAccessPoints.length > 0) position.network.wifiAccessPoints = wifiAccessPoints;
  }
  position.attributes = attributes;
  return position;
}

// ---- JSON variant (Traccar Client 9+) ----

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function jsonNumber(owner: JsonObject, key: string, path: string): number | undefined {
  const value = owner[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    const code: OsmAndErrorCode =
      key === 'latitude'
        ? 'INVALID_LATITUDE'
        : key === 'longitude'
          ? 'INVALID_LONGITUDE'
          : 'INVALID_JSON';
    throw new OsmAndDecodeError(code, `${path}.${key} must be a number`);
  }
  return value;
}

interface JsonScalars {
  boolean: boolean;
  string: string;
}

/** `owner[key]` when it is a `type`; undefined when absent or null; else a decode error. */
function jsonScalar<T extends keyof JsonScalars>(
  owner: JsonObject,
  key: string,
  path: string,
  type: T,
): JsonScalars[T] | undefined {
  const value = owner[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== type) {
    throw new OsmAndDecodeError('INVALID_JSON', `${path}.${key} must be a ${type}`);
  }
  return value as JsonScalars[T];
}

const jsonBoolean = (owner: JsonObject, key: string, path: string) =>
  jsonScalar(owner, key, path, 'boolean');
const jsonString = (owner: JsonObject, key: string, path: string) =>
  jsonScalar(owner, key, path, 'string');

/** True when the parsed body looks like the JSON variant (has a `location` object). */
export function isOsmAndJson(body: unknown): boolean {
  return isObject(body) && isObject(body.location);
}

/**
 * Decodes the JSON body Traccar Client sends: `speed` is m/s (converted to knots), negative speed
 * or heading means unknown, `battery.level` is 0..1. Throws `OsmAndDecodeError`.
 */
export function decodeOsmAndJson(body: unknown, options: OsmAndOptions = {}): DecodedPosition {
  if (!isObject(body)) throw new OsmAndDecodeError('INVALID_JSON', 'Body must be a JSON object');
  const rawId = body.device_id;
  const uniqueId =
    typeof rawId === 'string' ? rawId.trim() : typeof rawId === 'number' ? String(rawId) : '';
  if (!uniqueId) throw new OsmAndDecodeError('MISSING_ID', 'device_id is missing');
  checkId(uniqueId);
  const location = body.location;
  if (!isObject(location)) {
    throw new OsmAndDecodeError('INVALID_JSON', 'location must be an object');
  }

  const timestamp = location.timestamp;
  let time: number;
  if (timestamp === undefined || timestamp === null) {
    time = options.now ?? Date.now();
  } else if (typeof timestamp === 'string') {
    time = parseTimestamp(timestamp);
  } else if (typeof timestamp === 'number' && Number.isInteger(timestamp) && timestamp >= 0) {
    time = parseTimestamp(String(timestamp));
  } else {
    throw new OsmAndDecodeError('INVALID_TIMESTAMP', 'location.timestamp is not a valid time');
  }

  const position = emptyPosition(uniqueId, time);
  const attributes: PositionAttributes = {};
  let latitude: number | undefined;
  let longitude: number | undefined;

  const coords = location.coords;
  if (coords !== undefined && coords !== null) {
    if (!isObject(coords)) throw new OsmAndDecodeError('INVALID_JSON', 'coords must be an object');
    const path = 'location.coords';
    latitude = jsonNumber(coords, 'latitude', path);
    longitude = jsonNumber(coords, 'longitude', path);
    if (latitude === undefined) {
      throw new OsmAndDecodeError('INVALID_LATITUDE', 'coords.latitude is missing');
    }
    if (longitude === undefined) {
      throw new OsmAndDecodeError('INVALID_LONGITUDE', 'coords.longitude is missing');
    }
    const speed = jsonNumber(coords, 'speed', path);
    if (speed !== undefined && speed >= 0) position.speed = knotsFromMps(speed);
    const heading = jsonNumber(coords, 'heading', path);
    if (heading !== undefined && heading >= 0) position.course = heading;
    const altitude = jsonNumber(coords, 'altitude', path);
    if (altitude !== undefined) position.altitude = altitude;
    const accuracy = jsonNumber(coords, 'accuracy', path);
    if (accuracy !== undefined && accuracy >= (options.minAccuracy ?? 10)) {
      position.accuracy = accuracy;
    }
  }
  checkCoordinates(latitude, longitude);

  const moving = jsonBoolean(location, 'is_moving', 'location');
  if (moving !== undefined) attributes.motion = moving;
  const odometer = jsonNumber(location, 'odometer', 'location');
  if (odometer !== undefined) attributes.odometer = odometer;
  const event = jsonString(location, 'event', 'location');
  if (event !== undefined) attributes.event = event;
  const mock = jsonBoolean(location, 'mock', 'location');
  if (mock !== undefined) attributes.mock = mock;
  const alarm = jsonString(location, 'alarm', 'location');
  if (alarm !== undefined) attributes.alarm = alarm;

  const activity = location.activity;
  if (isObject(activity)) {
    const type = jsonString(activity, 'type', 'location.activity');
    if (type !== undefined) attributes.activity = type;
  }

  const battery = location.battery;
  if (isObject(battery)) {
    const level = jsonNumber(battery, 'level', 'location.battery');
    // Traccar Client reports -1 when the platform cannot read the battery.
    if (level !== undefined && level >= 0) attributes.batteryLevel = Math.round(level * 100);
    const charging = jsonBoolean(battery, 'is_charging', 'location.battery');
    if (charging !== undefined) attributes.charge = charging;
  }

  const extras = location.extras;
  if (isObject(extras)) {
    for (const [key, value] of Object.entries(extras)) {
      if (FORBIDDEN_KEYS.has(key)) continue;
      if (typeof value === 'string' || typeof value === 'boolean') attributes[key] = value;
      else if (typeof value === 'number' && Number.isFinite(value)) attributes[key] = value;
    }
  }

  finishLocation(position, latitude, longitude);
  position.attributes = attributes;
  return position;
}
