import type { Workbook } from 'exceljs';
import { SPEED_LABEL } from './format';
import { convertSpeed, type SpeedUnit } from './units';
import { localDay, toWall } from './wallTime';

/**
 * How Frota writes a spreadsheet, on either side: the server's report sheets (streamed, mailed,
 * scheduled) and the web app's list exports lay their sheets out here, so both have the same bold
 * frozen header row in the reader's language, speeds and distances in the reader's units with the
 * unit in the header, dates as real date cells in the reader's time zone and durations as `[h]:mm`.
 * Pure: the caller brings an exceljs workbook (the streaming writer on the server, a plain
 * workbook in the browser) and the localized column names.
 */

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export type SheetLanguage = 'pt-BR' | 'es-ES' | 'en-US';
export type { SpeedUnit };
export type DistanceUnit = 'km' | 'mi' | 'nmi';

/** Who reads the sheet: units, time zone and language. */
export interface SheetPrefs {
  speedUnit: SpeedUnit;
  distanceUnit: DistanceUnit;
  timezone: string;
  language: SheetLanguage;
}

/** Metres to the unit. */
export const DISTANCE_FACTORS: Record<DistanceUnit, number> = {
  km: 0.001,
  mi: 0.000621371,
  nmi: 1 / 1852,
};
export const DISTANCE_LABELS: Record<DistanceUnit, string> = { km: 'km', mi: 'mi', nmi: 'nmi' };

/** Excel's own number formats: the reader's spreadsheet program shows them in its locale. */
const DATE_TIME_FORMATS: Record<SheetLanguage, string> = {
  'pt-BR': 'dd/mm/yyyy hh:mm:ss',
  'es-ES': 'dd/mm/yyyy hh:mm:ss',
  'en-US': 'mm/dd/yyyy hh:mm:ss',
};
const DAY_FORMATS: Record<SheetLanguage, string> = {
  'pt-BR': 'dd/mm/yyyy',
  'es-ES': 'dd/mm/yyyy',
  'en-US': 'mm/dd/yyyy',
};

/**
 * What a column holds: `date` an instant shown in the reader's zone, `day` a calendar day with no
 * time (a licence's expiry), `speed` knots, `distance` metres, `duration` milliseconds.
 */
export type CellKind =
  'text' | 'date' | 'day' | 'speed' | 'distance' | 'duration' | 'number' | 'coordinate';

/** A cell as written: text, a number already in the column's unit, an Excel date, or empty. */
export type Cell = string | number | Date | null;

export interface SheetColumn {
  /** The column's name in the reader's language, without its unit. */
  header: string;
  kind: CellKind;
  /** Characters; by default as wide as the header or the widest cell, whichever is wider. */
  width?: number;
}

const round = (value: number, digits: number) => {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
};

const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})/;

/** Turns stored values (ms, knots, metres, ISO text) into cells in the reader's units and zone. */
export class CellFormat {
  private readonly distanceFactor: number;

  constructor(readonly prefs: SheetPrefs) {
    this.distanceFactor = DISTANCE_FACTORS[prefs.distanceUnit];
  }

  /** Excel dates have no zone: the local wall-clock time is written as if it were UTC. */
  date = (millis: number): Date => new Date(toWall(millis, this.prefs.timezone));
  /** A calendar day (`2027-03-31`, or the day part of a longer ISO text) stays that day. */
  day = (text: string): Date | null => {
    const match = CALENDAR_DAY.exec(text);
    return match ? new Date(Date.UTC(+match[1], +match[2] - 1, +match[3])) : null;
  };
  speed = (knots: number): number => round(convertSpeed(knots, this.prefs.speedUnit), 1);
  distance = (metres: number): number => round(metres * this.distanceFactor, 2);
  /** Days (Excel's unit), truncated to whole minutes so `[h]:mm` shows exactly what it holds. */
  duration = (millis: number): number => Math.floor(Math.max(0, millis) / 60_000) / 1440;

