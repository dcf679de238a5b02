/**
 * Epoch ms of a UTC calendar time, or null when a field is out of range: a unit without a GPS
 * date yet sends zeros (`000007`), which must not become a time in 1999.
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

/** `ddmmyy` + `hhmmss` (the comma-separated form's order), or null when not a real time. */
export function dayFirstTime(date: string, clock: string): number | null {
  const d = /^(\d\d)(\d\d)(\d\d)$/.exec(date);
  const c = /^(\d\d)(\d\d)(\d\d)$/.exec(clock);
  if (!d || !c) return null;
  return utcTime(
    2000 + Number(d[3]),
    Number(d[2]),
    Number(d[1]),
    Number(c[1]),
    Number(c[2]),
    Number(c[3]),
  );
}

const two = (value: number): string => String(value).padStart(2, '0');

/** `yymmdd` and `hhmmss` of an epoch ms time in UTC, as the parenthesised frames carry them. */
export function yearFirst(time: number): { date: string; clock: string } {
  const t = new Date(time);
  return {
    date: two(t.getUTCFullYear() % 100) + two(t.getUTCMonth() + 1) + two(t.getUTCDate()),
    clock: two(t.getUTCHours()) + two(t.getUTCMinutes()) + two(t.getUTCSeconds()),
  };
}
