import ICAL from 'ical.js';

/**
 * The calendar editor's view of an iCalendar (RFC 5545) text, read and written with ical.js (as
 * the server evaluates it). Traccar stores the text base64-encoded in `Calendar.data`.
 *
 * Each VEVENT (but an overridden occurrence, which belongs to its master) is one schedule: start
 * and end as wall-clock times in the event's own zone (or whole days for an all-day event), and
 * the repetition the editor offers (FREQ, INTERVAL, BYDAY for weekly, COUNT or UNTIL). A
 * calendar made elsewhere may hold much more: other rule parts (BYMONTHDAY, BYSETPOS…), EXDATE
 * and RDATE, VTIMEZONEs, alarms, attendees, other components. Saving changes only what the user
 * edited: an untouched event is written back as it was, an edited one keeps its TZID, its other
 * properties and the rule parts the editor does not show (unless its repetition becomes a
 * different kind), and everything outside the events stays as it was.
 */

type Component = InstanceType<typeof ICAL.Component>;
type Time = InstanceType<typeof ICAL.Time>;
type Recur = InstanceType<typeof ICAL.Recur>;

export const FREQUENCIES = ['none', 'daily', 'weekly', 'monthly', 'yearly'] as const;
/** `other`: a repetition the editor does not offer (hourly, by the minute…), kept as it is. */
type Frequency = (typeof FREQUENCIES)[number] | 'other';

export const WEEKDAYS = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export type Ending =
  { kind: 'never' } | { kind: 'count'; count: number } | { kind: 'until'; until: string };

export interface Schedule {
  /**
   * `YYYY-MM-DDTHH:mm` (local to the event's zone), or `YYYY-MM-DD` for an all-day event;
   * '' while being typed.
   */
  start: string;
  /** As `start`; for an all-day event, the LAST day it covers (iCalendar's end is the day after). */
  end: string;
  allDay: boolean;
  frequency: Frequency;
  /** Every N days/weeks/…; 1 by default. */
  interval: number;
  /** Weekly only. */
  weekdays: Weekday[];
  ending: Ending;
}

/** What the editor shows about an event besides what can be edited; never written back. */
export interface ScheduleInfo {
  /** Which VEVENT of the text (counting only editable ones); absent for a new schedule. */
  index?: number;
  /** The zone the times are in: an IANA or other TZID, `UTC`, or null (floating, all-day). */
  timeZone: string | null;
  /** Rule parts and properties that are kept though not shown (`BYMONTHDAY=3,15`, `EXDATE`). */
  kept: string[];
}

export type EditedSchedule = Schedule & Partial<ScheduleInfo>;

export const emptySchedule = (start: string, end: string): Schedule => ({
  start,
  end,
  allDay: false,
  frequency: 'none',
  interval: 1,
  weekdays: [],
  ending: { kind: 'never' },
});

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

const dateText = (time: Time) => `${pad(time.year, 4)}-${pad(time.month)}-${pad(time.day)}`;

const localText = (time: Time) =>
  time.isDate ? dateText(time) : `${dateText(time)}T${pad(time.hour)}:${pad(time.minute)}`;

/** A day before or after, as wall-clock arithmetic. */
const addDays = (date: string, days: number): string => {
  const [y, m, d] = date.slice(0, 10).split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
};

/** `2024-05-01T08:30` or `2024-05-01` → an ical.js time (floating, or in `zone`). */
const toTime = (
  local: string,
  isDate: boolean,
  zone?: InstanceType<typeof ICAL.Timezone>,
): Time => {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2}))?)?/.exec(local);
  if (!match) throw new Error(`invalid local time: ${local}`);
  const [, y, mo, d, h = '0', mi = '0', s = '0'] = match;
  return ICAL.Time.fromData(
    {
      year: Number(y),
      month: Number(mo),
      day: Number(d),
      hour: isDate ? 0 : Number(h),
      minute: isDate ? 0 : Number(mi),
      second: isDate ? 0 : Number(s),
      isDate,
    },
    zone,
  );
};

