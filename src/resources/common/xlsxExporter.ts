import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import type { Exporter } from 'react-admin';
import { browserTimeZone } from '../../i18n/formatters';

type Row = Record<string, unknown>;

/** Nested maps (attributes) become `attributes.key` columns; everything else stays as is. */
export const flattenRow = (row: Row, prefix = ''): Row =>
  Object.entries(row).reduce<Row>((flat, [key, value]) => {
    const name = prefix ? `${prefix}.${key}` : key;
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      Object.assign(flat, flattenRow(value as Row, name));
    } else {
      flat[name] = Array.isArray(value) ? value.join(', ') : value;
    }
    return flat;
  }, {});

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/;

/** Wall time in `timeZone`, as the screen shows it (`2026-11-24 20:27:04`). */
const wall = (date: Date, timeZone: string, pattern: string) =>
  format(new TZDate(date.getTime(), timeZone), pattern);

/** Instants (ISO strings with a zone) become the wall time the list shows; the rest stays. */
export const localizeRow = (row: Row, timeZone: string): Row =>
  Object.fromEntries(
    Object.entries(row).map(([key, value]) => [
      key,
      typeof value === 'string' && ISO_INSTANT.test(value) && !Number.isNaN(Date.parse(value))
        ? wall(new Date(value), timeZone, 'yyyy-MM-dd HH:mm:ss')
        : value,
    ]),
  );

/** `devices-20261124-2027.xlsx`: the export's date and time in the user's zone. */
export const exportFileName = (name: string, now: Date, timeZone: string): string =>
  `${name}-${wall(now, timeZone, 'yyyyMMdd-HHmm')}.xlsx`;

/**
 * Any list to an .xlsx file; `xlsx` loads only when someone exports (it is ~140 kB gz). Times
 * and the file name are in `timeZone`, the user's zone that the list itself shows.
 */
export const xlsxExporter =
  (name: string, timeZone: string = browserTimeZone()): Exporter =>
  async (records) => {
    const { utils, writeFile } = await import('xlsx');
    const sheet = utils.json_to_sheet(
      (records as Row[]).map((row) => localizeRow(flattenRow(row), timeZone)),
    );
    const book = utils.book_new();
    utils.book_append_sheet(book, sheet, name.slice(0, 31));
    writeFile(book, exportFileName(name, new Date(), timeZone));
  };
