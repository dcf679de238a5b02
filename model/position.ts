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

/** A number, or a numeric string as attributes often hold; null otherwise. */
const attributeNumber = (value: unknown): number | null => {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) ? number : null;
};

/** The vehicle's own odometer as the device reports it (metres); null when absent or zero. */
export const deviceOdometer = (attributes: Readonly<Record<string, unknown>>): number | null => {
  const value = attributeNumber(attributes.odometer);
  return value === null || value === 0 ? null : value;
};

/**
 * THE odometer of a position, in metres, the one figure every screen and report shows (map card,
 * device form, trips, summary, route spreadsheet), as Traccar's reports read it: the device's own
 * `odometer` when it reports one (the vehicle's meter, read from the CAN bus or the dashboard),
 * else the server's `totalDistance` (the GPS distance summed since the device first reported,
 * which the device form can set, through `PUT /api/devices/{id}/accumulators`). The
 * `report.ignoreOdometer` setting (device, group or server) makes it `totalDistance` always.
 */
export const odometerOf = (
  attributes: Readonly<Record<string, unknown>>,
  ignoreDeviceOdometer = false,
): number | null =>
  (ignoreDeviceOdometer ? null : deviceOdometer(attributes)) ??
  attributeNumber(attributes.totalDistance);

/** `report.ignoreOdometer` from the first of these attribute sets that has it (device first). */
export const ignoresDeviceOdometer = (
  ...sources: (Readonly<Record<string, unknown>> | null | undefined)[]
): boolean => {
  for (const source of sources) {
    const value = source?.['report.ignoreOdometer'];
    if (value === true || value === 'true') return true;
    if (value === false || value === 'false') return false;
  }
  return false;
};
