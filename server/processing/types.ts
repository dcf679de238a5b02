import type { Device, EventType, Network, PositionAttributes } from '../../model';

/**
 * The position, event and device shapes the whole tracking core shares: a protocol decodes into
 * `DecodedPosition`, processing reads `TrackPosition` and produces `NewEvent`s, ingest stores
 * `PositionRecord`s and `EventRecord`s and keeps `DeviceRecord`s, and the subscribers of a
 * committed batch read the same records. Times are epoch milliseconds (as the database stores
 * them), not the wire's ISO strings, so nothing here parses dates.
 */

/** One message as a protocol decoded it, before processing. */
export interface DecodedPosition {
  /** Traccar's protocol name (`osmand`, `gt06`, `teltonika`, …). */
  protocol: string;
  /** The device's `uniqueId`, as the protocol names it (an IMEI, OsmAnd's `id`, …). */
  uniqueId: string;
  /** Epoch ms of the fix, and of the device's clock when it sent the message. */
  fixTime: number;
  deviceTime: number;
  valid: boolean;
  /**
   * True when the message had no coordinates: latitude/longitude are then 0 and the caller must
   * reuse the device's last known location, as Traccar does.
   */
  outdated: boolean;
  latitude: number;
  longitude: number;
  /** Knots. */
  speed: number;
  course: number;
  altitude: number;
  accuracy: number;
  network: Network | null;
  attributes: PositionAttributes;
}

/** The position shape the processing modules read. */
export interface TrackPosition {
  /** 0 while the position is not stored yet. */
  id: number;
  deviceId: number;
  fixTime: number;
  deviceTime?: number;
  valid: boolean;
  outdated?: boolean;
  latitude: number;
  longitude: number;
  altitude?: number;
  /** Knots. */
  speed: number;
  course?: number;
  geofenceIds?: number[] | null;
  attributes: PositionAttributes;
}

/** An event produced by processing, before it is stored (no `id`; `eventTime` in epoch ms). */
export interface NewEvent {
  type: EventType;
  deviceId: number;
  eventTime: number;
  positionId: number;
  /** 0 = none. */
  geofenceId: number;
  /** 0 = none. */
  maintenanceId: number;
  attributes: Record<string, unknown>;
}

export function makeEvent(
  type: EventType,
  position: Pick<TrackPosition, 'id' | 'deviceId' | 'fixTime'>,
  extra: { geofenceId?: number; attributes?: Record<string, unknown> } = {},
): NewEvent {
  return {
    type,
    deviceId: position.deviceId,
    eventTime: position.fixTime,
    positionId: position.id,
    geofenceId: extra.geofenceId ?? 0,
    maintenanceId: 0,
    attributes: extra.attributes ?? {},
  };
}

/** A processed position as ingest stores it and the subscribers receive it. */
export interface PositionRecord extends TrackPosition {
  protocol: string | null;
  serverTime: number;
  deviceTime: number;
  outdated: boolean;
  altitude: number;
  course: number;
  accuracy: number;
  address: string | null;
  network: Network | null;
  geofenceIds: number[] | null;
}

/** A stored event. */
export interface EventRecord extends NewEvent {
  id: number;
}

/** A device as the tracking core holds it: the wire `Device` with its times in epoch ms. */
export interface DeviceRecord extends Omit<Device, 'lastUpdate' | 'expirationTime'> {
  lastUpdate: number | null;
  expirationTime: number | null;
}
