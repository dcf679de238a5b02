import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { browserTimeZone } from '../i18n/formatters';

/** `<input type="datetime-local">` value (wall time in `timeZone`, minutes). */
export const toLocalInput = (date: Date, timeZone: string = browserTimeZone()): string =>
  format(new TZDate(date.getTime(), timeZone), "yyyy-MM-dd'T'HH:mm");

/** Parses a datetime-local value as wall time in `timeZone`; null when empty or invalid. */
export const fromLocalInput = (
  value: string,
  timeZone: string = browserTimeZone(),
): Date | null => {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value);
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match.map(Number);
  const date = new TZDate(y, mo - 1, d, h, mi, s || 0, timeZone);
  return Number.isNaN(date.getTime()) ? null : new Date(date.getTime());
};
