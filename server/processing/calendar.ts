import ICAL from 'ical.js';
import { DEFAULT_TIMEZONE, isValidTimezone, toWall } from '../../model/wallTime';

/**
 * A calendar's schedule (base64 iCalendar in `calendars.data`), evaluated with ical.js like
 * Traccar's `Calendar.checkMoment`: a moment is inside the calendar when it falls within an
 * occurrence of one of its VEVENTs (recurrence rules and exceptions included).
 *
 * Time zones, as ical4j reads them in Traccar: a `TZID` that names an IANA zone is that zone
 * (offsets from the runtime's time zone database), whether or not the calendar carries a
 * VTIMEZONE for it, so `DTSTART;TZID=Europe/Lisbon:…` means Lisbon on any server. Other TZIDs
 * (Outlook's "E. South America Standard Time", say) come from the calendar's own VTIMEZONE.
 * Floating times and all-day dates have no zone of their own: they are read in the calendar's
 * `X-WR-TIMEZONE`, else in the zone the caller gives (the server's `timezone` attribute), else
 * São Paulo's, never in whatever zone the server process happens to run in.
 */

/** Upper bound on occurrences walked per event and check, so a hostile rule cannot hang us. */
const MAX_STEPS = 100_000;

/** The UTC instant of a wall-clock time (as if UTC) in an IANA zone. */
function instantOfWall(wall: number, zone: string): number {
  let instant = wall - (toWall(wall, zone) - wall);
  // Twice settles on the offset in force at the answer, across a DST change.
  for (let i = 0; i < 2; i++) instant = wall - (toWall(instant, zone) - instant);
  return instant;
}

const wallOf = (time: InstanceType<typeof ICAL.Time>) =>
  Date.UTC(time.year, time.month - 1, time.day, time.hour, time.minute, time.second);

/** An IANA zone for ical.js, its offsets from `Intl` rather than from VTIMEZONE rules. */
class IanaTimezone extends ICAL.Timezone {
  constructor(private readonly iana: string) {
    super({ tzid: iana });
  }

  override utcOffset(time: InstanceType<typeof ICAL.Time>): number {
    const wall = wallOf(time);
    return (wall - instantOfWall(wall, this.iana)) / 1000;
  }
}

/** Every TZID parameter in the text (`DTSTART;TZID=Europe/Lisbon:…`, quoted or not). */
function tzidsOf(text: string): Set<string> {
  const ids = new Set<string>();
  for (const match of text.matchAll(/;TZID=(?:"([^"]*)"|([^;:]*))/gi)) {
    const id = (match[1] ?? match[2] ?? '').trim();
    if (id) ids.add(id);
  }
  return ids;
}

/**
 * Makes the calendar's zones known to ical.js (a process-wide registry): IANA names as
 * themselves, whatever VTIMEZONE says (so two calendars never disagree about one), others from
 * the calendar's VTIMEZONE.
 */
function registerZones(root: InstanceType<typeof ICAL.Component>, text: string): void {
  for (const id of tzidsOf(text)) {
    const known = ICAL.TimezoneService.get(id);
    if (!(known instanceof IanaTimezone) && isValidTimezone(id)) {
      ICAL.TimezoneService.register(new IanaTimezone(id), id);
    }
  }
  for (const zone of root.getAllSubcomponents('vtimezone')) {
    const id = zone.getFirstPropertyValue('tzid');
    if (typeof id === 'string' && !isValidTimezone(id)) ICAL.TimezoneService.register(zone);
  }
}

/** The zone floating times and dates are read in (see above). */
function floatingZoneOf(root: InstanceType<typeof ICAL.Component>, fallback?: string): string {
  const own = root.getFirstPropertyValue('x-wr-timezone');
  for (const zone of [own, fallback]) {
    if (typeof zone === 'string' && isValidTimezone(zone.trim())) return zone.trim();
  }
  return DEFAULT_TIMEZONE;
}

/** Epoch ms of an ical.js time: floating ones (and dates) in `floatingZone`. */
function instantOf(time: InstanceType<typeof ICAL.Time>, floatingZone: string): number {
  if (time.isDate || time.zone === ICAL.Timezone.localTimezone || !time.zone) {
    return instantOfWall(wallOf(time), floatingZone);
  }
  return time.toUnixTime() * 1000;
}

interface Schedule {
  event: InstanceType<typeof ICAL.Event>;
  /** Epoch ms bounds of a single, non-recurring event. */
  start: number;
  end: number;
  floatingZone: string;
}

export interface ScheduleOptions {
  /** IANA zone for floating times and all-day dates when the calendar names none. */
  floatingZone?: string;
}

export class CalendarSchedule {
  /** Answers by time: a burst of events (one position, many notifications) asks the same. */
  private readonly memo = new Map<number, boolean>();

  private constructor(private readonly schedules: Schedule[]) {}

  /** Null when the data is not a readable iCalendar (the calendar then matches nothing). */
  static fromBase64(data: string, options: ScheduleOptions = {}): CalendarSchedule | null {
    try {
      return CalendarSchedule.fromText(Buffer.from(data, 'base64').toString('utf8'), options);
    } catch {
      return null;
    }
  }

  static fromText(text: string, options: ScheduleOptions = {}): CalendarSchedule {
    const root = new ICAL.Component(ICAL.parse(text));
    registerZones(root, text);
    const floatingZone = floatingZoneOf(root, options.floatingZone);
    const schedules = root
      .getAllSubcomponents('vevent')
      // An overridden occurrence (RECURRENCE-ID) is walked through its master event.
      .filter((component) => !component.hasProperty('recurrence-id'))
      .map((component): Schedule => {
        const exceptions = root
          .getAllSubcomponents('vevent')
          .filter(
            (other) =>
              other.hasProperty('recurrence-id') &&
              other.getFirstPropertyValue('uid') === component.getFirstPropertyValue('uid'),
          )
          .map((other) => new ICAL.Event(other));
        const event = new ICAL.Event(component, { exceptions, strictExceptions: true });
        const start = instantOf(event.startDate, floatingZone);
        const end = event.endDate ? instantOf(event.endDate, floatingZone) : start;
        return { event, start, end, floatingZone };
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

function occursAt({ event, start, end, floatingZone }: Schedule, time: number): boolean {
  if (!event.isRecurring()) return start <= time && time < Math.max(end, start + 1);
  if (time < start) return false;
  const iterator = event.iterator();
  for (let step = 0; step < MAX_STEPS; step++) {
    const next = iterator.next();
    if (!next) return false;
    const details = event.getOccurrenceDetails(next);
    const from = instantOf(details.startDate, floatingZone);
    if (from > time) return false;
    const to = instantOf(details.endDate, floatingZone);
    if (time < Math.max(to, from + 1)) return true;
  }
  return false;
}

function latestStartOf(
  { event, start, floatingZone }: Schedule,
  after: number,
  until: number,
): number | null {
  if (!event.isRecurring()) return start > after && start <= until ? start : null;
  if (start > until) return null;
  const iterator = event.iterator();
  let latest: number | null = null;
  for (let step = 0; step < MAX_STEPS; step++) {
    const next = iterator.next();
    if (!next) break;
    const from = instantOf(event.getOccurrenceDetails(next).startDate, floatingZone);
    if (from > until) break;
    if (from > after) latest = from;
  }
  return latest;
}

function endedPeriodsOf(
  { event, start, end, floatingZone }: Schedule,
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
    const from = instantOf(details.startDate, floatingZone);
    if (from > until) break;
    const to = instantOf(details.endDate, floatingZone);
    if (to > after && to <= until) periods.push([from, to]);
  }
  return periods;
}
