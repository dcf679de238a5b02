export type LatLng = [number, number];

export type GeofenceShape =
  | { type: 'circle'; center: LatLng; radius: number }
  | { type: 'polygon'; points: LatLng[] }
  | { type: 'polyline'; points: LatLng[] };

const NUMBER = '[-+]?\\d*\\.?\\d+(?:[eE][-+]?\\d+)?';
const CIRCLE = new RegExp(
  `^\\s*CIRCLE\\s*\\(\\s*(${NUMBER})\\s+(${NUMBER})\\s*,\\s*(${NUMBER})\\s*\\)\\s*$`,
  'i',
);

/** "lat lon, lat lon, …" → points, or null when any pair is malformed. */
const parsePoints = (text: string): LatLng[] | null => {
  const points: LatLng[] = [];
  for (const pair of text.split(',')) {
    const [lat, lon, ...rest] = pair.trim().split(/\s+/).map(Number);
    if (rest.length || !Number.isFinite(lat) || !Number.isFinite(lon)) return null;
    if (Math.abs(lat) > 90 || Math.abs(lon) > 180) return null;
    points.push([lat, lon]);
  }
  return points;
};

const inner = (area: string, keyword: string, open: string, close: string): string | null => {
  const trimmed = area.trim();
  if (!trimmed.toUpperCase().startsWith(keyword)) return null;
  const body = trimmed.slice(keyword.length).trim();
  if (!body.startsWith(open) || !body.endsWith(close)) return null;
  return body.slice(open.length, body.length - close.length);
};

/**
 * Traccar's geofence text (traccar-api §7), LATITUDE FIRST: `CIRCLE (lat lon, r)`,
 * `POLYGON ((lat lon, …))`, `LINESTRING (lat lon, …)`. Anything else is null (not drawn).
 */
export const parseGeofenceArea = (area: string | null | undefined): GeofenceShape | null => {
  if (!area) return null;
  const circle = CIRCLE.exec(area);
  if (circle) {
    const [lat, lon, radius] = circle.slice(1).map(Number);
    if (Math.abs(lat) > 90 || Math.abs(lon) > 180 || !(radius > 0)) return null;
    return { type: 'circle', center: [lat, lon], radius };
  }
  const polygon = inner(area, 'POLYGON', '((', '))');
  if (polygon !== null) {
    const points = parsePoints(polygon);
    return points && points.length >= 3 ? { type: 'polygon', points } : null;
  }
  const line = inner(area, 'LINESTRING', '(', ')');
  if (line !== null) {
    const points = parsePoints(line);
    return points && points.length >= 2 ? { type: 'polyline', points } : null;
  }
  return null;
};

/** The anchor geofence text: a circle centred on the device (spec §4). */
export const circleArea = (lat: number, lon: number, radius: number): string =>
  `CIRCLE (${lat} ${lon}, ${radius})`;
