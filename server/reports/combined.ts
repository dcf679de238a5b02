import type { Position } from '../../model';
import type { CombinedReportItem, GeofenceReportItem } from '../../model/report';
import type { Ctx } from '../access/context';
import { routePositionJson } from './routeJson';
import { eventJsonFromRow, routeLimit, type ReportRequest } from './service';
import { deviceEvents, routePages } from './source';

/**
 * The combined and geofence reports (Traccar's CombinedReportProvider and GeofenceReportProvider)
 * over a prepared request; no Fastify here.
 */

/** Motion events mark nearly every position of a route; the combined view leaves them out. */
const COMBINED_EXCLUDED = new Set(['deviceMoving']);

/**
 * Per device: the whole route as `[longitude, latitude]` pairs, the events of the period that
 * point at a position (but `deviceMoving`), and those positions as full objects, so the map can
 * place a marker on each event.
 */
export async function combinedReport(
  ctx: Ctx,
  request: ReportRequest,
): Promise<CombinedReportItem[]> {
  const limit = routeLimit(request);
  const result: CombinedReportItem[] = [];
  for (const device of request.devices) {
    request.signal?.throwIfAborted();
    const rows = await deviceEvents(ctx.db, ctx.actor, device.id, request.from, request.to, []);
    const events = rows
      .filter((row) => (row.position_id ?? 0) > 0 && !COMBINED_EXCLUDED.has(row.type))
      .map(eventJsonFromRow);
    const wanted = new Set(rows.flatMap((row) => (row.position_id ? [row.position_id] : [])));
    const route: [number, number][] = [];
    const positions: Position[] = [];
    for await (const page of routePages(ctx.db, device.id, request.from, request.to, limit)) {
      request.signal?.throwIfAborted();
      for (const row of page) {
        route.push([row.longitude, row.latitude]);
        if (wanted.has(Number(row.id))) {
          positions.push(JSON.parse(routePositionJson(row)) as Position);
        }
      }
    }
    result.push({ deviceId: device.id, route, events, positions });
  }
  return result;
}

/**
 * Visits of the named geofences: each `geofenceEnter` paired with the next `geofenceExit` of the
 * same geofence and device (an exit without an open enter, or before it, is dropped; a later
 * enter replaces an open one), sorted by entry time. No geofence named, no visits, as in Traccar.
 */
export async function geofenceReport(
  ctx: Ctx,
  request: ReportRequest,
  geofenceIds: readonly number[],
): Promise<GeofenceReportItem[]> {
  const wanted = new Set(geofenceIds);
  const result: GeofenceReportItem[] = [];
  if (wanted.size === 0) return result;
  for (const device of request.devices) {
    request.signal?.throwIfAborted();
    const rows = await deviceEvents(ctx.db, ctx.actor, device.id, request.from, request.to, [
      'geofenceEnter',
      'geofenceExit',
    ]);
    const open = new Map<number, number>();
    for (const row of rows) {
      const geofenceId = row.geofence_id ?? 0;
      if (!wanted.has(geofenceId)) continue;
      if (row.type === 'geofenceEnter') {
        open.set(geofenceId, Number(row.event_time));
        continue;
      }
      const entered = open.get(geofenceId);
      open.delete(geofenceId);
      if (entered === undefined || Number(row.event_time) < entered) continue;
      result.push(visit(device.id, device.name, geofenceId, entered, Number(row.event_time)));
    }
  }
  return result.sort((a, b) => Date.parse(a.startTime) - Date.parse(b.startTime));
}

/** Traccar's item carries the base report fields; a visit has no distance, speed or fuel. */
function visit(
  deviceId: number,
  deviceName: string,
  geofenceId: number,
  from: number,
  to: number,
): GeofenceReportItem {
  return {
    deviceId,
    deviceName,
    geofenceId,
    distance: 0,
    averageSpeed: 0,
    maxSpeed: 0,
    spentFuel: 0,
    startOdometer: 0,
    endOdometer: 0,
    startTime: new Date(from).toISOString(),
    endTime: new Date(to).toISOString(),
  };
}