/** Editable events: an overridden occurrence (RECURRENCE-ID) goes with its master. */
const editableEvents = (root: Component): Component[] =>
  root
    .getAllSubcomponents('vevent')
    .filter((event) => event.hasProperty('dtstart') && !event.hasProperty('recurrence-id'));

const zoneOf = (event: Component, name: 'dtstart' | 'dtend'): string | null => {
  const property = event.getFirstProperty(name);
  if (!property) return null;
  const tzid = property.getParameter('tzid');
  if (typeof tzid === 'string' && tzid) return tzid;
  const value = property.getFirstValue();
  return value instanceof ICAL.Time && value.zone === ICAL.Timezone.utcTimezone ? 'UTC' : null;
};

const ruleOf = (event: Component): Recur | null => {
  const value = event.getFirstPropertyValue('rrule');
  return value instanceof ICAL.Recur ? value : null;
};

/** The rule parts the editor shows for a frequency. */
const shownParts = (frequency: Frequency): string[] => (frequency === 'weekly' ? ['BYDAY'] : []);

const frequencyOf = (rule: Recur | null): Frequency => {
  if (!rule) return 'none';
  const frequency = String(rule.freq ?? '').toLowerCase();
  return (FREQUENCIES as readonly string[]).includes(frequency) && frequency !== 'none'
    ? (frequency as Frequency)
    : 'other';
};

function readEvent(event: Component, index: number): Schedule & ScheduleInfo {
  const start = event.getFirstPropertyValue('dtstart');
  if (!(start instanceof ICAL.Time)) throw new Error('an event has no start (DTSTART)');
  const allDay = start.isDate;
  let endTime: Time | null = null;
  const end = event.getFirstPropertyValue('dtend');
  const duration = event.getFirstPropertyValue('duration');
  if (end instanceof ICAL.Time) endTime = end;
  else if (duration instanceof ICAL.Duration) {
    endTime = start.clone();
    endTime.addDuration(duration);
  }
  // Without an end, a timed event is an instant and an all-day event one day (RFC 5545 §3.6.1).
  const endText = endTime ? localText(endTime) : allDay ? addDays(localText(start), 1) : '';
  const rule = ruleOf(event);
  const frequency = frequencyOf(rule);
  const parts = (rule?.parts ?? {}) as Record<string, unknown[]>;
  const weekdays =
    frequency === 'weekly'
      ? ((parts.BYDAY ?? []) as string[])
          .map((day) => String(day).replace(/^[-+\d]+/, ''))
          .filter((day): day is Weekday => (WEEKDAYS as readonly string[]).includes(day))
      : [];
  const until = rule?.until ? dateText(rule.until) : null;
  const kept = [
    ...Object.entries(parts)
      .filter(([name]) => !shownParts(frequency).includes(name))
      .map(([name, values]) => `${name}=${values.join(',')}`),
    ...(rule?.wkst && rule.wkst !== ICAL.Time.MONDAY ? ['WKST'] : []),
    ...['exdate', 'rdate']
      .filter((name) => event.hasProperty(name))
      .map((name) => name.toUpperCase()),
  ];
  return {
    index,
    timeZone: allDay ? null : zoneOf(event, 'dtstart'),
    kept,
    start: localText(start),
    end: allDay ? addDays(endText || localText(start), -1) : endText || localText(start),
    allDay,
    frequency,
    interval: rule?.interval && rule.interval > 0 ? rule.interval : 1,
    weekdays,
    ending: rule?.count
      ? { kind: 'count', count: rule.count }
      : until
        ? { kind: 'until', until }
        : { kind: 'never' },
  };
}

const parseRoot = (text: string): Component => {
  const root = new ICAL.Component(ICAL.parse(text));
  if (root.name !== 'vcalendar') throw new Error('no VCALENDAR');
  return root;
};

/** The schedules of an iCalendar text, each with what the editor shows about it. */
export const parseCalendar = (text: string): (Schedule & ScheduleInfo)[] =>
  editableEvents(parseRoot(text)).map(readEvent);

const sameWeekdays = (a: readonly Weekday[], b: readonly Weekday[]) =>
  a.length === b.length && a.every((day) => b.includes(day));

