import type { Event } from '../../model';
import { IllegalArgumentException, SecurityException } from '../errors';
import type { Ctx } from '../access/context';
import { parseAttributes } from '../db/json';
import { lookupBoolean, lookupNumber } from '../processing/lookup';
import { computeMotion } from '../processing/motion';
import { motionConfig } from '../processing/settings';
import { reportDenial, type ExtraReport, type ReportName } from './access';
import type { StopReportItem, SummaryReportItem, TripReportItem } from '../../model/report';
import { stopItem, summaryItem, tripItem } from './items';
import { IgnitionSegmenter, MotionSegmenter, type Interval, type Segmenter } from './segments';
import {
  deviceEvents,
  driverNames,
  edgePosition,
  maxSpeed,
  positionsByIds,
  resolveDevices,
  routePages,
  scanTrack,
  type EventRow,
  type ReportDevice,
  type RouteRow,
} from './source';
import { dailyWindows } from './timezone';
import { preferences, type Preferences } from './preferences';

/**
 * The five reports over the database: who may run them, which devices, and the items, with
 * Traccar's rules. No Fastify here; `server/routes/api/reports.ts` is the HTTP side.
 */

export interface ReportParams {
  deviceId?: number[];
  groupId?: number[];
  from?: string;
  to?: string;
  daily?: boolean;
  type?: string[];
  alarm?: string[];
  /** The client's display zone, used when neither the user nor the server sets one. */
  timezone?: string;
}

export interface ReportRequest {
  devices: ReportDevice[];
  from: number;
  to: number;
  preferences: Preferences;
  serverAttributes: Record<string, unknown>;
  /**
   * Aborted when whoever asked has gone (the client closed the request): the report stops at its
   * next device or page of positions, rejecting with the signal's reason.
   */
  signal?: AbortSignal;
}

/** ISO-8601 date-time with a zone or offset, as Traccar's `DateUtil.parseDate` requires. */
const ISO_WITH_ZONE =
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}(?::?\d{2})?)$/i;

export function parseReportDate(name: string, text: string | undefined): number {
  if (text === undefined || text === '') {
    throw new IllegalArgumentException(`Missing ${name} date`);
  }
  const millis = ISO_WITH_ZONE.test(text) ? Date.parse(text) : NaN;
  if (Number.isNaN(millis)) throw new IllegalArgumentException(`Invalid ${name} date`);
  return millis;
}

/**
 * Checks access and dates and resolves the devices; everything a report needs before it runs.
 * `signal` lets the report stop early when nobody waits for it any more.
 */
export async function prepareReport(
  ctx: Ctx,
  report: ReportName | ExtraReport,
  params: ReportParams,
  signal?: AbortSignal,
): Promise<ReportRequest> {
  const denial = reportDenial(ctx.actor, report);
  if (denial) throw new SecurityException(denial);
  const from = parseReportDate('from', params.from);
  const to = parseReportDate('to', params.to);
  // A period ending before it starts is no error in Traccar: it holds nothing, so every report
  // answers empty (its only period check is the limit below).
  const serverAttributes = ctx.actor.server.attributes;
  const periodLimit = lookupNumber('report.periodLimit', [serverAttributes], 0);
  if (periodLimit > 0 && to - from > periodLimit * 1000) {
    throw new IllegalArgumentException('Time period exceeds the limit');
  }
  const devices = await resolveDevices(
    ctx.db,
    ctx.actor,
    params.deviceId ?? [],
    params.groupId ?? [],
    serverAttributes,
  );
  signal?.throwIfAborted();
  return {
    devices,
    from,
    to,
    signal,
    serverAttributes,
    preferences: preferences(
      ctx.actor.user.attributes,
      serverAttributes,
      ctx.actor.server.forceSettings,
      params.timezone,
    ),
  };
}

/** `report.fastThreshold` (s, default a day): longer ranges report maxSpeed 0, as Traccar does. */
function isFast(request: ReportRequest): boolean {
  const threshold = lookupNumber('report.fastThreshold', [request.serverAttributes], 86_400);
  return request.to - request.from > threshold * 1000;
}

/** Trips and stops of one device: one pass over its positions. */
async function detectIntervals(
  ctx: Pick<Ctx, 'db'>,
  device: ReportDevice,
  from: number,
  to: number,
  signal?: AbortSignal,
): Promise<Interval[]> {
  signal?.throwIfAborted();
  const first = await edgePosition(ctx.db, device.id, from, to, false);
  if (!first) return [];
  const config = motionConfig(device.sources);
  const useIgnition = lookupBoolean('report.trip.useIgnition', device.sources, false);
  const segmenter: Segmenter = useIgnition
    ? new IgnitionSegmenter({ minDistance: config.minDistance, stopGap: config.stopGap })
    : new MotionSegmenter(computeMotion(first, config.speedThreshold), config);
  await scanTrack(ctx.db, device.id, from, to, segmenter, useIgnition, signal);
  return segmenter.finish();
}

const itemOptions = (device: ReportDevice) => ({
  ignoreOdometer: lookupBoolean('report.ignoreOdometer', device.sources, false),
});

