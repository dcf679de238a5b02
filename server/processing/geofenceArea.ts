import { distance, distanceToSegment, isValidLatitude, isValidLongitude } from './geometry';

/**
 * Traccar geofence areas. The text is WKT-like but LATITUDE FIRST (`CIRCLE (lat lon, r)`), the
 * reverse of real WKT, because that is what Traccar and every existing client store.
 */

export interface Point {
  latitude: number;
  longitude: number;
}

export type GeofenceArea =
  | { type: 'circle'; center: Point; radius: number }
  | { type: 'polygon'; points: Point[] }
  | { type: 'linestring'; points: Point[] };

/** Default for the geofence attribute `polylineDistance`, in metres. */
export const DEFAULT_POLYLINE_DISTANCE = 25;

/** Bounded so a hostile area string cannot make every position check slow. */
export const MAX_AREA_POINTS = 10_000;

export class GeofenceAreaError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GeofenceAreaError';
  }
}

const NUMBER = String.raw`[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?`;
const CIRCLE_RE = new RegExp(
  String.raw`^CIRCLE\s*\(\s*(${NUMBER})\s+(${NUMBER})\s*,\s*(${NUMBER})\s*\)$`,
  'i',
);
const POLYGON_RE = /^POLYGON\s*\(\s*\(([^()]*)\)\s*\)$/i;
const LINESTRING_RE = /^LINESTRING\s*\(([^()]*)\)$/i;
const POINT_RE = new RegExp(String.raw`^(${NUMBER})\s+(${NUMBER})$`);

function makePoint(latText: string, lonText: string, where: string): Point {
  const latitude = Number(latText);
  const longitude = Number(lonText);
  if (!isValidLatitude(latitude)) {
    throw new GeofenceAreaError(`Latitude out of range in ${where}: ${latText}`);
  }
  if (!isValidLongitude(longitude)) {
    throw new GeofenceAreaError(`Longitude out of range in ${where}: ${lonText}`);
  }
  return { latitude, longitude };
}

function parsePoints(list: string, kind: string): Point[] {
  const parts = list.split(',');
  if (parts.length > MAX_AREA_POINTS) {
    throw new GeofenceAreaError(`${kind} has more than ${MAX_AREA_POINTS} points`);
  }
  return parts.map((part, index) => {
    const match = POINT_RE.exec(part.trim());
    if (!match) {
      throw new GeofenceAreaError(
        `${kind} point ${index + 1} must be "lat lon", got ${JSON.stringify(part.trim())}`,
      );
    }
    return makePoint(match[1], match[2], `${kind} point ${index + 1}`);
  });
}

const samePoint = (a: Point, b: Point): boolean =>
  a.latitude === b.latitude && a.longitude === b.longitude;

/** Parses an area string; throws `GeofenceAreaError` with a message fit for the user. */
export function parseArea(text: string): GeofenceArea {
  const trimmed = text.trim();
  if (trimmed === '') throw new GeofenceAreaError('Geofence area is empty');

  if (/^CIRCLE\b/i.test(trimmed)) {
    const match = CIRCLE_RE.exec(trimmed);
    if (!match) throw new GeofenceAreaError('Circle must look like "CIRCLE (lat lon, radius)"');
    const center = makePoint(match[1], match[2], 'circle centre');
    const radius = Number(match[3]);
    if (!Number.isFinite(radius) || radius <= 0) {
      throw new GeofenceAreaError(`Circle radius must be a positive number of metres: ${match[3]}`);
    }
    return { type: 'circle', center, radius };
  }

  if (/^POLYGON\b/i.test(trimmed)) {
    const match = POLYGON_RE.exec(trimmed);
    if (!match) {
      throw new GeofenceAreaError('Polygon must look like "POLYGON ((lat lon, lat lon, lat lon))"');
    }
    const points = parsePoints(match[1], 'Polygon');
    // The closing point is optional, so it does not count towards the minimum.
    const open =
      points.length > 1 && samePoint(points[0], points[points.length - 1])
        ? points.slice(0, -1)
        : points;
    if (open.length < 3) throw new GeofenceAreaError('Polygon needs at least 3 points');
    return { type: 'polygon', points };
  }

  if (/^LINESTRING\b/i.test(trimmed)) {
    const match = LINESTRING_RE.exec(trimmed);
    if (!match) {
      throw new GeofenceAreaError('Line must look like "LINESTRING (lat lon, lat lon)"');
    }
    const points = parsePoints(match[1], 'Line');
    if (points.length < 2) throw new GeofenceAreaError('Line needs at least 2 points');
    return { type: 'linestring', points };
  }

  throw new GeofenceAreaError('Geofence area must start with CIRCLE, POLYGON or LINESTRING');
}