const sameEnding = (a: Ending, b: Ending) => JSON.stringify(a) === JSON.stringify(b);

/** Sets a DTSTART/DTEND value, with its TZID (null: floating or UTC, as `time` says). */
function setTime(event: Component, name: 'dtstart' | 'dtend', time: Time, tzid: string | null) {
  let property = event.getFirstProperty(name);
  if (!property) property = event.addPropertyWithValue(name, time);
  else property.setValue(time);
  if (tzid && !time.isDate && tzid !== 'UTC') property.setParameter('tzid', tzid);
  else property.removeParameter('tzid');
  // `VALUE=DATE` is written from the value's type; an explicit one would contradict it.
  property.removeParameter('value');
}

/** A wall-clock time in the zone an event's times are written in. */
const zonedTime = (local: string, tzid: string | null): Time =>
  toTime(local, false, tzid === 'UTC' ? ICAL.Timezone.utcTimezone : undefined);

function writeTimes(event: Component, before: Schedule | null, after: Schedule, zone: string) {
  const startChanged = !before || before.start !== after.start || before.allDay !== after.allDay;
  const endChanged = startChanged || before?.end !== after.end;
  // An event that stays timed keeps its zones; one becoming timed takes the editor's.
  const wasTimed = before !== null && !before.allDay;
  const startZone = wasTimed ? zoneOf(event, 'dtstart') : zone;
  const endZone = wasTimed && event.hasProperty('dtend') ? zoneOf(event, 'dtend') : startZone;
  const start = after.allDay ? toTime(after.start, true) : zonedTime(after.start, startZone);
  if (startChanged) setTime(event, 'dtstart', start, startZone);
  if (!endChanged) return;
  // iCalendar's all-day end is the day after the last one.
  const endText = after.allDay ? addDays(after.end, 1) : after.end;
  const end = after.allDay ? toTime(endText, true) : zonedTime(endText, endZone);
  if (event.hasProperty('duration')) {
    const wall = (time: Time) =>
      Date.UTC(time.year, time.month - 1, time.day, time.hour, time.minute, time.second);
    const seconds = Math.max(0, (wall(end) - wall(start)) / 1000);
    event.updatePropertyWithValue('duration', ICAL.Duration.fromSeconds(seconds));
  } else {
    setTime(event, 'dtend', end, endZone);
  }
}

/** UNTIL for the last day: its end for timed events (local, as DTSTART), the date for all-day. */
const untilTime = (until: string, allDay: boolean): Time =>
  allDay ? toTime(until, true) : toTime(`${until}T23:59:59`, false);

function writeRule(event: Component, before: Schedule | null, after: Schedule) {
  if (after.frequency === 'none') {
    event.removeAllProperties('rrule');
    return;
  }
  const existing = ruleOf(event);
  const frequencyChanged = !existing || before?.frequency !== after.frequency;
  const rule = existing && !frequencyChanged ? existing.clone() : new ICAL.Recur({ freq: 'DAILY' });
  if (after.frequency !== 'other') {
    rule.freq = after.frequency.toUpperCase() as Recur['freq'];
  }
  if (frequencyChanged || before?.interval !== after.interval) rule.interval = after.interval;
  const parts = rule.parts as Record<string, unknown[]>;
  if (
    after.frequency === 'weekly' &&
    (frequencyChanged || !sameWeekdays(before!.weekdays, after.weekdays))
  ) {
    const ordered = WEEKDAYS.filter((day) => after.weekdays.includes(day));
    if (ordered.length > 0) parts.BYDAY = ordered;
    else delete parts.BYDAY;
  }
  if (
    frequencyChanged ||
    !sameEnding(before!.ending, after.ending) ||
    (before!.allDay !== after.allDay && after.ending.kind === 'until')
  ) {
    rule.count = after.ending.kind === 'count' ? Math.max(1, Math.floor(after.ending.count)) : null;
    rule.until = after.ending.kind === 'until' ? untilTime(after.ending.until, after.allDay) : null;
  }
  event.updatePropertyWithValue('rrule', rule);
}

