import {
  GeofenceAreaError,
  parseArea,
  type GeofenceArea,
  type Point,
} from '../../model/geofenceArea';
import { distanceBetween, distanceToSegment } from './geometry';

/** Whether positions lie inside Traccar geofence areas (`model/geofenceArea.ts` parses them). */

/** Default for the geofence attribute `polylineDistance`, in metres. */
export const DEFAULT_POLYLINE_DISTANCE = 25;

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
function polylineDistance(points: Point[], p: Point): number {
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
      return distanceBetween(area.center, p) <= area.radius;
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
