import type { Selectable } from 'kysely';
import type { Device, DeviceStatus, Event, EventType, Network, Position } from '../model';
import { isFiniteNumber, isPlainObject } from '../model/json';
import { parseAttributes, toIso } from './db/json';
import type { DevicesTable, EventsTable, PositionsTable } from './db/schema';
import type { DeviceRecord, EventRecord, PositionRecord } from './processing/types';

/**
 * Rows → records → wire JSON for devices, positions and events: table rows read into the records
 * of `processing/types.ts` (times in epoch ms, JSON parsed), and records written in their wire
 * shapes (ISO dates, 0 for "none", `geofenceIds` null when empty; see docs/traccar-api.md). Shared
 * by the tracking core, the entity API and the reports, so it belongs to none of them.
 */

function parseJson(text: string | null): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

function parseIds(text: string | null): number[] | null {
  const value = parseJson(text);
  if (!Array.isArray(value)) return null;
  const ids = value.filter((id): id is number => typeof id === 'number');
  return ids.length > 0 ? ids : null;
}

const STATUSES: readonly string[] = ['online', 'offline', 'unknown'];

/** Never null on the wire: a device that never reported reads as offline, as in Traccar. */
export function statusFromRow(status: string | null): DeviceStatus {
  return status && STATUSES.includes(status) ? (status as DeviceStatus) : 'offline';
}

export function deviceFromRow(row: Selectable<DevicesTable>): DeviceRecord {
  return {
    id: row.id,
    name: row.name,
    uniqueId: row.uniqueId,
    status: statusFromRow(row.status),
    lastUpdate: row.lastUpdate,
    positionId: row.positionId ?? 0,
    groupId: row.groupId ?? 0,
    calendarId: row.calendarId ?? 0,
    phone: row.phone,
    model: row.model,
    contact: row.contact,
    category: row.category,
    disabled: Boolean(row.disabled),
    expirationTime: row.expirationTime,
    attributes: parseAttributes(row.attributes),
  };
}

export function deviceJson(device: DeviceRecord): Device {
  return {
    id: device.id,
    name: device.name,
    uniqueId: device.uniqueId,
    status: device.status,
    disabled: device.disabled,
    lastUpdate: toIso(device.lastUpdate),
    positionId: device.positionId,
    groupId: device.groupId,
    calendarId: device.calendarId,
    phone: device.phone,
    model: device.model,
    contact: device.contact,
    category: device.category,
    expirationTime: toIso(device.expirationTime),
    attributes: device.attributes,
  };
}

export function positionFromRow(row: Selectable<PositionsTable>): PositionRecord {
  const network = parseJson(row.network);
  return {
    id: row.id,
    deviceId: row.deviceId,
    protocol: row.protocol,
    serverTime: row.serverTime,
    deviceTime: row.deviceTime,
    fixTime: row.fixTime,
    outdated: false,
    valid: Boolean(row.valid),
    latitude: row.latitude,
    longitude: row.longitude,
    altitude: row.altitude,
    speed: row.speed,
    course: row.course,
    address: row.address,
    accuracy: row.accuracy,
    network: isPlainObject(network) ? (network as Network) : null,
    geofenceIds: parseIds(row.geofenceIds),
    attributes: parseAttributes(row.attributes),
  };
}

export function positionJson(position: PositionRecord): Position {
  return {
    id: position.id,
    deviceId: position.deviceId,
    protocol: position.protocol,
    serverTime: new Date(position.serverTime).toISOString(),
    deviceTime: new Date(position.deviceTime).toISOString(),
    fixTime: new Date(position.fixTime).toISOString(),
    outdated: position.outdated,
    valid: position.valid,
    latitude: position.latitude,
    longitude: position.longitude,
    altitude: position.altitude,
    speed: position.speed,
    course: position.course,
    address: position.address,
    accuracy: position.accuracy,
    network: position.network,
    geofenceIds:
      position.geofenceIds && position.geofenceIds.length > 0 ? position.geofenceIds : null,
    attributes: position.attributes,
  };
}

/**
 * The Traccar JSON of stored positions, kept beside the position objects while they live. A
 * committed fix is written as Traccar JSON for the live sockets, for the sign-in greeting and, in
 * cluster mode, for its device row and the other instances: built once, after it was stored (a
 * stored position no longer changes).
 */
const wireTexts = new WeakMap<PositionRecord, string>();

/** `JSON.stringify(positionJson(position))`, built once per position. */
export function positionText(position: PositionRecord): string {
  let text = wireTexts.get(position);
  if (text === undefined) {
    text = JSON.stringify(positionJson(position));
    wireTexts.set(position, text);
  }
  return text;
}

