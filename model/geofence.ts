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
