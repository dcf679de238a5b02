import type { Writable } from 'node:stream';
import type { Event } from '../../model';
import {
  CellFormat,
  XLSX_TYPE,
  addSheet,
  fileDay,
  type Cell,
  type CellKind,
} from '../../model/spreadsheet';
import { SPEED_LABEL } from '../../model/format';
import { odometerOf } from '../../model/position';
import { alarmNames, eventName } from '../../model/vocabulary';
import { parseAttributes } from '../db/json';
import type { SheetName } from './access';
import { TEXTS, type ColumnKey } from './i18n';
import type {
  GeofenceReportItem,
  StopReportItem,
  SummaryReportItem,
  TripReportItem,
} from '../../model/report';
import type { DeviceSheetItem } from './devicesReport';
import type { Preferences } from './preferences';
import type { RouteRow } from './source';

/**
 * Report spreadsheets, written with exceljs's streaming writer (rows are flushed as they are
 * added, so 100,000 rows never sit in memory as cell objects) in the layout every Frota sheet
 * shares (model/spreadsheet.ts): one sheet, a bold frozen header row in the user's language,
 * speeds and distances in the user's units, dates as real date cells in the user's time zone,
 * durations as `[h]:mm` values (whole minutes, never rounded to hours).
 */

export { XLSX_TYPE };

interface Column {
  key: ColumnKey;
  kind: CellKind;
  width: number;
}

const col = (key: ColumnKey, kind: CellKind, width = 14): Column => ({ key, kind, width });

const COLUMNS: Record<SheetName, Column[]> = {
  route: [
    col('device', 'text', 22),
    col('time', 'date', 20),
    col('latitude', 'coordinate', 12),
    col('longitude', 'coordinate', 12),
    col('speed', 'speed', 12),
    col('course', 'number', 10),
    col('altitude', 'number', 10),
    col('address', 'text', 40),
    col('ignition', 'text', 10),
    col('odometer', 'distance', 14),
  ],
  events: [
    col('device', 'text', 22),
    col('time', 'date', 20),
    col('type', 'text', 28),
    col('details', 'text', 30),
  ],
  trips: [
    col('device', 'text', 22),
    col('startTime', 'date', 20),
    col('startAddress', 'text', 36),
    col('startOdometer', 'distance'),
    col('endTime', 'date', 20),
    col('endAddress', 'text', 36),
    col('endOdometer', 'distance'),
    col('duration', 'duration', 10),
    col('distance', 'distance', 12),
    col('averageSpeed', 'speed'),
    col('maxSpeed', 'speed'),
    col('spentFuel', 'number'),
    col('driver', 'text', 20),
  ],
  stops: [
    col('device', 'text', 22),
    col('startTime', 'date', 20),
    col('endTime', 'date', 20),
    col('duration', 'duration', 10),
    col('address', 'text', 40),
    col('latitude', 'coordinate', 12),
    col('longitude', 'coordinate', 12),
    col('odometer', 'distance'),
    col('engineHours', 'duration'),
    col('spentFuel', 'number'),
  ],
  summary: [
    col('device', 'text', 22),
    col('startTime', 'date', 20),
    col('endTime', 'date', 20),
    col('distance', 'distance', 12),
    col('startOdometer', 'distance'),
    col('endOdometer', 'distance'),
    col('averageSpeed', 'speed'),
    col('maxSpeed', 'speed'),
    col('engineHours', 'duration'),
    col('spentFuel', 'number'),
  ],
  geofences: [
    col('geofence', 'text', 24),
    col('device', 'text', 22),
    col('startTime', 'date', 20),
    col('endTime', 'date', 20),
    col('duration', 'duration', 10),
  ],
  devices: [
    col('name', 'text', 22),
    col('identifier', 'text', 18),
    col('group', 'text', 18),
    col('phone', 'text', 14),
    col('model', 'text', 14),
    col('contact', 'text', 18),
    col('category', 'text', 12),
    col('status', 'text', 12),
    col('lastUpdate', 'date', 20),
    col('latitude', 'coordinate', 12),
    col('longitude', 'coordinate', 12),
    col('speed', 'speed', 12),
    col('address', 'text', 40),
  ],
};

type Row = Cell[];

/** Writes one report sheet to `output` from rows produced page by page. */
export async function writeSheet(
  output: Writable,
  report: SheetName,
  prefs: Preferences,
  rows: AsyncIterable<Row[]> | Iterable<Row[]>,
): Promise<void> {
  // Loaded with the first spreadsheet: exceljs takes about half a second to load, which every
  // server start would otherwise pay.
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: output,
    useStyles: true,
    useSharedStrings: false,
  });
  const texts = TEXTS[prefs.language];
  const sheet = addSheet(
    workbook,
    texts.sheets[report],
    COLUMNS[report].map((c) => ({ header: texts.columns[c.key], kind: c.kind, width: c.width })),
    prefs,
  );
  for await (const page of rows) {
    for (const values of page) sheet.add(values);
  }
  sheet.end();
  await workbook.commit();
}

