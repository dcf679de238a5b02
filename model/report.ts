import type { Event } from './event';
import type { Position } from './position';

/**
 * Report items as `/api/reports/{trips,stops,summary}` answer them, in Traccar's shapes and units
 * (`docs/traccar-api.md`): distance and odometer in m, speeds in knots, durations and engine hours
 * in ms, times ISO. The server computes them; the web app shows them.
 */

export interface BaseReportItem {
  deviceId: number;
  deviceName: string;
  distance: number;
  averageSpeed: number;
  maxSpeed: number;
  spentFuel: number;
  startOdometer: number;
  endOdometer: number;
  startTime: string;
  endTime: string;
}

export interface TripReportItem extends BaseReportItem {
  startPositionId: number;
  endPositionId: number;
  startLat: number;
  startLon: number;
  endLat: number;
  endLon: number;
  startAddress: string | null;
  endAddress: string | null;
  duration: number;
  driverUniqueId: string | null;
  driverName: string | null;
}

export interface StopReportItem extends BaseReportItem {
  positionId: number;
  latitude: number;
  longitude: number;
  address: string | null;
  duration: number;
  engineHours: number;
}

export interface SummaryReportItem extends BaseReportItem {
  startHours: number;
  endHours: number;
  engineHours: number;
}

/** One visit: a `geofenceEnter` followed by its `geofenceExit` (`/api/reports/geofences`). */
export interface GeofenceReportItem extends BaseReportItem {
  geofenceId: number;
}

/**
 * `/api/reports/combined`: a device's route as `[longitude, latitude]` pairs, its events (those
 * with a position, `deviceMoving` left out) and the positions those events point at.
 */
export interface CombinedReportItem {
  deviceId: number;
  route: [number, number][];
  events: Event[];
  positions: Position[];
}

/** A scheduled report (`/api/reports`), mailed to its users when a calendar period ends. */
export interface ScheduledReport {
  id: number;
  type: string;
  description: string | null;
  calendarId: number;
  attributes: Record<string, unknown>;
}
