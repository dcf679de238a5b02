/**
 * The calendar editor's iCalendar (RFC 5545) subset: one VEVENT per schedule, with start and end
 * as local times (`DTSTART;TZID=<zone>:YYYYMMDDTHHMMSS`, as traccar-web writes them) and an
 * optional RRULE (FREQ, INTERVAL, BYDAY, COUNT or UNTIL). Traccar stores the text base64-encoded
 * in `Calendar.data`.
 */

export const FREQUENCIES = ['none', 'daily', 'weekly', 'monthly', 'yearly'] as const;
type Frequency = (typeof FREQUENCIES)[number];

export const WEEKDAYS = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export type Ending =
  { kind: 'never' } | { kind: 'count'; count: number } | { kind: 'until'; until: string };

export interface Schedule {
  /** Local date-time, `YYYY-MM-DDTHH:mm` (an `<input type="datetime-local">` value). */
  start: string;
  end: string;
  frequency: Frequency;
  /** Every N days/weeks/…; 1 by default. */
  interval: number;
  /** Weekly only. */
  weekdays: Weekday[];
  ending: Ending;
}

export const emptySchedule = (start: string, end: string): Schedule => ({
  start,
  end,
  frequency: 'none',
  interval: 1,
  weekdays: [],
  ending: { kind: 'never' },
});

const pad = (value: number) => String(value).padStart(2, '0');

/** `2024-05-01T08:30` → `20240501T083000`. */
const toIcalTime = (local: string): string => {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?/.exec(local);
  if (!match) throw new Error(`invalid local time: ${local}`);
  const [, y, mo, d, h, mi, s] = match;
  return `${y}${mo}${d}T${h}${mi}${s ?? '00'}`;
};

/** `20240501T083000` (optionally with Z or a date only) → `2024-05-01T08:30`. */
const fromIcalTime = (value: string): string => {
  const match = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})?)?Z?$/.exec(value.trim());
  if (!match) throw new Error(`invalid iCalendar time: ${value}`);
  const [, y, mo, d, h = '00', mi = '00'] = match;
  return `${y}-${mo}-${d}T${h}:${mi}`;
};

const stamp = (date: Date) =>
  `${date.getUTCFullYear()}${pad(date.getUTCMonth() + 1)}${pad(date.getUTCDate())}T` +
  `${pad(date.getUTCHours())}${pad(date.getUTCMinutes())}${pad(date.getUTCSeconds())}Z`;

export const buildRule = (schedule: Schedule): string | null => {
  if (schedule.frequency === 'none') return null;
  const parts = [`FREQ=${schedule.frequency.toUpperCase()}`];
  if (schedule.interval > 1) parts.push(`INTERVAL=${Math.floor(schedule.interval)}`);
  if (schedule.frequency === 'weekly' && schedule.weekdays.length > 0) {
    const ordered = WEEKDAYS.filter((day) => schedule.weekdays.includes(day));
    parts.push(`BYDAY=${ordered.join(',')}`);
  }
  if (schedule.ending.kind === 'count')
    parts.push(`COUNT=${Math.max(1, Math.floor(schedule.ending.count))}`);
  if (schedule.ending.kind === 'until') {
    // The whole last day counts: until its last second, local time.
    parts.push(`UNTIL=${schedule.ending.until.replaceAll('-', '')}T235959`);
  }
  return `RRULE:${parts.join(';')}`;
};

interface BuildOptions {
  /** IANA zone of the local times; defaults to the browser's. */
  timeZone?: string;
  /** DTSTAMP; defaults to now. */
  now?: Date;
}

/** The iCalendar text of the schedules, lines ending CRLF. */
export const buildCalendar = (schedules: Schedule[], options: BuildOptions = {}): string => {
  const zone = options.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const tz = zone ? `;TZID=${zone}` : '';
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Frota//Calendar//EN'];
  schedules.forEach((schedule, index) => {
    lines.push(
      'BEGIN:VEVENT',
      `UID:frota-${index + 1}`,
      `DTSTAMP:${stamp(options.now ?? new Date())}`,
    );
    // A time being typed may be empty for a moment; it is left out rather than made up.
    if (schedule.start) lines.push(`DTSTART${tz}:${toIcalTime(schedule.start)}`);
    if (schedule.end) lines.push(`DTEND${tz}:${toIcalTime(schedule.end)}`);
    const rule = buildRule(schedule);
    if (rule) lines.push(rule);
    lines.push('END:VEVENT');
  });
  lines.push('END:VCALENDAR');
  return `${lines.join('\r\n')}\r\n`;
};

/** Content lines with folding undone (RFC 5545 §3.1). */
const unfold = (text: string): string[] =>
  text
    .replace(/\r\n/g, '\n')
    .replace(/\n[ \t]/g, '')
    .split('\n')
    .filter((line) => line.trim() !== '');

const parseRule = (
  value: string,
): Pick<Schedule, 'frequency' | 'interval' | 'weekdays' | 'ending'> => {
  const fields = Object.fromEntries(
    value.split(';').map((part) => {
      const [key, ...rest] = part.split('=');
      return [key.toUpperCase(), rest.join('=')];
    }),
  );
  const frequency = (fields.FREQ ?? '').toLowerCase() as Frequency;
  const until = fields.UNTIL ? fromIcalTime(fields.UNTIL).slice(0, 10) : null;
  return {
    frequency: FREQUENCIES.includes(frequency) ? frequency : 'none',
    interval: Number(fields.INTERVAL) > 0 ? Number(fields.INTERVAL) : 1,
    weekdays: (fields.BYDAY ?? '')
      .split(',')
      .map((day: string) => day.replace(/^[-+\d]+/, ''))
      .filter((day: string): day is Weekday => (WEEKDAYS as readonly string[]).includes(day)),
    ending: fields.COUNT
      ? { kind: 'count', count: Number(fields.COUNT) }
      : until
        ? { kind: 'until', until }
        : { kind: 'never' },
  };
};

/** The schedules of an iCalendar text (VEVENTs this editor can show; others keep their times). */
export const parseCalendar = (text: string): Schedule[] => {
  const schedules: Schedule[] = [];
  let current: Schedule | null = null;
  for (const line of unfold(text)) {
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const name = line.slice(0, colon).split(';')[0].toUpperCase();
    const value = line.slice(colon + 1);
    if (name === 'BEGIN' && value.toUpperCase() === 'VEVENT') current = emptySchedule('', '');
    else if (name === 'END' && value.toUpperCase() === 'VEVENT' && current) {
      if (!current.end) current.end = current.start;
      schedules.push(current);
      current = null;
    } else if (current && name === 'DTSTART') current.start = fromIcalTime(value);
    else if (current && name === 'DTEND') current.end = fromIcalTime(value);
    else if (current && name === 'RRULE') Object.assign(current, parseRule(value));
  }
  return schedules;
};

/** UTF-8 safe base64, as `Calendar.data` holds it. */
export const encodeData = (text: string): string => {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  bytes.forEach((byte) => {
    binary += String.fromCharCode(byte);
  });
  return btoa(binary);
};

export const decodeData = (data: string): string => {
  const binary = atob(data);
  return new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
};
