import { parseArea, type GeofenceArea } from '../../model/geofenceArea';
import { areaContains } from './geofenceArea';

/**
 * Geofences prepared for the hot path: the area text is parsed once when the geofence is loaded,
 * not for every position (Traccar's GeofenceHandler with its cached geometry).
 */

export interface CompiledGeofence {
  id: number;
  name: string;
  /** Null when the stored area does not parse: such a geofence contains nothing. */
  area: GeofenceArea | null;
  calendarId: number;
  attributes: Record<string, unknown>;
}

export interface GeofenceRow {
  id: number;
  name: string;
  area: string;
  calendarId: number | null;
  attributes: Record<string, unknown>;
}

export function compileGeofence(row: GeofenceRow): CompiledGeofence {
  let area: GeofenceArea | null;
  try {
    area = parseArea(row.area);
  } catch {
    area = null;
  }
  return {
    id: row.id,
    name: row.name,
    area,
    calendarId: row.calendarId ?? 0,
    attributes: row.attributes,
  };
}

const finite = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

function compiledContains(
  geofence: CompiledGeofence,
  position: { latitude: number; longitude: number; altitude?: number },
): boolean {
  if (!geofence.area) return false;
  const floor = finite(geofence.attributes.floor);
  const ceiling = finite(geofence.attributes.ceiling);
  const altitude = position.altitude ?? 0;
  if (floor !== undefined && altitude < floor) return false;
  if (ceiling !== undefined && altitude > ceiling) return false;
  return areaContains(geofence.area, position, {
    polylineDistance: finite(geofence.attributes.polylineDistance),
  });
}

/** Ids of the geofences containing the position, ascending; null when none (the wire form). */
export function insideGeofenceIds(
  geofences: readonly CompiledGeofence[],
  position: { latitude: number; longitude: number; altitude?: number },
): number[] | null {
  const ids: number[] = [];
  for (const geofence of geofences) if (compiledContains(geofence, position)) ids.push(geofence.id);
  return ids.length > 0 ? ids.sort((a, b) => a - b) : null;
}
