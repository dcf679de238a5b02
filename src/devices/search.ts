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

/** Every top-level field and every attribute value (then any extras), lower-cased. */
const buildHaystack = (device: Device, extras?: readonly string[]): string => {
  const fields = Object.entries(device)
    .filter(([key]) => !VOLATILE.has(key))
    .map(([, value]) => textOf(value));
  const attributes = Object.values(device.attributes ?? {}).map(textOf);
  // NUL separates fields, so a query never matches across two of them.
  return [...fields, ...attributes, ...(extras ?? [])].join('\u0000').toLocaleLowerCase();
};

/** The haystack without extras, cached per device. */
const haystackOf = (device: Device): string => {
  const cached = haystacks.get(device.id);
  if (cached && (cached.device === device || sameSearchable(cached.device, device))) {
    cached.device = device;
    return cached.text;
  }
  const text = buildHaystack(device);
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

/**
 * The search over a whole fleet, for the per-keystroke path: each device's haystack (fields,
 * attributes and extras) is built once and rebuilt only when its searchable content changes,
 * and a query that extends the previous one (contains it) narrows the previous matches instead
 * of scanning every device. Same results as `matchesSearch` on each device.
 */
export class SearchIndex {
  private entries = new Map<number, { device: Device; text: string }>();
  private extras: SearchExtras | undefined;
  /** Bumped whenever any haystack changes or a device comes or goes. */
  private revision = 0;
  private last: { needle: string; revision: number; ids: ReadonlySet<number> } | null = null;

  /** Brings the haystacks up to date; cheap when the devices (or their content) are unchanged. */
  refresh(devices: ReadonlyMap<number, Device>, extras?: SearchExtras): void {
    this.warm(devices, extras, () => true);
  }

  /**
   * Builds stale haystacks while `more()` allows (an idle deadline), so warming 10,000 of them
   * never becomes one long task; returns true once every haystack is current.
   */
  warm(
    devices: ReadonlyMap<number, Device>,
    extras: SearchExtras | undefined,
    more: () => boolean,
  ) {
    let changed = false;
    let done = true;
    if (extras !== this.extras) {
      this.entries.clear();
      this.extras = extras;
      changed = true;
    }
    for (const device of devices.values()) {
      const entry = this.entries.get(device.id);
      if (entry && (entry.device === device || sameSearchable(entry.device, device))) {
        entry.device = device;
        continue;
      }
      if (!more()) {
        done = false;
        break;
      }
      this.entries.set(device.id, { device, text: buildHaystack(device, extras?.(device)) });
      changed = true;
    }
    if (this.entries.size > devices.size || (done && this.entries.size !== devices.size)) {
      for (const id of this.entries.keys()) if (!devices.has(id)) this.entries.delete(id);
      changed = true;
    }
    if (changed) this.revision += 1;
    return done;
  }

  /** Ids of the devices matching `query`, or null when the query is blank (everything matches). */
  matching(
    devices: ReadonlyMap<number, Device>,
    query: string,
    extras?: SearchExtras,
  ): ReadonlySet<number> | null {
    const needle = normalizeQuery(query);
    if (!needle) return null;
    this.refresh(devices, extras);
    const { last } = this;
    const ids = new Set<number>();
    if (last && last.revision === this.revision && needle.includes(last.needle)) {
      // Whatever contains the new query contains the old one: only the old matches can match.
      for (const id of last.ids) {
        if (this.entries.get(id)?.text.includes(needle)) ids.add(id);
      }
    } else {
      for (const [id, entry] of this.entries) if (entry.text.includes(needle)) ids.add(id);
    }
    this.last = { needle, revision: this.revision, ids };
    return ids;
  }
}
