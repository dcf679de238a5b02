/** Cell tower as Traccar serialises it inside `Position.network` (nulls omitted on the wire). */
export interface CellTower {
  cellId?: number;
  locationAreaCode?: number;
  mobileCountryCode?: number;
  mobileNetworkCode?: number;
  signalStrength?: number;
}

export interface WifiAccessPoint {
  macAddress: string;
  signalStrength?: number;
  channel?: number;
}

export interface Network {
  radioType?: string;
  considerIp?: boolean;
  cellTowers?: CellTower[];
  wifiAccessPoints?: WifiAccessPoint[];
}

/**
 * Free-form position attributes. The keys the tracking core itself reads or writes are typed so a
 * typo there fails to compile; anything a protocol sends is still allowed.
 */
export interface PositionAttributes {
  distance?: number;
  totalDistance?: number;
  odometer?: number;
  hours?: number;
  motion?: boolean;
  ignition?: boolean;
  charge?: boolean;
  blocked?: boolean;
  batteryLevel?: number;
  /** Comma-separated alarm keys (see `ALARM_KEYS`). */
  alarm?: string;
  driverUniqueId?: string;
  [key: string]: unknown;
}

/**
 * A position as `GET /api/positions` sends it. Dates are ISO-8601 UTC strings on the wire; speed is
 * in knots, distances and altitude in metres, course in degrees from true north.
 */
export interface Position {
  id: number;
  deviceId: number;
  protocol: string | null;
  serverTime: string;
  deviceTime: string;
  fixTime: string;
  /** True when the device sent no coordinates and the last known location was reused. */
  outdated: boolean;
  valid: boolean;
  latitude: number;
  longitude: number;
  altitude: number;
  speed: number;
  course: number;
  address: string | null;
  accuracy: number;
  network: Network | null;
  /** Geofences the position is inside; null (not `[]`) when there are none. */
  geofenceIds: number[] | null;
  attributes: PositionAttributes;
}

/**
 * Whether a position places its device somewhere: a tracker that never had a fix (a heartbeat or
 * a status before its first GPS fix) is stored at 0,0, as Traccar stores it, and belongs on no map.
 */
export const hasLocation = (position: Pick<Position, 'latitude' | 'longitude'>): boolean =>
  position.latitude !== 0 || position.longitude !== 0;