export async function tripsReport(ctx: Ctx, request: ReportRequest): Promise<TripReportItem[]> {
  const fast = isFast(request);
  const result: TripReportItem[] = [];
  for (const device of request.devices) {
    const trips = (
      await detectIntervals(ctx, device, request.from, request.to, request.signal)
    ).filter((i) => i.moving);
    const positions = await positionsByIds(
      ctx.db,
      trips.flatMap((t) => [t.startId, t.endId]),
    );
    const items: TripReportItem[] = [];
    const options = itemOptions(device);
    for (const trip of trips) {
      const start = positions.get(trip.startId);
      const end = positions.get(trip.endId);
      if (start && end) {
        items.push(tripItem(device, start, end, fast ? 0 : trip.maxSpeed, options));
      }
    }
    const names = await driverNames(
      ctx.db,
      items.flatMap((i) => (i.driverUniqueId === null ? [] : [i.driverUniqueId])),
    );
    for (const item of items) {
      if (item.driverUniqueId !== null) item.driverName = names.get(item.driverUniqueId) ?? null;
      result.push(item);
    }
  }
  return result;
}

export async function stopsReport(ctx: Ctx, request: ReportRequest): Promise<StopReportItem[]> {
  const result: StopReportItem[] = [];
  for (const device of request.devices) {
    const stops = (
      await detectIntervals(ctx, device, request.from, request.to, request.signal)
    ).filter((i) => !i.moving);
    const positions = await positionsByIds(
      ctx.db,
      stops.flatMap((s) => [s.startId, s.endId]),
    );
    const options = itemOptions(device);
    for (const stop of stops) {
      const start = positions.get(stop.startId);
      const end = positions.get(stop.endId);
      if (start && end) result.push(stopItem(device, start, end, options));
    }
  }
  return result;
}

/**
 * Summary per device, or per device and local day with `daily` (the user's time zone): first and
 * last positions of each window; `maxSpeed` from every position unless the range is fast.
 */
export async function summaryReport(
  ctx: Ctx,
  request: ReportRequest,
  daily: boolean,
): Promise<SummaryReportItem[]> {
  const fast = isFast(request);
  const windows = daily
    ? dailyWindows(request.from, request.to, request.preferences.timezone)
    : [[request.from, request.to] as [number, number]];
  const result: SummaryReportItem[] = [];
  for (const device of request.devices) {
    const options = itemOptions(device);
    for (const [from, to] of windows) {
      request.signal?.throwIfAborted();
      const first = await edgePosition(ctx.db, device.id, from, to, false);
      if (!first) continue;
      const last = (await edgePosition(ctx.db, device.id, from, to, true)) ?? first;
      const max = fast ? 0 : await maxSpeed(ctx.db, device.id, from, to);
      result.push(summaryItem(device, first, last, max, options));
    }
  }
  return result;
}

interface EventsFilter {
  types: string[];
  alarms: string[];
}

export function eventsFilter(params: ReportParams): EventsFilter {
  const split = (values: string[] | undefined) =>
    (values ?? [])
      .flatMap((v) => v.split(','))
      .map((v) => v.trim())
      .filter((v) => v !== '');
  const types = split(params.type);
  return { types: types.includes('allEvents') ? [] : types, alarms: split(params.alarm) };
}

export function eventJsonFromRow(row: EventRow): Event {
  return {
    id: row.id,
    type: row.type as Event['type'],
    eventTime: new Date(row.event_time).toISOString(),
    deviceId: row.device_id,
    positionId: row.position_id ?? 0,
    geofenceId: row.geofence_id ?? 0,
    maintenanceId: row.maintenance_id ?? 0,
    attributes: parseAttributes(row.attributes),
  };
}

/** Stored events by event time, per device; `alarm` narrows the alarm events to those keys. */
export async function eventsReport(
  ctx: Ctx,
  request: ReportRequest,
  filter: EventsFilter,
): Promise<Event[]> {
  const result: Event[] = [];
  for (const device of request.devices) {
    request.signal?.throwIfAborted();
    const rows = await deviceEvents(
      ctx.db,
      ctx.actor,
      device.id,
      request.from,
      request.to,
      filter.types,
    );
    for (const row of rows) {
      const event = eventJsonFromRow(row);
      if (event.type === 'alarm' && filter.alarms.length > 0) {
        const alarm = event.attributes.alarm;
        if (typeof alarm !== 'string' || !filter.alarms.includes(alarm)) continue;
      }
      result.push(event);
    }
  }
  return result;
}

/** `report.maxPositions`: the most positions the route report returns per device. */
export function routeLimit(request: ReportRequest): number {
  return Math.max(1, lookupNumber('report.maxPositions', [request.serverAttributes], 50_000));
}

/** The route report's positions, device after device, a page at a time. */
export async function* routeReportPages(
  ctx: Ctx,
  request: ReportRequest,
): AsyncGenerator<RouteRow[]> {
  const limit = routeLimit(request);
  for (const device of request.devices) {
    for await (const page of routePages(ctx.db, device.id, request.from, request.to, limit)) {
      request.signal?.throwIfAborted();
      yield page;
    }
  }
}
