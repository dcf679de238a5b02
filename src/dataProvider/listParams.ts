import type { GetListParams, RaRecord } from 'react-admin';
import { foldForSearch } from '../../model/search';

type Row = Record<string, unknown>;

/** Every value of the row, nested objects (attributes) included, as one folded text. */
const rowText = (row: Row): string =>
  Object.values(row)
    .map((value) =>
      typeof value === 'object' && value !== null ? rowText(value as Row) : String(value ?? ''),
    )
    // NUL keeps a query from matching across two fields.
    .join('\u0000');

const matchesQuery = (row: Row, q: string): boolean => {
  const needle = foldForSearch(q);
  return !needle || foldForSearch(rowText(row)).includes(needle);
};

const matchesFilter = (row: Row, filter: Row): boolean =>
  Object.entries(filter).every(([key, expected]) => {
    if (key === 'q') return typeof expected !== 'string' || matchesQuery(row, expected);
    if (Array.isArray(expected)) return expected.includes(row[key]);
    return row[key] === expected;
  });

const compare = (a: unknown, b: unknown): number => {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a ?? '').localeCompare(String(b ?? ''), undefined, { numeric: true });
};

/**
 * Traccar answers whole arrays with no paging, so filtering, sorting and paging happen here,
 * in memory: `q` searches every field (nested attributes too) as `foldForSearch` folds it (accents,
 * case, spaces and hyphens ignored), other keys compare exactly.
 */
export const applyListParams = <T extends RaRecord>(
  records: T[],
  { filter = {}, sort, pagination }: Partial<GetListParams>,
): { data: T[]; total: number } => {
  const filtered = records.filter((record) => matchesFilter(record as Row, filter as Row));
  if (sort?.field) {
    const direction = sort.order === 'DESC' ? -1 : 1;
    filtered.sort((a, b) => direction * compare(a[sort.field], b[sort.field]));
  }
  if (!pagination) return { data: filtered, total: filtered.length };
  const start = (pagination.page - 1) * pagination.perPage;
  return { data: filtered.slice(start, start + pagination.perPage), total: filtered.length };
};
