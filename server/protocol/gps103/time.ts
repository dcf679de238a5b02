/**
 * Epoch ms of a UTC calendar time, or null when a field is out of range: trackers without a GPS
 * date yet send zeros (`000000000`), which must not become a time in 1999.
 */
export function utcTime(
  year: number,
  month: number,
  day: number,
  hours: number,
  minutes: number,
  seconds: number,
): number | null {
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  if (hours > 23 || minutes > 59 || seconds > 59) return null;
  const time = Date.UTC(year, month - 1, day, hours, minutes, seconds);
  // Date.UTC rolls 31 February over into March; a date that does not exist is a bad field.
  return new Date(time).getUTCDate() === day ? time : null;
}

const two = (value: number): string => String(value).padStart(2, '0');

/** `yymmddHHMMSS` of an epoch ms time, in UTC. */
export function stamp(time: number): string {
  const date = new Date(time);
  return (
    two(date.getUTCFullYear() % 100) +
    two(date.getUTCMonth() + 1) +
    two(date.getUTCDate()) +
    clock(time)
  );
}

/** `HHMMSS` of an epoch ms time, in UTC. */
export function clock(time: number): string {
  const date = new Date(time);
  return two(date.getUTCHours()) + two(date.getUTCMinutes()) + two(date.getUTCSeconds());
}
