/**
 * Local time in an IANA zone without a date library: offsets from `Intl.DateTimeFormat`, cached
 * per zone and per 15-minute slot (every real zone changes offset on such a boundary), so
 * converting 100,000 instants costs a few hundred `Intl` calls. Pure; the server's report days
 * and both sides' spreadsheet dates use it.
 */

/** The zone of a calendar, a report or a spreadsheet that names none (Frota's home zone). */
export const DEFAULT_TIMEZONE = 'America/Sao_Paulo';

const formatters = new Map<string, Intl.DateTimeFormat>();

export function isValidTimezone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, f);
  }
  return f;
}

const SLOT = 15 * 60_000;
const offsetCache = new Map<string, Map<number, number>>();

function computeOffset(millis: number, zone: string): number {
  const parts = formatter(zone).formatToParts(new Date(millis));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  return wall - (millis - (((millis % 1000) + 1000) % 1000));
}

/** Offset of `zone` from UTC at instant `millis`, in ms (local = UTC + offset). */
export function offsetAt(millis: number, zone: string): number {
  let cache = offsetCache.get(zone);
  if (!cache) {
    cache = new Map();
    offsetCache.set(zone, cache);
  }
  const slot = Math.floor(millis / SLOT);
  let offset = cache.get(slot);
  if (offset === undefined) {
    // The offset at the slot start holds for the whole slot.
    offset = computeOffset(slot * SLOT, zone);
    if (cache.size > 100_000) cache.clear();
    cache.set(slot, offset);
  }
  return offset;
}

/** Local wall-clock time as if it were UTC (for Excel date cells and day arithmetic). */
export const toWall = (millis: number, zone: string): number => millis + offsetAt(millis, zone);

/** The local calendar day of `millis` in `zone`, `2026-12-02`. */
export const localDay = (millis: number, zone: string): string =>
  new Date(toWall(millis, zone)).toISOString().slice(0, 10);
