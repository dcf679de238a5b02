import ICAL from 'ical.js';

/**
 * A calendar's schedule (base64 iCalendar in `calendars.data`), evaluated with ical.js like
 * Traccar's `Calendar.checkMoment`: a moment is inside the calendar when it falls within an
 * occurrence of one of its VEVENTs (recurrence rules and exceptions included).
 */

/** Upper bound on occurrences walked per event and check, so a hostile rule cannot hang us. */
const MAX_STEPS = 100_000;

interface Schedule {
  event: InstanceType<typeof ICAL.Event>;
  /** Epoch ms bounds of a single, non-recurring event. */
  start: number;
  end: number;
}

export class CalendarSchedule {
  /** Answers by time: a burst of events (one position, many notifications) asks the same. */
  private readonly memo = new Map<number, boolean>();

  private constructor(private readonly schedules: Schedule[]) {}

  /** Null when the data is not a readable iCalendar (the calendar then matches nothing). */
  static fromBase64(data: string): CalendarSchedule | null {
    try {
      return CalendarSchedule.fromText(Buffer.from(data, 'base64').toString('utf8'));
    } catch {
      return null;
    }
  }

  static fromText(text: string): CalendarSchedule {
    const root = new ICAL.Component(ICAL.parse(text));
    for (const zone of root.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
    const schedules = root.getAllSubcomponents('vevent').map((component): Schedule => {
      const event = new ICAL.Event(component);
      const start = event.startDate.toJSDate().getTime();
      const end = event.endDate ? event.endDate.toJSDate().getTime() : start;
      return { event, start, end };
    });
    return new CalendarSchedule(schedules);
  }

  /** The latest occurrence start in (`after`, `until`], of any event; null when none starts. */
  latestStart(after: number, until: number): number | null {
    let latest: number | null = null;
    for (const schedule of this.schedules) {
      const start = latestStartOf(schedule, after, until);
      if (start !== null && (latest === null || start > latest)) latest = start;
    }
    return latest;
  }

  /** Occurrences, of any event, that end in (`after`, `until`], as [start, end] epoch ms. */
  endedPeriods(after: number, until: number): [number, number][] {
    return this.schedules.flatMap((schedule) => endedPeriodsOf(schedule, after, until));
  }

  isActive(time: number): boolean {
    let active = this.memo.get(time);
    if (active === undefined) {
      active = this.schedules.some((schedule) => occursAt(schedule, time));
      if (this.memo.size >= 256) this.memo.clear();
      this.memo.set(time, active);
    }
    return active;
  }
}

/**
 * Throws, with ical.js's reason where it has one, unless the text is an iCalendar this server can
 * evaluate: it parses, and every event has a start and a readable recurrence rule. Registers no
 * time zone (unlike `CalendarSchedule.fromText`): checking a calendar must change nothing.
 */
export function checkCalendarText(text: string): void {
  let root: InstanceType<typeof ICAL.Component>;
  try {
    root = new ICAL.Component(ICAL.parse(text));
  } catch (error) {
    // ical.js's own errors name the bad line; anything else is a crash on a shape it cannot read.
    const readable = error instanceof Error && !(error instanceof TypeError);
    throw new Error(readable ? error.message : 'unreadable calendar structure');
  }
  if (root.name !== 'vcalendar') throw new Error('no VCALENDAR');
  for (const component of root.getAllSubcomponents('vevent')) {
    const event = new ICAL.Event(component);
    if (!event.startDate) throw new Error('an event has no start (DTSTART)');
    if (event.isRecurring()) event.iterator().next();
  }
}

function occursAt({ event, start, end }: Schedule, time: number): boolean {
  if (!event.isRecurring()) return start <= time && time < Math.max(end, start + 1);
  if (time < start) return false;
  const iterator = event.iterator();
  for (let step = 0; step < MAX_STEPS; step++) {
    const next = iterator.next();
    if (!next) return false;
    const details = event.getOccurrenceDetails(next);
    const from = details.startDate.toJSDate().getTime();
    if (from > time) return false;
    const to = details.endDate.toJSDate().getTime();
    if (time < Math.max(to, from + 1)) return true;
  }
  return false;
}

function latestStartOf({ event, start }: Schedule, after: number, until: number): number | null {
  if (!event.isRecurring()) return start > after && start <= until ? start : null;
  if (start > until) return null;
  const iterator = event.iterator();
  let latest: number | null = null;
  for (let step = 0; step < MAX_STEPS; step++) {
    const next = iterator.next();
    if (!next) break;
    const from = event.getOccurrenceDetails(next).startDate.toJSDate().getTime();
    if (from > until) break;
    if (from > after) latest = from;
  }
  return latest;
}

function endedPeriodsOf(
  { event, start, end }: Schedule,
  after: number,
  until: number,
): [number, number][] {
  if (!event.isRecurring()) return end > after && end <= until ? [[start, end]] : [];
  if (start > until) return [];
  const iterator = event.iterator();
  const periods: [number, number][] = [];
  for (let step = 0; step < MAX_STEPS; step++) {
    const next = iterator.next();
    if (!next) break;
    const details = event.getOccurrenceDetails(next);
    const from = details.startDate.toJSDate().getTime();
    if (from > until) break;
    const to = details.endDate.toJSDate().getTime();
    if (to > after && to <= until) periods.push([from, to]);
  }
  return periods;
}
