import { formatArea, tryParseArea, type GeofenceArea, type Point } from '../../model/geofenceArea';

export type LatLng = [number, number];

/** A geofence area in Leaflet's terms: `[lat, lng]` pairs, and `polyline` for a line. */
export type GeofenceShape =
  | { type: 'circle'; center: LatLng; radius: number }
  | { type: 'polygon'; points: LatLng[] }
  | { type: 'polyline'; points: LatLng[] };

const latLng = (point: Point): LatLng => [point.latitude, point.longitude];
const point = ([latitude, longitude]: LatLng): Point => ({ latitude, longitude });

/**
 * The stored area text (parsed by `model/geofenceArea.ts`, the server's own parser) as a shape the
 * map draws; null when the text is not a valid area.
 */
export const parseGeofenceArea = (area: string | null | undefined): GeofenceShape | null => {
  const parsed = tryParseArea(area);
  if (!parsed) return null;
  switch (parsed.type) {
    case 'circle':
      return { type: 'circle', center: latLng(parsed.center), radius: parsed.radius };
    case 'polygon':
      return { type: 'polygon', points: parsed.points.map(latLng) };
    case 'linestring':
      return { type: 'polyline', points: parsed.points.map(latLng) };
  }
};

/** The anchor geofence text: a circle centred on the device. */
export const circleArea = (lat: number, lon: number, radius: number): string =>
  formatArea({ type: 'circle', center: { latitude: lat, longitude: lon }, radius });

/** A shape drawn on the map as the stored area text (written by `model/geofenceArea.ts`). */
export const areaText = (shape: GeofenceShape): string => {
  const area: GeofenceArea =
    shape.type === 'circle'
      ? { type: 'circle', center: point(shape.center), radius: shape.radius }
      : {
          type: shape.type === 'polygon' ? 'polygon' : 'linestring',
          points: shape.points.map(point),
        };
  return formatArea(area);
};
