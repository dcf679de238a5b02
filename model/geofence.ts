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
  /** "All my devices": see `appliesToAllDevices`. */
  allDevices?: boolean;
  [key: string]: unknown;
}

/** The geofence attribute that makes it apply to every device its owners see. */
export const ALL_DEVICES_ATTRIBUTE = 'allDevices';

/**
 * A geofence for "all my devices" is a rule, not a list of links: it applies to every device that
 * a user linked to it (its owner, who created it, or whom it was given) sees, now and later, so a
 * vehicle added after the geofence was saved raises its events too. The server's tracking core
 * evaluates it (docs/tracking-core.md).
 */
export const appliesToAllDevices = (
  attributes: Readonly<Record<string, unknown>> | null | undefined,
) => {
  const value = attributes?.[ALL_DEVICES_ATTRIBUTE];
  return value === true || value === 'true';
};

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
