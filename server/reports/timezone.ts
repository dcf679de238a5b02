import { DEFAULT_TIMEZONE, isValidTimezone, offsetAt, toWall } from '../../model/wallTime';

/**
 * Report days in an IANA zone (local midnights, daily windows) over the shared wall-time
 * conversion in model/wallTime.ts. Pure.
 */

export { DEFAULT_TIMEZONE, isValidTimezone, toWall };

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
