import ICAL from 'ical.js';
import {
  buildCalendar,
  decodeData,
  editCalendar,
  emptySchedule,
  encodeData,
  parseCalendar,
  type Schedule,
} from '../../../../src/common/ical';

const weekly: Schedule = {
  ...emptySchedule('2025-03-03T08:00', '2025-03-03T18:00'),
  frequency: 'weekly',
  weekdays: ['FR', 'MO', 'WE'],
  ending: { kind: 'count', count: 10 },
};
const monthlyUntil: Schedule = {
  ...emptySchedule('2025-01-15T22:30', '2025-01-16T06:00'),
  frequency: 'monthly',
  interval: 2,
  ending: { kind: 'until', until: '2025-12-31' },
};
const once = emptySchedule('2025-05-01T00:00', '2025-05-02T00:00');
const daily: Schedule = {
  ...emptySchedule('2025-01-01T07:00', '2025-01-01T19:00'),
  frequency: 'daily',
};
const holiday: Schedule = { ...emptySchedule('2025-12-24', '2025-12-25'), allDay: true };

let uids = 0;
const options = {
  timeZone: 'America/Sao_Paulo',
  now: new Date('2025-01-01T12:00:00Z'),
  uid: () => `test-${++uids}@frota`,
};

/** The schedule fields alone, as the editor edits them. */
const editable = ({ start, end, allDay, frequency, interval, weekdays, ending }: Schedule) => ({
  start,
  end,
  allDay,
  frequency,
  interval,
  weekdays,
  ending,
});

/** A calendar as another program writes it: its own zone, rules, exceptions and extras. */
const ELSEWHERE = [
  'BEGIN:VCALENDAR',
  'PRODID:-//Google Inc//Google Calendar 70.9054//EN',
  'VERSION:2.0',
  'X-WR-CALNAME:Turnos',
  'BEGIN:VTIMEZONE',
  'TZID:Europe/Lisbon',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0000',
  'DTSTART:19701025T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
  'END:STANDARD',
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:+0000',
  'TZOFFSETTO:+0100',
  'DTSTART:19700329T010000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
  'END:DAYLIGHT',
  'END:VTIMEZONE',
  'BEGIN:VEVENT',
  'UID:shift@example.com',
  'DTSTAMP:20250101T000000Z',
  'DTSTART;TZID=Europe/Lisbon:20250303T080000',
  'DTEND;TZID=Europe/Lisbon:20250303T180000',
  'RRULE:FREQ=MONTHLY;BYMONTHDAY=3,15',
  'EXDATE;TZID=Europe/Lisbon:20250315T080000',
  'SUMMARY:Turno',
  'X-FROTA-TEST;X-KEEP=yes:untouched',
  'BEGIN:VALARM',
  'ACTION:DISPLAY',
  'TRIGGER:-PT10M',
  'END:VALARM',
  'END:VEVENT',
  'BEGIN:VEVENT',
  'UID:shift@example.com',
  'RECURRENCE-ID;TZID=Europe/Lisbon:20250403T080000',
  'DTSTAMP:20250101T000000Z',
  'DTSTART;TZID=Europe/Lisbon:20250403T100000',
  'DTEND;TZID=Europe/Lisbon:20250403T200000',
  'END:VEVENT',
  'BEGIN:VEVENT',
  'UID:holiday@example.com',
  'DTSTAMP:20250101T000000Z',
  'DTSTART;VALUE=DATE:20250421',
  'DTEND;VALUE=DATE:20250422',
  'SUMMARY:Tiradentes',
  'END:VEVENT',
  'BEGIN:VTODO',
  'UID:todo@example.com',
  'SUMMARY:Revisar frota',
  'END:VTODO',
  'END:VCALENDAR',
  '',
].join('\r\n');

/** The ical.js components of a text's VEVENTs, by UID and RECURRENCE-ID presence. */
const events = (text: string) => new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent');

const lines = (text: string) => text.replace(/\r\n[ \t]/g, '').split('\r\n');

/** The RRULE parts of each event, in any order (RFC 5545 does not order them). */
const rules = (text: string) =>
  lines(text)
    .filter((line) => line.startsWith('RRULE:'))
    .map((line) => line.slice('RRULE:'.length).split(';').sort());
const rule = (value: string) => value.split(';').sort();

