import type { Device } from '../model/device';

/** Extra words a device answers to (its group name, its translated status). */
export type SearchExtras = (device: Device) => readonly string[];

/** Fields that change with every report and are not worth searching. */
const VOLATILE = new Set(['attributes', 'lastUpdate', 'positionId']);

const haystacks = new Map<number, { device: Device; text: string }>();

const textOf = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
};

const sameRecord = (a: Record<string, unknown>, b: Record<string, unknown>, skip?: Set<string>) => {
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => skip?.has(key) || a[key] === b[key]);
};

/**
 * The socket replaces device objects on every report, usually changing only the volatile fields;
 * a device whose searchable content is unchanged keeps its text instead of rebuilding it.
 */
const sameSearchable = (a: Device, b: Device): boolean =>
  sameRecord(
    a as unknown as Record<string, unknown>,
    b as unknown as Record<string, unknown>,
    VOLATILE,
  ) && sameRecord(a.attributes ?? {}, b.attributes ?? {});

/** Every top-level field and every attribute value, lower-cased, cached per device. */
const haystackOf = (device: Device): string => {
  const cached = haystacks.get(device.id);
  if (cached && (cached.device === device || sameSearchable(cached.device, device))) {
    cached.device = device;
    return cached.text;
  }
  const fields = Object.entries(device)
    .filter(([key]) => !VOLATILE.has(key))
    .map(([, value]) => textOf(value));
  const attributes = Object.values(device.attributes ?? {}).map(textOf);
  const text = [...fields, ...attributes].join('\u0000').toLocaleLowerCase();
  haystacks.set(device.id, { device, text });
  return text;
};

export const normalizeQuery = (query: string): string => query.trim().toLocaleLowerCase();

/**
 * Spec §5: the search matches any field or attribute, case-insensitive. The text is a plain
 * substring, never a regular expression (the original compiled user input as a regex).
 */
export const matchesSearch = (device: Device, query: string, extras?: SearchExtras): boolean => {
  const needle = normalizeQuery(query);
  if (!needle) return true;
  if (haystackOf(device).includes(needle)) return true;
  return extras ? extras(device).some((word) => word.toLocaleLowerCase().includes(needle)) : false;
};
