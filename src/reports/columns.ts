import type { Event } from '../../model/event';
import type {
  StopReportItem as StopItem,
  SummaryReportItem as SummaryItem,
  TripReportItem as TripItem,
} from '../../model/report';
import { eventText } from '../alerts/eventText';
import type { ColumnChoice } from './ColumnChooser';
import type { Column } from './ReportTable';
import {
  formatDateTime,
  formatDistance,
  formatDuration,
  formatFuel,
  formatPlace,
  formatSpeed,
  type Units,
} from './format';

type Translate = (key: string, options?: Record<string, unknown>) => string;

export type {
  StopReportItem as StopItem,
  SummaryReportItem as SummaryItem,
  TripReportItem as TripItem,
} from '../../model/report';

export interface ReportEvent extends Event {
  /** Filled in by the view from the device list. */
  deviceName?: string;
}

const col = <T>(
  key: string,
  translate: Translate,
  width: number,
  value: (row: T) => string,
  align?: 'right',
): Column<T> => ({ key, label: translate(`reports.columns.${key}`), width, value, align });

/** Tarkan's report columns, as a table: durations h:mm, speeds and distances in the user's units. */
export const summaryColumns = (t: Translate, units: Units): Column<SummaryItem>[] => [
  col('device', t, 140, (row) => row.deviceName),
  col('startTime', t, 150, (row) => formatDateTime(row.startTime, units)),
  col('distance', t, 90, (row) => formatDistance(row.distance, units), 'right'),
  col('startOdometer', t, 110, (row) => formatDistance(row.startOdometer, units), 'right'),
  col('endOdometer', t, 110, (row) => formatDistance(row.endOdometer, units), 'right'),
  col('averageSpeed', t, 100, (row) => formatSpeed(row.averageSpeed, units), 'right'),
  col('maxSpeed', t, 100, (row) => formatSpeed(row.maxSpeed, units), 'right'),
  col('engineHours', t, 90, (row) => formatDuration(row.engineHours), 'right'),
  col('spentFuel', t, 90, (row) => formatFuel(row.spentFuel, units.locale), 'right'),
];

export const tripColumns = (t: Translate, units: Units): Column<TripItem>[] => [
  col('device', t, 130, (row) => row.deviceName),
  col('startTime', t, 150, (row) => formatDateTime(row.startTime, units)),
  col('startAddress', t, 180, (row) => formatPlace(row.startAddress, row.startLat, row.startLon)),
  col('endTime', t, 150, (row) => formatDateTime(row.endTime, units)),
  col('endAddress', t, 180, (row) => formatPlace(row.endAddress, row.endLat, row.endLon)),
  col('duration', t, 80, (row) => formatDuration(row.duration), 'right'),
  col('distance', t, 90, (row) => formatDistance(row.distance, units), 'right'),
  col('averageSpeed', t, 100, (row) => formatSpeed(row.averageSpeed, units), 'right'),
  col('maxSpeed', t, 100, (row) => formatSpeed(row.maxSpeed, units), 'right'),
  col('startOdometer', t, 110, (row) => formatDistance(row.startOdometer, units), 'right'),
  col('endOdometer', t, 110, (row) => formatDistance(row.endOdometer, units), 'right'),
  col('spentFuel', t, 90, (row) => formatFuel(row.spentFuel, units.locale), 'right'),
  col('driver', t, 120, (row) => row.driverName ?? row.driverUniqueId ?? ''),
];

export const stopColumns = (t: Translate, units: Units): Column<StopItem>[] => [
  col('device', t, 130, (row) => row.deviceName),
  col('startTime', t, 150, (row) => formatDateTime(row.startTime, units)),
  col('endTime', t, 150, (row) => formatDateTime(row.endTime, units)),
  col('address', t, 200, (row) => formatPlace(row.address, row.latitude, row.longitude)),
  col('duration', t, 80, (row) => formatDuration(row.duration), 'right'),
  col('engineHours', t, 90, (row) => formatDuration(row.engineHours), 'right'),
  col('startOdometer', t, 110, (row) => formatDistance(row.startOdometer, units), 'right'),
  col('endOdometer', t, 110, (row) => formatDistance(row.endOdometer, units), 'right'),
  col('spentFuel', t, 90, (row) => formatFuel(row.spentFuel, units.locale), 'right'),
];

export const eventColumns = (
  t: Translate,
  units: Units,
  geofenceName: (id: number) => string | undefined,
): Column<ReportEvent>[] => [
  col('device', t, 140, (row) => row.deviceName ?? String(row.deviceId)),
  col('time', t, 160, (row) => formatDateTime(row.eventTime, units)),
  col('type', t, 260, (row) => eventText(row, t, geofenceName)),
];

/**
 * Each table report's column choice: what fits the panel shows at first, the rest (odometers,
 * fuel, the driver) one switch away in the column chooser.
 */
export const COLUMN_CHOICES: Record<'resume' | 'travels' | 'stops' | 'events', ColumnChoice> = {
  resume: {
    storeKey: 'frota.reports.resume.columns',
    hiddenByDefault: ['startOdometer', 'endOdometer'],
  },
  travels: {
    storeKey: 'frota.reports.travels.columns',
    hiddenByDefault: ['averageSpeed', 'startOdometer', 'endOdometer', 'spentFuel', 'driver'],
  },
  stops: {
    storeKey: 'frota.reports.stops.columns',
    hiddenByDefault: ['engineHours', 'startOdometer', 'endOdometer', 'spentFuel'],
  },
  events: { storeKey: 'frota.reports.events.columns', hiddenByDefault: [] },
};
