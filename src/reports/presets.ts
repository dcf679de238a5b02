/** The report presets. Ranges are in the browser's local time zone. */
export const PRESETS = ['today', 'yesterday', 'last7', 'last30', 'last90'] as const;
export type Preset = (typeof PRESETS)[number];

interface Range {
  from: Date;
  to: Date;
}

const startOfDay = (date: Date): Date =>
  new Date(date.getFullYear(), date.getMonth(), date.getDate(), 0, 0, 0, 0);

const endOfDay = (date: Date): Date =>
  new Date(date.getFullYear(), date.getMonth(), date.getDate(), 23, 59, 59, 999);

/** Calendar arithmetic, so days across a DST change stay whole local days. */
const addDays = (date: Date, days: number): Date =>
  new Date(
    date.getFullYear(),
    date.getMonth(),
    date.getDate() + days,
    date.getHours(),
    date.getMinutes(),
    date.getSeconds(),
    date.getMilliseconds(),
  );

/**
 * today: 00:00 → 23:59:59.999 of today; yesterday: the whole previous day; last N days: from
 * 00:00 N-1 days ago to the end of today (today counts as one of the N days).
 */
export const presetRange = (preset: Preset, now: Date = new Date()): Range => {
  const today = startOfDay(now);
  switch (preset) {
    case 'today':
      return { from: today, to: endOfDay(now) };
    case 'yesterday': {
      const day = addDays(today, -1);
      return { from: day, to: endOfDay(day) };
    }
    case 'last7':
      return { from: addDays(today, -6), to: endOfDay(now) };
    case 'last30':
      return { from: addDays(today, -29), to: endOfDay(now) };
    case 'last90':
      return { from: addDays(today, -89), to: endOfDay(now) };
  }
};

const pad = (value: number) => String(value).padStart(2, '0');

/** `<input type="datetime-local">` value (local time, minutes). */
export const toLocalInput = (date: Date): string =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(
    date.getHours(),
  )}:${pad(date.getMinutes())}`;

/** Parses a datetime-local value as local time; null when empty or invalid. */
export const fromLocalInput = (value: string): Date | null => {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value);
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match;
  const date = new Date(
    Number(y),
    Number(mo) - 1,
    Number(d),
    Number(h),
    Number(mi),
    Number(s ?? 0),
  );
  return Number.isNaN(date.getTime()) ? null : date;
};
