/**
 * Local time in an IANA zone without a date library: offsets from `Intl.DateTimeFormat`, cached
 * per zone and per 15-minute slot (every real zone changes offset on such a boundary), so
 * formatting 100,000 times costs a few hundred `Intl` calls. Pure.
 */

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
function offsetAt(millis: number, zone: string): number {
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

const DAY = 86_400_000;

/** The first instant of the local day that contains `millis`. */
export function startOfLocalDay(millis: number, zone: string): number {
  const localDay = (x: number) => Math.floor(toWall(x, zone) / DAY);
  const day = localDay(millis);
  const midnightWall = day * DAY;
  let t = midnightWall - offsetAt(millis, zone);
  // A DST change between midnight and `millis`: settle on the offset in force at midnight.
  for (let i = 0; i < 2; i++) t = midnightWall - offsetAt(t, zone);
  if (localDay(t) === day && localDay(t - 1) < day) return t;
  // Midnight does not exist (a DST gap at 00:00): the day starts at its first instant.
  let lo = millis - 2 * DAY;
  let hi = millis;
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (localDay(mid) >= day) hi = mid;
    else lo = mid;
  }
  return hi;
}

/** The first instant of the local day after the one that contains `millis`. */
export function nextLocalMidnight(millis: number, zone: string): number {
  return startOfLocalDay(startOfLocalDay(millis, zone) + 36 * 3_600_000, zone);
}

/**
 * Windows of a daily summary (Traccar's `SummaryReportProvider`): from `from` to the next local
 * midnight, then midnight to midnight, and the last from its midnight to `to`.
 */
export function dailyWindows(from: number, to: number, zone: string): [number, number][] {
  const windows: [number, number][] = [];
  let start = from;
  for (let guard = 0; guard < 20_000; guard++) {
    const next = nextLocalMidnight(start, zone);
    if (next > to) break;
    windows.push([start, next]);
    start = next;
  }
  if (start < to || windows.length === 0) windows.push([start, to]);
  return windows;
}
