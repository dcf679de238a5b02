/** Earth radius Traccar's DistanceCalculator uses (WGS-84 equatorial), so distances match it. */
export const EARTH_RADIUS_M = 6378137;

const toRadians = (degrees: number): number => (degrees * Math.PI) / 180;

export interface LatLon {
  latitude: number;
  longitude: number;
}

/** Great-circle distance in metres (haversine). */
export function distance(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const dLat = toRadians(lat2 - lat1);
  const dLon = toRadians(lon2 - lon1);
  const a =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRadians(lat1)) * Math.cos(toRadians(lat2)) * Math.sin(dLon / 2) ** 2;
  // Clamp: rounding can push `a` a hair above 1 for antipodal points, and asin(>1) is NaN.
  return 2 * EARTH_RADIUS_M * Math.asin(Math.sqrt(Math.min(1, a)));
}

/** Great-circle distance in metres between two points. */
export function distanceBetween(a: LatLon, b: LatLon): number {
  return distance(a.latitude, a.longitude, b.latitude, b.longitude);
}

/**
 * Distance in metres from a point to the segment (lat1,lon1)-(lat2,lon2), computed like Traccar's
 * `DistanceCalculator.distanceToLine`: from the three haversine side lengths, the nearer end when
 * the foot of the perpendicular falls outside the segment, otherwise the triangle's height (Heron).
 */
export function distanceToSegment(
  pointLat: number,
  pointLon: number,
  lat1: number,
  lon1: number,
  lat2: number,
  lon2: number,
): number {
  const d0 = distance(pointLat, pointLon, lat1, lon1);
  const d1 = distance(lat1, lon1, lat2, lon2);
  const d2 = distance(lat2, lon2, pointLat, pointLon);
  if (d1 === 0) return d0;
  if (d0 * d0 > d1 * d1 + d2 * d2) return d2;
  if (d2 * d2 > d1 * d1 + d0 * d0) return d0;
  const halfP = (d0 + d1 + d2) / 2;
  // Nearly collinear points can make the product slightly negative through rounding.
  const area = Math.sqrt(Math.max(0, halfP * (halfP - d0) * (halfP - d1) * (halfP - d2)));
  return (2 * area) / d1;
}