const isText = (value: unknown): value is string | null =>
  value === null || typeof value === 'string';

/** A time as `positionJson` writes it (ISO) or as a record holds it (epoch ms); NaN otherwise. */
const timeOf = (value: unknown): number =>
  typeof value === 'string' ? Date.parse(value) : isFiniteNumber(value) ? value : NaN;

const NUMBERS = ['id', 'latitude', 'longitude', 'altitude', 'speed', 'course', 'accuracy'] as const;

/**
 * A stored position read back from its Traccar JSON (`positionJson`), or from a record's own JSON
 * (device states written by earlier versions): the inverse of `positionJson` for what it wrote,
 * whose times are whole milliseconds. Null when `value` is not such a position of `deviceId`.
 * An empty `geofenceIds` reads as null, as a position read from its row does.
 */
export function positionFromJson(value: unknown, deviceId: number): PositionRecord | null {
  if (!isPlainObject(value) || value.deviceId !== deviceId) return null;
  if (!NUMBERS.every((key) => isFiniteNumber(value[key]))) return null;
  const serverTime = timeOf(value.serverTime);
  const deviceTime = timeOf(value.deviceTime);
  const fixTime = timeOf(value.fixTime);
  if (!isFiniteNumber(serverTime) || !isFiniteNumber(deviceTime) || !isFiniteNumber(fixTime))
    return null;
  const { valid, outdated, protocol, address, network, geofenceIds, attributes } = value;
  if (typeof valid !== 'boolean' || typeof outdated !== 'boolean') return null;
  if (!isText(protocol) || !isText(address) || !isPlainObject(attributes)) return null;
  if (network !== null && !isPlainObject(network)) return null;
  if (geofenceIds !== null && !(Array.isArray(geofenceIds) && geofenceIds.every(isFiniteNumber))) {
    return null;
  }
  return {
    id: value.id as number,
    deviceId,
    protocol,
    serverTime,
    deviceTime,
    fixTime,
    outdated,
    valid,
    latitude: value.latitude as number,
    longitude: value.longitude as number,
    altitude: value.altitude as number,
    speed: value.speed as number,
    course: value.course as number,
    address,
    accuracy: value.accuracy as number,
    network: network as Network | null,
    geofenceIds: geofenceIds && geofenceIds.length > 0 ? (geofenceIds as number[]) : null,
    attributes,
  };
}

/**
 * A stored position as another instance relays it (cluster mode): its key and its Traccar JSON,
 * which is all the live side needs; the record is read from that text (`positionFromTexts`) only
 * when something asks for it.
 */
export interface PositionTexts {
  id: number;
  deviceId: number;
  fixTime: number;
  /**
   * `positionText` of the position. Relayed, it is UTF-8 bytes copied out of the message into a
   * buffer of its own: a device's latest fix is kept until its next one, and bytes wait outside
   * the JavaScript heap, where every garbage collection in between would copy a string
   * (docs/scaling.md).
   */
  wire: string | Buffer;
}

export function isPositionTexts(
  position: PositionRecord | PositionTexts,
): position is PositionTexts {
  return 'wire' in position;
}

const asText = (text: string | Buffer): string =>
  typeof text === 'string' ? text : text.toString('utf8');

/** The record of relayed texts, its Traccar JSON already known; null for a damaged text. */
export function positionFromTexts(texts: PositionTexts): PositionRecord | null {
  const text = asText(texts.wire);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  const position = positionFromJson(value, texts.deviceId);
  if (position) wireTexts.set(position, text);
  return position;
}

/** The Traccar JSON of a position, whichever form it is held in. */
export function livePositionText(position: PositionRecord | PositionTexts): string {
  return isPositionTexts(position) ? asText(position.wire) : positionText(position);
}

/** `livePositionText`, as the bytes relayed when it came so (nothing decoded or copied). */
export function livePositionBytes(position: PositionRecord | PositionTexts): string | Buffer {
  return isPositionTexts(position) ? position.wire : positionText(position);
}

export function eventFromRow(row: Selectable<EventsTable>): EventRecord {
  return {
    id: row.id,
    type: row.type as EventType,
    eventTime: row.eventTime,
    deviceId: row.deviceId,
    positionId: row.positionId ?? 0,
    geofenceId: row.geofenceId ?? 0,
    maintenanceId: row.maintenanceId ?? 0,
    attributes: parseAttributes(row.attributes),
  };
}

export function eventJson(event: EventRecord): Event {
  return {
    id: event.id,
    type: event.type,
    eventTime: new Date(event.eventTime).toISOString(),
    deviceId: event.deviceId,
    positionId: event.positionId,
    geofenceId: event.geofenceId,
    maintenanceId: event.maintenanceId,
    attributes: event.attributes,
  };
}
