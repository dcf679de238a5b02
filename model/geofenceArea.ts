import { isValidLatitude, isValidLongitude } from './coordinates';

/**
 * Traccar geofence areas, the one parser the server (validation, containment) and the web app
 * (drawing, editing) share. The text is WKT-like but LATITUDE FIRST (`CIRCLE (lat lon, r)`), the
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

/** Bounded so a hostile area string cannot make every position check slow. */
const MAX_AREA_POINTS = 10_000;

/**
 * Half the Earth's circumference (metres, on the 6,378,137 m sphere distances are measured on):
 * no two points are farther apart, so a larger circle means nothing more, and the map editor,
 * which measures a radius between two points, cannot draw one.
 */
export const MAX_CIRCLE_RADIUS = 20_037_509;

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
    if (!Number.isFinite(radius) || radius <= 0 || radius > MAX_CIRCLE_RADIUS) {
      throw new GeofenceAreaError(
        `Circle radius must be more than 0 and at most ${MAX_CIRCLE_RADIUS} metres: ${match[3]}`,
      );
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

// A millionth of a degree is about 0.1 m and a decimetre of radius is finer than any map shows:
// enough for an area drawn with the mouse, without the float's tail in the stored text.
const coordinate = (value: number): string => String(Math.round(value * 1e6) / 1e6);
const formatPoint = (p: Point): string => `${coordinate(p.latitude)} ${coordinate(p.longitude)}`;

/** A polygon's ring, closed: Traccar's text repeats the first point at the end. */
function closedRing(points: Point[]): Point[] {
  const first = points[0];
  const last = points[points.length - 1];
  if (!first || (first.latitude === last.latitude && first.longitude === last.longitude))
    return points;
  return [...points, first];
}

/**
 * The one writer of Traccar's area text, latitude first: `CIRCLE (lat lon, r)`,
 * `POLYGON ((lat lon, …, first))` and `LINESTRING (lat lon, …)`.
 */
export function formatArea(area: GeofenceArea): string {
  switch (area.type) {
    case 'circle':
      return `CIRCLE (${formatPoint(area.center)}, ${Math.round(area.radius * 10) / 10})`;
    case 'polygon':
      return `POLYGON ((${closedRing(area.points).map(formatPoint).join(', ')}))`;
    case 'linestring':
      return `LINESTRING (${area.points.map(formatPoint).join(', ')})`;
  }
}

/** The area, or null when the text is not one (a damaged area is drawn as nothing). */
export function tryParseArea(text: string | null | undefined): GeofenceArea | null {
  if (!text) return null;
  try {
    return parseArea(text);
  } catch (error) {
    if (error instanceof GeofenceAreaError) return null;
    throw error;
  }
}
