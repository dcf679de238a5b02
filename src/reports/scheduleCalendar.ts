import { buildCalendar, emptySchedule, encodeData } from '../common/ical';
import { presetRange, type WeekStart } from './presets';
import { toLocalInput } from '../common/localDateInput';

/** The simple periods the schedule dialog offers besides an existing calendar. */
export const SIMPLE_PERIODS = ['daily', 'weekly', 'monthly'] as const;
export type SimplePeriod = (typeof SIMPLE_PERIODS)[number];

const FIRST: Record<SimplePeriod, 'today' | 'thisWeek' | 'thisMonth'> = {
  daily: 'today',
  weekly: 'thisWeek',
  monthly: 'thisMonth',
};

/** `YYYY-MM-DDTHH:mm` moved by whole days or months, as wall-clock arithmetic. */
const shift = (local: string, days: number, months = 0): string => {
  const [date, time] = local.split('T');
  const [y, m, d] = date.split('-').map(Number);
  const moved = new Date(Date.UTC(y, m - 1 + months, d + days));
  return `${moved.toISOString().slice(0, 10)}T${time}`;
};

/**
 * Base64 iCalendar data of one recurring event that covers the current day, week or month
 * (midnight to midnight, in `timeZone`): each time an occurrence ends, the scheduled report
 * covers it. A monthly event keeps the length of the month it starts in, as iCalendar
 * durations are fixed.
 */
export const simpleCalendarData = (
  period: SimplePeriod,
  timeZone: string,
  weekStart: WeekStart,
  now: Date = new Date(),
): string => {
  const start = toLocalInput(presetRange(FIRST[period], now, timeZone, weekStart).from, timeZone);
  const end =
    period === 'daily'
      ? shift(start, 1)
      : period === 'weekly'
        ? shift(start, 7)
        : shift(start, 0, 1);
  const schedule = { ...emptySchedule(start, end), frequency: period };
  return encodeData(buildCalendar([schedule], { timeZone, now }));
};