/** Returns the error message, or null when the text is a valid area. */
export function validateArea(text: string): string | null {
  try {
    parseArea(text);
    return null;
  } catch (error) {
    if (error instanceof GeofenceAreaError) return error.message;
    throw error;
  }
}

const formatPoint = (p: Point): string => `${p.latitude} ${p.longitude}`;

export function formatArea(area: GeofenceArea): string {
  switch (area.type) {
    case 'circle':
      return `CIRCLE (${formatPoint(area.center)}, ${area.radius})`;
    case 'polygon':
      return `POLYGON ((${area.points.map(formatPoint).join(', ')}))`;
    case 'linestring':
      return `LINESTRING (${area.points.map(formatPoint).join(', ')})`;
  }
}

/** True when the point lies on segment a-b in plain lat/lon space (within a tiny tolerance). */
function onSegment(p: Point, a: Point, b: Point): boolean {
  const epsilon = 1e-12;
  const cross =
    (b.longitude - a.longitude) * (p.latitude - a.latitude) -
    (b.latitude - a.latitude) * (p.longitude - a.longitude);
  if (Math.abs(cross) > epsilon) return false;
  return (
    p.latitude >= Math.min(a.latitude, b.latitude) - epsilon &&
    p.latitude <= Math.max(a.latitude, b.latitude) + epsilon &&
    p.longitude >= Math.min(a.longitude, b.longitude) - epsilon &&
    p.longitude <= Math.max(a.longitude, b.longitude) + epsilon
  );
}

/**
 * Ray casting in lat/lon space, as Traccar does (no antimeridian handling). Points exactly on an
 * edge or vertex count as inside, so a vehicle parked on the drawn border is not flapping in/out.
 */
export function polygonContains(points: Point[], p: Point): boolean {
  let inside = false;
  for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
    const a = points[i];
    const b = points[j];
    if (onSegment(p, a, b)) return true;
    if (
      a.longitude > p.longitude !== b.longitude > p.longitude &&
      p.latitude <
        ((b.latitude - a.latitude) * (p.longitude - a.longitude)) / (b.longitude - a.longitude) +
          a.latitude
    ) {
      inside = !inside;
    }
  }
  return inside;
}

/** Shortest distance in metres from the point to any segment of the line. */
export function polylineDistance(points: Point[], p: Point): number {
  let best = Infinity;
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1];
    const b = points[i];
    best = Math.min(
      best,
      distanceToSegment(p.latitude, p.longitude, a.latitude, a.longitude, b.latitude, b.longitude),
    );
  }
  return best;
}

export interface ContainsOptions {
  /** Geofence attribute `polylineDistance` in metres; default 25. */
  polylineDistance?: number;
}

export function areaContains(area: GeofenceArea, p: Point, options: ContainsOptions = {}): boolean {
  switch (area.type) {
    case 'circle':
      return (
        distance(area.center.latitude, area.center.longitude, p.latitude, p.longitude) <=
        area.radius
      );
    case 'polygon':
      return polygonContains(area.points, p);
    case 'linestring': {
      const limit = options.polylineDistance;
      const width =
        typeof limit === 'number' && Number.isFinite(limit) && limit > 0
          ? limit
          : DEFAULT_POLYLINE_DISTANCE;
      return polylineDistance(area.points, p) <= width;
    }
  }
}

export interface GeofenceLike {
  id: number;
  area: string;
  attributes?: Record<string, unknown>;
}

export interface PositionLike extends Point {
  altitude?: number;
}

const numberAttribute = (attributes: Record<string, unknown> | undefined, key: string) => {
  const value = attributes?.[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
};

/**
 * Whether a position is inside a stored geofence, honouring the `polylineDistance`, `floor` and
 * `ceiling` attributes. A geofence whose area no longer parses contains nothing rather than
 * breaking position processing for the whole device.
 */
export function geofenceContains(geofence: GeofenceLike, position: PositionLike): boolean {
  let area: GeofenceArea;
  try {
    area = parseArea(geofence.area);
  } catch (error) {
    if (error instanceof GeofenceAreaError) return false;
    throw error;
  }
  const floor = numberAttribute(geofence.attributes, 'floor');
  const ceiling = numberAttribute(geofence.attributes, 'ceiling');
  if (floor !== undefined || ceiling !== undefined) {
    const altitude = position.altitude ?? 0;
    if (floor !== undefined && altitude < floor) return false;
    if (ceiling !== undefined && altitude > ceiling) return false;
  }
  return areaContains(area, position, {
    polylineDistance: numberAttribute(geofence.attributes, 'polylineDistance'),
  });
}

/** The ids of the geofences containing the position, or null when none (Traccar's wire form). */
export function containingGeofenceIds(
  geofences: readonly GeofenceLike[],
  position: PositionLike,
): number[] | null {
  const ids = geofences.filter((g) => geofenceContains(g, position)).map((g) => g.id);
  return ids.length > 0 ? ids : null;
}
