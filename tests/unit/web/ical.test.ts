import ICAL from 'ical.js';
import {
  buildCalendar,
  buildRule,
  decodeData,
  emptySchedule,
  encodeData,
  parseCalendar,
  type Schedule,
} from '../../../src/resources/calendars/ical';

const weekly: Schedule = {
  start: '2025-03-03T08:00',
  end: '2025-03-03T18:00',
  frequency: 'weekly',
  interval: 1,
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

const options = { timeZone: 'America/Sao_Paulo', now: new Date('2025-01-01T12:00:00Z') };

describe('iCalendar builder and parser', () => {
  it('writes VEVENTs with local times and RRULEs', () => {
    const text = buildCalendar([weekly], options);
    expect(text.split('\r\n')).toEqual([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Frota//Calendar//EN',
      'BEGIN:VEVENT',
      'UID:frota-1',
      'DTSTAMP:20250101T120000Z',
      'DTSTART;TZID=America/Sao_Paulo:20250303T080000',
      'DTEND;TZID=America/Sao_Paulo:20250303T180000',
      'RRULE:FREQ=WEEKLY;BYDAY=MO,WE,FR;COUNT=10',
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ]);
    expect(buildRule(monthlyUntil)).toBe('RRULE:FREQ=MONTHLY;INTERVAL=2;UNTIL=20251231T235959');
    expect(buildRule(once)).toBeNull();
    expect(buildRule(daily)).toBe('RRULE:FREQ=DAILY');
  });

  it('round-trips every kind of schedule', () => {
    const schedules = [weekly, monthlyUntil, once, daily];
    const parsed = parseCalendar(buildCalendar(schedules, options));
    expect(parsed).toEqual([
      { ...weekly, weekdays: ['MO', 'WE', 'FR'] },
      monthlyUntil,
      once,
      daily,
    ]);
  });

  it('reads calendars written elsewhere (folded lines, UTC times, yearly)', () => {
    const text = [
      'BEGIN:VCALENDAR',
      'BEGIN:VEVENT',
      'DTSTART:20240101T100000Z',
      'DTEND:20240101T110000Z',
      'RRULE:FREQ=YEARLY;BY',
      ' DAY=1MO',
      'END:VEVENT',
      'END:VCALENDAR',
    ].join('\n');
    expect(parseCalendar(text)).toEqual([
      {
        start: '2024-01-01T10:00',
        end: '2024-01-01T11:00',
        frequency: 'yearly',
        interval: 1,
        weekdays: ['MO'],
        ending: { kind: 'never' },
      },
    ]);
  });

  it('is readable by ical.js (what the server evaluates calendars with)', () => {
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
