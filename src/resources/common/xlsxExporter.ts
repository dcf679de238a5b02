import type { Exporter } from 'react-admin';

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

const stamp = (date: Date) =>
  date.toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-');

/** Any list to an .xlsx file; `xlsx` loads only when someone exports (it is ~140 kB gz). */
export const xlsxExporter =
  (name: string): Exporter =>
  async (records) => {
    const { utils, writeFile } = await import('xlsx');
    const sheet = utils.json_to_sheet((records as Row[]).map((row) => flattenRow(row)));
    const book = utils.book_new();
    utils.book_append_sheet(book, sheet, name.slice(0, 31));
    writeFile(book, `${name}-${stamp(new Date())}.xlsx`);
  };
