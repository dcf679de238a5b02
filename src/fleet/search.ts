import type { Device } from '../../model/device';
import { foldForSearch as fold } from '../../model/search';

/** Extra words a device answers to (its group name, its translated status). */
export type SearchExtras = (device: Device) => readonly string[];

/** Fields that change with every report and are not worth searching. */
const VOLATILE = new Set(['attributes', 'lastUpdate', 'positionId']);

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

/** Every top-level field and every attribute value (then any extras), folded. */
const buildHaystack = (device: Device, extras?: SearchExtras): string => {
  const fields = Object.entries(device)
    .filter(([key]) => !VOLATILE.has(key))
    .map(([, value]) => textOf(value));
  const attributes = Object.values(device.attributes ?? {}).map(textOf);
  // NUL separates fields, so a query never matches across two of them.
  return fold([...fields, ...attributes, ...(extras?.(device) ?? [])].join('\u0000'));
};

const normalizeQuery = (query: string): string => fold(query);

/**
 * The search matches any field or attribute, ignoring accents, case, spaces and hyphens
 * (`foldForSearch`). The text is a plain substring, never a regular expression (the original
 * compiled user input as a regex).
 */
export const matchesSearch = (device: Device, query: string, extras?: SearchExtras): boolean => {
  const needle = normalizeQuery(query);
  return !needle || buildHaystack(device, extras).includes(needle);
};

/** How many devices a warming slice handles between two looks at its deadline. */
const WARM_CHECK_EVERY = 16;

/** How many answers are kept: enough for typing a word and deleting it again. */
const RECENT_ANSWERS = 32;

interface Entry {
  device: Device;
  extras: SearchExtras | undefined;
  text: string;
}

/**
 * The search over a whole fleet, for the per-keystroke path (same answers as `matchesSearch`).
 * Each device's haystack is built once and brought up to date by `warm`, in idle time after live
 * changes, so a keystroke only scans ready strings: it never compares 10,000 records, and a
 * haystack can trail its device until the next `warm` (which bumps `revision`). Answers are
 * kept until the revision moves, whatever the live positions or the other filters do: a query
 * that extends an earlier one scans only that one's matches, and deleting back to an earlier
 * query costs nothing.
 */
export class SearchIndex {
  private entries = new Map<number, Entry>();
  private changes = 0;
  private membership: number | undefined;
  /** A warming pass in progress. */
  private pass: {
    devices: ReadonlyMap<number, Device>;
    extras: SearchExtras | undefined;
    rest: Iterator<Device>;
    changed: boolean;
  } | null = null;
  /** Every haystack in one array, and the answers found in them, for one revision. */
  private scope: {
    revision: number;
    ids: number[];
    texts: string[];
    answers: Map<string, ReadonlySet<number>>;
  } | null = null;

  /** Bumped whenever a haystack is built or rebuilt, or a device is dropped. */
  get revision(): number {
    return this.changes;
  }

  /** Brings every haystack up to date at once. */
  refresh(devices: ReadonlyMap<number, Device>, extras?: SearchExtras): void {
    this.pass = null;
    this.warm(devices, extras, () => true);
  }

  /**
   * Brings stale haystacks up to date while `more()` allows (an idle deadline), so a pass over
   * 10,000 devices, comparing or rebuilding, never becomes one long task: a pass left unfinished
   * goes on from where it stopped at the next call. Returns true once a whole pass is done.
   */
  warm(
    devices: ReadonlyMap<number, Device>,
    extras: SearchExtras | undefined,
    more: () => boolean,
  ): boolean {
    if (this.pass?.devices !== devices || this.pass.extras !== extras) {
      this.pass = { devices, extras, rest: devices.values(), changed: false };
    }
    const pass = this.pass;
    // A map iterator follows the live map, which the store updates in place between slices.
    for (let step = 1; ; step += 1) {
      if (step % WARM_CHECK_EVERY === 0 && !more()) return false;
      const next = pass.rest.next();
      if (next.done) break;
      const device = next.value;
      const entry = this.entries.get(device.id);
      if (
        entry &&
        entry.extras === extras &&
        (entry.device === device || sameSearchable(entry.device, device))
      ) {
        entry.device = device;
        continue;
      }
      this.entries.set(device.id, { device, extras, text: buildHaystack(device, extras) });
      pass.changed = true;
    }
    this.pass = null;
    if (this.entries.size !== devices.size) {
      for (const id of this.entries.keys()) if (!devices.has(id)) this.entries.delete(id);
      pass.changed = true;
    }
    if (pass.changed) this.changes += 1;
    // Lays out the haystacks for scanning now, in idle time, rather than on the next keystroke.
    this.currentScope();
    return true;
  }

  /**
   * Ids of the devices whose haystack contains `query`, or null when the query is blank
   * (everything matches). Devices not warmed yet get their haystacks built here; `membership`,
   * when given, is a number that moves whenever devices come or go (the store's view version),
   * and an unchanged one skips looking for them.
   */
  matching(
    devices: ReadonlyMap<number, Device>,
    query: string,
    extras?: SearchExtras,
    membership?: number,
  ): ReadonlySet<number> | null {
    const needle = normalizeQuery(query);
    if (!needle) return null;
    if (membership === undefined || membership !== this.membership) {
      this.addMissing(devices, extras);
      this.membership = membership;
    }
    const scope = this.currentScope();
    const known = scope.answers.get(needle);
    if (known) return known;
    // Whatever contains the new query contains an earlier one it extends: only that one's
    // matches can match, so the smallest such answer is the one to scan.
    let narrowest: ReadonlySet<number> | null = null;
    for (const [earlier, ids] of scope.answers) {
      if (needle.includes(earlier) && (!narrowest || ids.size < narrowest.size)) narrowest = ids;
    }
    const ids = new Set<number>();
    if (narrowest && narrowest.size < scope.ids.length / 4) {
      for (const id of narrowest) {
        if (this.entries.get(id)?.text.includes(needle)) ids.add(id);
      }
    } else {
      const { texts } = scope;
      for (let i = 0; i < texts.length; i += 1) {
        if (texts[i].includes(needle)) ids.add(scope.ids[i]);
      }
    }
    if (scope.answers.size >= RECENT_ANSWERS) {
      scope.answers.delete(scope.answers.keys().next().value as string);
    }
    scope.answers.set(needle, ids);
    return ids;
  }

  private currentScope() {
    if (this.scope?.revision !== this.changes) {
      const ids: number[] = [];
      const texts: string[] = [];
      this.entries.forEach((entry, id) => {
        ids.push(id);
        texts.push(entry.text);
      });
      this.scope = { revision: this.changes, ids, texts, answers: new Map() };
    }
    return this.scope;
  }

  /**
   * New devices (or a first search before warming finished) are searchable at once. The store
   * keeps one device map and updates it in place, so this looks at every id.
   */
  private addMissing(devices: ReadonlyMap<number, Device>, extras?: SearchExtras) {
    for (const device of devices.values()) {
      if (this.entries.has(device.id)) continue;
      this.entries.set(device.id, { device, extras, text: buildHaystack(device, extras) });
      this.changes += 1;
    }
  }
}