  /** The column name with the unit its numbers are in: `Velocidade (km/h)`. */
  header(label: string, kind: CellKind): string {
    if (kind === 'speed') return `${label} (${SPEED_LABEL[this.prefs.speedUnit]})`;
    if (kind === 'distance') return `${label} (${DISTANCE_LABELS[this.prefs.distanceUnit]})`;
    return label;
  }

  numFmt(kind: CellKind): string | undefined {
    switch (kind) {
      case 'date':
        return DATE_TIME_FORMATS[this.prefs.language];
      case 'day':
        return DAY_FORMATS[this.prefs.language];
      case 'duration':
        return '[h]:mm';
      case 'speed':
        return '0.0';
      case 'distance':
        return '0.00';
      case 'coordinate':
        return '0.000000';
      default:
        return undefined;
    }
  }
}

/** Excel refuses sheet names with `[]:*?/\` or over 31 characters. */
export const sheetName = (name: string): string =>
  name
    .replace(/[[\]:*?/\\]/g, ' ')
    .trim()
    .slice(0, 31) || 'Sheet';

/** Characters no file system takes in a name, replaced in exported file names. */
export const fileNamePart = (name: string): string =>
  [...name]
    .map((char) => (char < ' ' || '<>:"/\\|?*'.includes(char) ? ' ' : char))
    .join('')
    .replace(/\s+/g, ' ')
    .trim();

/** The reader's calendar day of `millis`, for file names: `2026-12-02`. */
export const fileDay = (millis: number, prefs: Pick<SheetPrefs, 'timezone'>): string =>
  localDay(millis, prefs.timezone);

const MIN_WIDTH = 8;
const MAX_WIDTH = 50;

const cellLength = (cell: Cell, kind: CellKind): number => {
  if (cell === null) return 0;
  if (cell instanceof Date) return kind === 'day' ? 10 : 19;
  return String(cell).length;
};

export interface SheetWriter {
  /** One row, its cells in the columns' order. */
  add(row: readonly Cell[]): void;
  /** Ends the sheet (the streaming writer flushes it). */
  end(): void;
}

type Worksheet = ReturnType<Workbook['addWorksheet']>;

/**
 * Adds a sheet named `name` to `workbook` with `columns`' header row, bold and frozen, and each
 * column's number format. Without a width, a column is as wide as its header: the streaming
 * writer fixes widths before it sees a row, so `fitColumns` widens them when all rows are known.
 */
export function addSheet(
  workbook: Pick<Workbook, 'addWorksheet'>,
  name: string,
  columns: readonly SheetColumn[],
  prefs: SheetPrefs,
): SheetWriter {
  const format = new CellFormat(prefs);
  const sheet: Worksheet = workbook.addWorksheet(sheetName(name), {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  sheet.columns = columns.map((column, index) => {
    const header = format.header(column.header, column.kind);
    const numFmt = format.numFmt(column.kind);
    return {
      header,
      key: String(index),
      width: column.width ?? Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, header.length + 2)),
      ...(numFmt ? { style: { numFmt } } : {}),
    };
  });
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.commit();
  return {
    add: (row) => sheet.addRow([...row]).commit(),
    // Only the streaming writer's sheets have a commit (a plain workbook's is declared, absent).
    end: () => (sheet as Partial<Pick<Worksheet, 'commit'>>).commit?.(),
  };
}

/** Column widths that fit `rows` too, for a sheet whose rows are all known before it is written. */
export function fitColumns(
  columns: readonly SheetColumn[],
  rows: readonly (readonly Cell[])[],
  prefs: SheetPrefs,
): SheetColumn[] {
  const format = new CellFormat(prefs);
  return columns.map((column, index) => {
    if (column.width !== undefined) return column;
    const widest = rows.reduce(
      (most, row) => Math.max(most, cellLength(row[index] ?? null, column.kind)),
      format.header(column.header, column.kind).length,
    );
    return { ...column, width: Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, widest + 2)) };
  });
}