describe('iCalendar editor model (ical.js)', () => {
  it('writes new events with the editor zone, the rules and all-day dates', () => {
    const text = buildCalendar([weekly, holiday], options);
    const all = lines(text);
    expect(all.slice(0, 3)).toEqual([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Frota//Calendar//EN',
    ]);
    expect(all).toContain('DTSTART;TZID=America/Sao_Paulo:20250303T080000');
    expect(all).toContain('DTEND;TZID=America/Sao_Paulo:20250303T180000');
    expect(rules(text)).toEqual([rule('FREQ=WEEKLY;BYDAY=MO,WE,FR;COUNT=10')]);
    expect(all).toContain('DTSTAMP:20250101T120000Z');
    // An all-day event stays one: dates, and the end is the day after the last one.
    expect(all).toContain('DTSTART;VALUE=DATE:20251224');
    expect(all).toContain('DTEND;VALUE=DATE:20251226');
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
  });

  it('round-trips every kind of schedule', () => {
    const schedules = [weekly, monthlyUntil, once, daily, holiday];
    const parsed = parseCalendar(buildCalendar(schedules, options)).map(editable);
    expect(parsed).toEqual([
      { ...weekly, weekdays: ['MO', 'WE', 'FR'] },
      monthlyUntil,
      once,
      daily,
      holiday,
    ]);
  });

  it('shows a calendar made elsewhere as it is: its zone, all-day events, what it keeps', () => {
    const [shift, day] = parseCalendar(ELSEWHERE);
    expect(shift).toMatchObject({
      index: 0,
      start: '2025-03-03T08:00',
      end: '2025-03-03T18:00',
      allDay: false,
      frequency: 'monthly',
      timeZone: 'Europe/Lisbon',
      kept: ['BYMONTHDAY=3,15', 'EXDATE'],
    });
    expect(day).toMatchObject({
      index: 1,
      start: '2025-04-21',
      end: '2025-04-21',
      allDay: true,
      frequency: 'none',
      timeZone: null,
    });
    // The overridden occurrence is part of its master, not a schedule of its own.
    expect(parseCalendar(ELSEWHERE)).toHaveLength(2);
  });

  it('saves a calendar opened and left as it was byte for byte', () => {
    expect(editCalendar(ELSEWHERE, parseCalendar(ELSEWHERE), options)).toBe(ELSEWHERE);
  });

  it('changes only what the user edited, keeping rules, exceptions, zones and extras', () => {
    const [shift, day] = parseCalendar(ELSEWHERE);
    const saved = editCalendar(ELSEWHERE, [{ ...shift, end: '2025-03-03T19:00' }, day], options);
    const all = lines(saved);
    expect(all).toContain('DTSTART;TZID=Europe/Lisbon:20250303T080000');
    expect(all).toContain('DTEND;TZID=Europe/Lisbon:20250303T190000');
    expect(rules(saved)).toContainEqual(rule('FREQ=MONTHLY;BYMONTHDAY=3,15'));
    expect(all).toContain('EXDATE;TZID=Europe/Lisbon:20250315T080000');
    expect(all).toContain('X-FROTA-TEST;X-KEEP=yes:untouched');
    expect(all).toContain('TRIGGER:-PT10M');
    expect(all).toContain('X-WR-CALNAME:Turnos');
    expect(all).toContain('RECURRENCE-ID;TZID=Europe/Lisbon:20250403T080000');
    expect(all).toContain('DTSTART;VALUE=DATE:20250421');
    expect(all).toContain('DTEND;VALUE=DATE:20250422');
    expect(all).toContain('SUMMARY:Revisar frota');
    expect(all.filter((line) => line === 'BEGIN:VTIMEZONE')).toHaveLength(1);
    expect(saved).not.toContain('America/Sao_Paulo');
    // Read back, nothing else moved.
    expect(parseCalendar(saved).map(editable)).toEqual([
      { ...editable(shift), end: '2025-03-03T19:00' },
      editable(day),
    ]);
  });

  it('keeps the rule parts it does not show while the repetition keeps its kind', () => {
    const [shift, day] = parseCalendar(ELSEWHERE);
    const everyOther = editCalendar(ELSEWHERE, [{ ...shift, interval: 2 }, day], options);
    expect(rules(everyOther)).toContainEqual(rule('FREQ=MONTHLY;BYMONTHDAY=3,15;INTERVAL=2'));
    // A different kind of repetition starts over: days of the month mean nothing weekly.
    const weeklyNow = editCalendar(
      ELSEWHERE,
      [{ ...shift, frequency: 'weekly', weekdays: ['TU'] }, day],
      options,
    );
    expect(rules(weeklyNow)).toContainEqual(rule('FREQ=WEEKLY;BYDAY=TU'));
    expect(weeklyNow).not.toContain('BYMONTHDAY');
  });

  it('removes an event with its overridden occurrences, and adds new ones beside', () => {
    const [shift, day] = parseCalendar(ELSEWHERE);
    const saved = editCalendar(ELSEWHERE, [day, weekly], options);
    expect(saved).not.toContain('shift@example.com');
    expect(saved).toContain('holiday@example.com');
    expect(saved).toContain('SUMMARY:Revisar frota');
    expect(lines(saved)).toContain('DTSTART;TZID=America/Sao_Paulo:20250303T080000');
    expect(events(saved)).toHaveLength(2);
    expect(shift.index).toBe(0);
  });

  it('turns a timed event into an all-day one and back', () => {
    const text = buildCalendar([daily], options);
    const [first] = parseCalendar(text);
    const allDay = editCalendar(
      text,
      [{ ...first, allDay: true, start: '2025-01-01', end: '2025-01-01' }],
      options,
    );
    expect(lines(allDay)).toContain('DTSTART;VALUE=DATE:20250101');
    expect(lines(allDay)).toContain('DTEND;VALUE=DATE:20250102');
    const [again] = parseCalendar(allDay);
    const timed = editCalendar(
      allDay,
      [{ ...again, allDay: false, start: '2025-01-01T06:00', end: '2025-01-01T07:00' }],
      options,
    );
    expect(lines(timed)).toContain('DTSTART;TZID=America/Sao_Paulo:20250101T060000');
    expect(lines(timed)).toContain('DTEND;TZID=America/Sao_Paulo:20250101T070000');
  });

  it('is what ical.js (the server) evaluates: the weekly days in order', () => {
    const root = new ICAL.Component(ICAL.parse(buildCalendar([weekly], options)));
    const event = new ICAL.Event(root.getFirstSubcomponent('vevent')!);
    expect(event.isRecurring()).toBe(true);
    const iterator = event.iterator();
    const days = Array.from({ length: 4 }, () => iterator.next()!.toString().slice(0, 10));
    expect(days).toEqual(['2025-03-03', '2025-03-05', '2025-03-07', '2025-03-10']);
  });

  it('base64-encodes UTF-8 text for Calendar.data', () => {
    const text = 'SUMMARY:Manutenção – São Paulo';
    expect(decodeData(encodeData(text))).toBe(text);
    expect(encodeData('BEGIN:VCALENDAR')).toBe(btoa('BEGIN:VCALENDAR'));
  });
});