export function routeRows(
  pages: AsyncIterable<RouteRow[]>,
  deviceNames: Map<number, string>,
  prefs: Preferences,
  /** Devices whose `report.ignoreOdometer` is set: their odometer is `totalDistance`. */
  ignoreOdometer: ReadonlySet<number> = new Set(),
): AsyncIterable<Row[]> {
  const format = new CellFormat(prefs);
  const { yes, no } = TEXTS[prefs.language];
  return (async function* () {
    for await (const page of pages) {
      yield page.map((r) => {
        const attributes = parseAttributes(r.attributes);
        const ignition = attributes.ignition;
        // The same odometer as the trips, the summary and every screen (model/position.ts).
        const odometer = odometerOf(attributes, ignoreOdometer.has(Number(r.device_id)));
        return [
          deviceNames.get(Number(r.device_id)) ?? '',
          format.date(Number(r.fix_time)),
          r.latitude,
          r.longitude,
          format.speed(r.speed),
          r.course,
          r.altitude,
          r.address,
          typeof ignition === 'boolean' ? (ignition ? yes : no) : null,
          odometer === null ? null : format.distance(odometer),
        ];
      });
    }
  })();
}

export function eventRows(
  events: readonly Event[],
  deviceNames: Map<number, string>,
  geofences: Map<number, string>,
  prefs: Preferences,
): Row[][] {
  const format = new CellFormat(prefs);
  return [
    events.map((e) => {
      const details =
        e.type === 'alarm' && typeof e.attributes.alarm === 'string'
          ? alarmNames(e.attributes.alarm, prefs.language)
          : e.geofenceId
            ? (geofences.get(e.geofenceId) ?? null)
            : e.type === 'deviceOverspeed' && typeof e.attributes.speed === 'number'
              ? `${format.speed(e.attributes.speed)} ${SPEED_LABEL[prefs.speedUnit]}`
              : null;
      return [
        deviceNames.get(e.deviceId) ?? '',
        format.date(Date.parse(e.eventTime)),
        eventName(e.type, prefs.language),
        details,
      ];
    }),
  ];
}

export function tripRows(items: readonly TripReportItem[], prefs: Preferences): Row[][] {
  const f = new CellFormat(prefs);
  return [
    items.map((t) => [
      t.deviceName,
      f.date(Date.parse(t.startTime)),
      t.startAddress,
      f.distance(t.startOdometer),
      f.date(Date.parse(t.endTime)),
      t.endAddress,
      f.distance(t.endOdometer),
      f.duration(t.duration),
      f.distance(t.distance),
      f.speed(t.averageSpeed),
      f.speed(t.maxSpeed),
      t.spentFuel,
      t.driverName ?? t.driverUniqueId,
    ]),
  ];
}

export function stopRows(items: readonly StopReportItem[], prefs: Preferences): Row[][] {
  const f = new CellFormat(prefs);
  return [
    items.map((s) => [
      s.deviceName,
      f.date(Date.parse(s.startTime)),
      f.date(Date.parse(s.endTime)),
      f.duration(s.duration),
      s.address,
      s.latitude,
      s.longitude,
      f.distance(s.startOdometer),
      f.duration(s.engineHours),
      s.spentFuel,
    ]),
  ];
}

export function summaryRows(items: readonly SummaryReportItem[], prefs: Preferences): Row[][] {
  const f = new CellFormat(prefs);
  return [
    items.map((s) => [
      s.deviceName,
      f.date(Date.parse(s.startTime)),
      f.date(Date.parse(s.endTime)),
      f.distance(s.distance),
      f.distance(s.startOdometer),
      f.distance(s.endOdometer),
      f.speed(s.averageSpeed),
      f.speed(s.maxSpeed),
      f.duration(s.engineHours),
      s.spentFuel,
    ]),
  ];
}

export function geofenceRows(
  items: readonly GeofenceReportItem[],
  geofences: Map<number, string>,
  prefs: Preferences,
): Row[][] {
  const f = new CellFormat(prefs);
  return [
    items.map((g) => {
      const start = Date.parse(g.startTime);
      const end = Date.parse(g.endTime);
      return [
        geofences.get(g.geofenceId) ?? '',
        g.deviceName,
        f.date(start),
        f.date(end),
        f.duration(end - start),
      ];
    }),
  ];
}

/** The device list export: each visible device with its latest position. */
export function deviceRows(items: readonly DeviceSheetItem[], prefs: Preferences): Row[][] {
  const f = new CellFormat(prefs);
  const statuses = TEXTS[prefs.language].statuses;
  return [
    items.map(({ device, groupName, position }) => [
      device.name,
      device.uniqueId,
      groupName,
      device.phone,
      device.model,
      device.contact,
      device.category,
      device.status ? (statuses[device.status] ?? device.status) : null,
      device.lastUpdate === null ? null : f.date(device.lastUpdate),
      position?.latitude ?? null,
      position?.longitude ?? null,
      position ? f.speed(position.speed) : null,
      position?.address ?? null,
    ]),
  ];
}

/** The file name part of a sheet: `viagens_2025-01-01_2025-01-31.xlsx`, dates local to the user. */
export function sheetFileName(report: SheetName, from: number, to: number, prefs: Preferences) {
  const day = (millis: number) => fileDay(millis, prefs);
  return `${TEXTS[prefs.language].files[report]}_${day(from)}_${day(to)}.xlsx`;
}

/** `attachment; filename="viagens_2025-01-01_2025-01-31.xlsx"`, dates local to the user. */
export function contentDisposition(
  report: SheetName,
  from: number,
  to: number,
  prefs: Preferences,
): string {
  return `attachment; filename="${sheetFileName(report, from, to, prefs)}"`;
}
