import { FrameError } from '../shared/definition';

/**
 * H02 times: `hhmmss` and `ddmmyy` fields in UTC (text messages, BCD in binary ones), and the
 * `yyyyMMddHHmmss` stamp of the server's acknowledgements.
 */

const pad = (value: number, width = 2): string => String(value).padStart(width, '0');

/**
 * Epoch ms of a day and a time of day, two-digit year in 2000–2099. A day or time that cannot
 * exist (month 13, 25 o'clock) is a corrupt frame, never a date rolled over into another.
 */
export function utcTime(
  day: number,
  month: number,
  year: number,
  hour = 0,
  minute = 0,
  second = 0,
): number {
  const fullYear = year < 100 ? 2000 + year : year;
  const ms = Date.UTC(fullYear, month - 1, day, hour, minute, second);
  const date = new Date(ms);
  if (
    date.getUTCDate() !== day ||
    date.getUTCMonth() !== month - 1 ||
    hour > 23 ||
    minute > 59 ||
    second > 59
  ) {
    throw new FrameError(`impossible date: ${day}/${month}/${year} ${hour}:${minute}:${second}`);
  }
  return ms;
}

/** Splits six digits into three two-digit numbers (`hhmmss` or `ddmmyy`). */
export function sixDigits(field: string): [number, number, number] | null {
  const match = /^(\d\d)(\d\d)(\d\d)$/.exec(field);
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : null;
}

/** Epoch ms of a `ddmmyy` date and an `hhmmss` time (midnight when the time is empty). */
export function textTime(date: string, time: string): number {
  const day = sixDigits(date);
  if (!day) throw new FrameError(`not a date: ${JSON.stringify(date)}`);
  const clock = time === '' ? [0, 0, 0] : sixDigits(time);
  if (!clock) throw new FrameError(`not a time: ${JSON.stringify(time)}`);
  return utcTime(day[0], day[1], day[2], clock[0], clock[1], clock[2]);
}

/** `hhmmss` in UTC: the time field of the server's commands and of the device's messages. */
export function formatClock(ms: number): string {
  const date = new Date(ms);
  return pad(date.getUTCHours()) + pad(date.getUTCMinutes()) + pad(date.getUTCSeconds());
}

/** `ddmmyy` in UTC. */
export function formatDate(ms: number): string {
  const date = new Date(ms);
  return pad(date.getUTCDate()) + pad(date.getUTCMonth() + 1) + pad(date.getUTCFullYear() % 100);
}

/** `yyyyMMddHHmmss` in UTC: the stamp of the server's V4 acknowledgements. */
export function formatStamp(ms: number): string {
  const date = new Date(ms);
  return (
    pad(date.getUTCFullYear(), 4) +
    pad(date.getUTCMonth() + 1) +
    pad(date.getUTCDate()) +
    formatClock(ms)
  );
}
