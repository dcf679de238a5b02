import type { Selectable } from 'kysely';
import type { Device, DeviceStatus, Event, EventType, Network, Position } from '../model';
import { isPlainObject, parseAttributes, toIso } from './db/json';
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
 * The texts of stored positions, kept beside the position objects while they live. A committed
 * fix is written as Traccar JSON for the live sockets and again for the sign-in greeting, and in
 * cluster mode as record JSON for its device row and for the other instances: built once each,
 * after it was stored (a stored position no longer changes).
 */
const wireTexts = new WeakMap<PositionRecord, string>();
const recordTexts = new WeakMap<PositionRecord, string>();

/** `JSON.stringify(positionJson(position))`, built once per position. */
export function positionText(position: PositionRecord): string {
  let text = wireTexts.get(position);
  if (text === undefined) {
    text = JSON.stringify(positionJson(position));
    wireTexts.set(position, text);
  }
  return text;
}

/**
 * A stored position as another instance relays it (cluster mode): its key, and its two texts,
 * the record's JSON and its Traccar JSON. The live side needs only the key and the Traccar text,
 * so the record is read (`positionFromTexts`) only when something asks for it.
 */
export interface PositionTexts {
  id: number;
  deviceId: number;
  fixTime: number;
  /**
   * `positionRecordText` of the position. Relayed, both texts are UTF-8 bytes, copied out of the
   * message into a buffer of their own: a device's latest fix is kept until its next one, and
   * bytes wait outside the JavaScript heap, where every garbage collection in between would copy
   * a string (docs/scaling.md).
   */
  record: string | Buffer;
  /** `positionText` of the position. */
  wire: string | Buffer;
}

export function isPositionTexts(
  position: PositionRecord | PositionTexts,
): position is PositionTexts {
  return 'wire' in position;
}

const asText = (text: string | Buffer): string =>
  typeof text === 'string' ? text : text.toString('utf8');

/** The record of relayed texts, its Traccar JSON already known. */
export function positionFromTexts(texts: PositionTexts): PositionRecord {
  const position = JSON.parse(asText(texts.record)) as PositionRecord;
  wireTexts.set(position, asText(texts.wire));
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

/** `JSON.stringify(position)`, the record as it is, built once per position. */
export function positionRecordText(position: PositionRecord): string {
  let text = recordTexts.get(position);
  if (text === undefined) {
    text = JSON.stringify(position);
    recordTexts.set(position, text);
  }
  return text;
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
