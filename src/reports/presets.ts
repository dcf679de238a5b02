import { TZDate } from '@date-fns/tz';
import {
  addDays,
  endOfDay,
  endOfMonth,
  endOfWeek,
  startOfDay,
  startOfMonth,
  startOfWeek,
  subMonths,
  subWeeks,
} from 'date-fns';
import { browserTimeZone } from '../i18n/formatters';

/**
 * The report presets. Ranges are whole days in the user's time zone (their `timezone` preference,
 * else the browser's), the same zone the tables and the spreadsheets show, with date-fns doing
 * the calendar arithmetic so days across a daylight-saving change stay whole local days.
 */
export const PRESETS = [
  'today',
  'yesterday',
  'thisWeek',
  'lastWeek',
  'thisMonth',
  'lastMonth',
  'last7',
  'last30',
  'last90',
] as const;
export type Preset = (typeof PRESETS)[number];

/** Sunday starts the week in Brazil and the US, Monday in Spain. */
export type WeekStart = 0 | 1;
export const weekStartFor = (locale: string): WeekStart => (locale === 'es-ES' ? 1 : 0);

interface Range {
  from: Date;
  to: Date;
}

const range = (from: TZDate, to: TZDate): Range => ({
  from: new Date(from.getTime()),
  to: new Date(to.getTime()),
});

/**
 * today: 00:00 → 23:59:59.999 of today; yesterday: the whole previous day; this/last week and
 * month: whole calendar weeks and months (this one up to the end of today); last N days: from
 * 00:00 N-1 days ago to the end of today (today counts as one of the N days).
 */
export const presetRange = (
  preset: Preset,
  now: Date = new Date(),
  timeZone: string = browserTimeZone(),
  weekStartsOn: WeekStart = 0,
): Range => {
  const local = new TZDate(now.getTime(), timeZone);
  const today = startOfDay(local);
  const endToday = endOfDay(local);
  const week = { weekStartsOn };
  switch (preset) {
    case 'today':
      return range(today, endToday);
    case 'yesterday': {
      const day = addDays(today, -1);
      return range(day, endOfDay(day));
    }
    case 'thisWeek':
      return range(startOfWeek(local, week), endToday);
    case 'lastWeek': {
      const last = subWeeks(local, 1);
      return range(startOfWeek(last, week), endOfWeek(last, week));
    }
    case 'thisMonth':
      return range(startOfMonth(local), endToday);
    case 'lastMonth': {
      const last = subMonths(local, 1);
      return range(startOfMonth(last), endOfMonth(last));
    }
    case 'last7':
      return range(addDays(today, -6), endToday);
    case 'last30':
      return range(addDays(today, -29), endToday);
    case 'last90':
      return range(addDays(today, -89), endToday);
  }
};