const sameSchedule = (a: Schedule, b: Schedule) =>
  a.start === b.start &&
  a.end === b.end &&
  a.allDay === b.allDay &&
  a.frequency === b.frequency &&
  a.interval === b.interval &&
  sameWeekdays(a.weekdays, b.weekdays) &&
  sameEnding(a.ending, b.ending);

const stamp = (date: Date) => ICAL.Time.fromJSDate(date, true);

interface BuildOptions {
  /** IANA zone of new timed events; defaults to the browser's. */
  timeZone?: string;
  /** DTSTAMP of new events; defaults to now. */
  now?: Date;
  /** UID of a new event; defaults to a random one. */
  uid?: () => string;
}

const randomUid = () => `${crypto.randomUUID()}@frota`;

function newEvent(root: Component, schedule: Schedule, options: Required<BuildOptions>) {
  const event = new ICAL.Component('vevent');
  event.addPropertyWithValue('uid', options.uid());
  event.addPropertyWithValue('dtstamp', stamp(options.now));
  // A time being typed may be empty for a moment; it is left out rather than made up.
  if (schedule.start) {
    writeTimes(event, null, { ...schedule, end: schedule.end || schedule.start }, options.timeZone);
    if (!schedule.end) event.removeAllProperties('dtend');
  }
  if (schedule.frequency !== 'none') writeRule(event, null, schedule);
  root.addSubcomponent(event);
}

const emptyCalendar = (): Component => {
  const root = new ICAL.Component('vcalendar');
  root.addPropertyWithValue('version', '2.0');
  root.addPropertyWithValue('prodid', '-//Frota//Calendar//EN');
  return root;
};

/**
 * `text` with the editor's schedules applied: each schedule with an `index` is that event of the
 * text (changed only where it differs from what the text says), one without is a new event, and
 * events no schedule names are removed with their overridden occurrences. Lines end CRLF.
 */
export const editCalendar = (
  text: string,
  schedules: readonly EditedSchedule[],
  options: BuildOptions = {},
): string => {
  const full: Required<BuildOptions> = {
    timeZone: options.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
    now: options.now ?? new Date(),
    uid: options.uid ?? randomUid,
  };
  const root = text.trim() ? parseRoot(text) : emptyCalendar();
  const events = editableEvents(root);
  const before = events.map(readEvent);
  const kept = new Set(schedules.flatMap((s) => (s.index === undefined ? [] : [s.index])));
  if (
    text.trim() &&
    kept.size === events.length &&
    schedules.length === events.length &&
    schedules.every((s) => s.index !== undefined && sameSchedule(s, before[s.index]))
  ) {
    return text;
  }
  events.forEach((event, index) => {
    if (kept.has(index)) return;
    const uid = event.getFirstPropertyValue('uid');
    for (const other of root.getAllSubcomponents('vevent')) {
      if (other === event || (uid && other.getFirstPropertyValue('uid') === uid)) {
        root.removeSubcomponent(other);
      }
    }
  });
  for (const schedule of schedules) {
    if (schedule.index === undefined || !events[schedule.index]) {
      newEvent(root, schedule, full);
      continue;
    }
    const event = events[schedule.index];
    const previous = before[schedule.index];
    if (sameSchedule(schedule, previous)) continue;
    if (schedule.start) writeTimes(event, previous, schedule, full.timeZone);
    const ruleChanged =
      previous.frequency !== schedule.frequency ||
      previous.interval !== schedule.interval ||
      !sameWeekdays(previous.weekdays, schedule.weekdays) ||
      !sameEnding(previous.ending, schedule.ending) ||
      (previous.allDay !== schedule.allDay && schedule.ending.kind === 'until');
    if (ruleChanged) writeRule(event, previous, schedule);
  }
  return `${root.toString()}\r\n`;
};

/** A new iCalendar text of these schedules. */
export const buildCalendar = (schedules: readonly Schedule[], options: BuildOptions = {}): string =>
  editCalendar(
    '',
    schedules.map((schedule) => ({ ...schedule, index: undefined })),
    options,
  );

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
