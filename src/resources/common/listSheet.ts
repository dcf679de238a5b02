import { getFieldLabelTranslationArgs, type FetchRelatedRecords, type RaRecord } from 'react-admin';
import {
  CellFormat,
  fileDay,
  fileNamePart,
  type Cell,
  type CellKind,
  type SheetPrefs,
} from '../../../model/spreadsheet';
import type { SpreadsheetContent } from '../../common/spreadsheetFile';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** What a column's own `render` has at hand: the reader's language, units and zone. */
export interface CellContext {
  translate: Translate;
  format: CellFormat;
  prefs: SheetPrefs;
}

/**
 * One column of a list's spreadsheet: what a person reads, not what the API sends. The header is
 * the label the screen gives the field, the cell the field's value in the reader's units and zone,
 * a related record's name instead of its id, a translated choice instead of its key.
 */
export interface ExportColumn<R extends RaRecord = RaRecord> {
  /** The field: a name, or `attributes.<key>` (a key may itself hold dots: `tarkan.name`). */
  source: string;
  /** The header's translation key when the screen gives the field its own label. */
  label?: string;
  /** What the value is (`date`, `speed` in knots, `distance` in metres…); text by default. */
  kind?: CellKind;
  /** The field holds the id of a record of this resource: the cell shows that record's name. */
  reference?: string;
  /** The related record's field to show; `name` by default. */
  referenceText?: string;
  /** The cell, when the value needs more than its kind (a translated choice, a count…). */
  render?: (record: R, context: CellContext) => Cell;
  /** Left out of a sheet where no row has a value (the many optional device attributes). */
  optional?: boolean;
}

/** Related records by resource and id, as react-admin's `fetchRelatedRecords` answers them. */
export type RelatedRecords = Record<string, Record<string, RaRecord>>;

export interface ListSheetContext {
  resource: string;
  translate: Translate;
  prefs: SheetPrefs;
  related: RelatedRecords;
  /** When the export was asked for: the file name's day. */
  now: number;
}

/** The spreadsheet of a list, with the name its file is saved under. */
export interface ListSheet extends SpreadsheetContent {
  fileName: string;
}

/** A field of a record: `attributes.<key>` reads one attribute, whatever dots its key holds. */
export const fieldValue = (record: RaRecord, source: string): unknown => {
  if (source.startsWith('attributes.')) {
    const attributes = (record as { attributes?: Record<string, unknown> }).attributes;
    return attributes?.[source.slice('attributes.'.length)];
  }
  return source
    .split('.')
    .reduce<unknown>(
      (value, key) =>
        value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined,
      record,
    );
};

const isEmpty = (value: unknown) => value === undefined || value === null || value === '';

const asNumber = (value: unknown): number | null => {
  const number =
    typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  return Number.isFinite(number) && !(typeof value === 'string' && value.trim() === '')
    ? number
    : null;
};

const asInstant = (value: unknown): number | null => {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string') return null;
  const millis = Date.parse(value);
  return Number.isNaN(millis) ? null : millis;
};

/** A value as its column's kind writes it: converted to the reader's units, zone and language. */
function cellOf(value: unknown, kind: CellKind, format: CellFormat, translate: Translate): Cell {
  if (isEmpty(value)) return null;
  if (typeof value === 'boolean') return translate(`ra.boolean.${value}`);
  switch (kind) {
    case 'date': {
      const millis = asInstant(value);
      return millis === null ? null : format.date(millis);
    }
    case 'day':
      return typeof value === 'string' ? format.day(value) : null;
    case 'speed':
    case 'distance':
    case 'duration':
    case 'number':
    case 'coordinate': {
      const number = asNumber(value);
      if (number === null) return null;
      if (kind === 'speed') return format.speed(number);
      if (kind === 'distance') return format.distance(number);
      if (kind === 'duration') return format.duration(number);
      return number;
    }
    default:
      if (typeof value === 'string' || typeof value === 'number') return value;
      if (Array.isArray(value)) return value.join(', ');
      return JSON.stringify(value);
  }
}

/** The related record's name; no id ever reaches the sheet (0 is Traccar's "none"). */
function referenceCell(record: RaRecord, column: ExportColumn, related: RelatedRecords): Cell {
  const id = fieldValue(record, column.source);
  if (isEmpty(id) || id === 0) return null;
  const target = related[column.reference ?? '']?.[String(id)];
  const text = target?.[column.referenceText ?? 'name'];
  return typeof text === 'string' || typeof text === 'number' ? text : null;
}

/**
 * The records of the columns' references (groups for `groupId`…), fetched once per resource.
 * A resource the user may not read leaves its cells empty rather than failing the whole export.
 */
export async function fetchReferences(
  records: readonly RaRecord[],
  columns: readonly ExportColumn[],
  fetchRelated: FetchRelatedRecords,
): Promise<RelatedRecords> {
  const related: RelatedRecords = {};
  for (const column of columns) {
    if (!column.reference) continue;
    const linked = records.filter((record) => {
      const id = fieldValue(record, column.source);
      return !isEmpty(id) && id !== 0;
    });
    if (linked.length === 0) continue;
    try {
      const found = await fetchRelated<RaRecord>([...linked], column.source, column.reference);
      related[column.reference] = { ...related[column.reference], ...found };
    } catch {
      related[column.reference] ??= {};
    }
  }
  return related;
}

/**
 * A list as a spreadsheet for people: headers in the reader's language (the screen's labels),
 * names instead of ids, dates in the reader's zone, speeds and distances in the reader's units,
 * and a file named for the list and the day (`Dispositivos 2026-12-02.xlsx`).
 */
export function listSheet<R extends RaRecord>(
  records: readonly R[],
  columns: readonly ExportColumn<R>[],
  context: ListSheetContext,
): ListSheet {
  const { resource, translate, prefs, related } = context;
  const format = new CellFormat(prefs);
  const cellContext: CellContext = { translate, format, prefs };
  const cell = (record: R, column: ExportColumn<R>): Cell => {
    if (column.render) return column.render(record, cellContext);
    if (column.reference) return referenceCell(record, column as ExportColumn, related);
    return cellOf(fieldValue(record, column.source), column.kind ?? 'text', format, translate);
  };
  const table = columns.map((column) => records.map((record) => cell(record, column)));
  const kept = columns
    .map((column, index) => ({ column, values: table[index] }))
    .filter(({ column, values }) => !column.optional || values.some((value) => value !== null));
  const title = translate(`resources.${resource}.name`, { smart_count: 2, _: resource });
  return {
    name: title,
    fileName: `${fileNamePart(title) || resource} ${fileDay(context.now, prefs)}.xlsx`,
    prefs,
    columns: kept.map(({ column }) => ({
      header: translate(
        ...getFieldLabelTranslationArgs({ label: column.label, resource, source: column.source }),
      ),
      kind: column.kind ?? 'text',
    })),
    rows: records.map((_, row) => kept.map(({ values }) => values[row])),
  };
}
