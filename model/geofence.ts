/**
 * A geofence as the API sends it. `area` is Traccar's WKT-like text with LATITUDE FIRST:
 * `CIRCLE (lat lon, radius)`, `POLYGON ((lat lon, ...))` or `LINESTRING (lat lon, ...)`.
 */
export interface Geofence {
  id: number;
  name: string;
  description: string | null;
  area: string;
  calendarId: number;
  attributes: GeofenceAttributes;
}

export interface GeofenceAttributes {
  /** Metres either side of a LINESTRING that count as inside (default 25). */
  polylineDistance?: number;
  /** Altitude limits in metres. */
  floor?: number;
  ceiling?: number;
  /** Knots. */
  speedLimit?: number;
  color?: string;
  [key: string]: unknown;
}

/**
 * One geofence of `GET /tarkan/geofences/coverage`: the caller's devices it is checked against
 * (linked directly, through a group up to three levels, or as the device's anchor), and the
 * devices and groups linked to it directly.
 */
export interface GeofenceCoverage {
  id: number;
  deviceIds: number[];
  linkedDeviceIds: number[];
  linkedGroupIds: number[];
}
