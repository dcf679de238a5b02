import type { EventType, PositionAttributes } from '../../model';

/**
 * The position shape the processing modules read. Times are epoch milliseconds (as the database
 * stores them), not the wire's ISO strings, so nothing here parses dates.
 */
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
