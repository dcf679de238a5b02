import { describe, expect, it } from 'vitest';
import { CalendarSchedule } from '../../../../server/processing/calendar';

const calendar = (...body: string[]) =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Frota//test//EN',
    ...body,
    'END:VCALENDAR',
    '',
  ].join('\r\n');

const active = (schedule: CalendarSchedule, iso: string) => schedule.isActive(Date.parse(iso));

describe('calendar time zones and rules (server evaluation)', () => {
  it('reads a TZID without VTIMEZONE as that IANA zone, as the web editor writes them', () => {
    const schedule = CalendarSchedule.fromText(
      calendar(
        'BEGIN:VEVENT',
        'UID:tokyo@frota.test',
        'DTSTART;TZID=Asia/Tokyo:20250303T080000',
        'DTEND;TZID=Asia/Tokyo:20250303T090000',
        'END:VEVENT',
        'BEGIN:VEVENT',
        'UID:sp@frota.test',
        'DTSTART;TZID=America/Sao_Paulo:20250303T080000',
        'DTEND;TZID=America/Sao_Paulo:20250303T090000',
        'END:VEVENT',
      ),
    );
    // 08:00 in Tokyo is 23:00 UTC the day before; 08:00 in São Paulo is 11:00 UTC.
    expect(active(schedule, '2025-03-02T23:30:00Z')).toBe(true);
    expect(active(schedule, '2025-03-03T11:30:00Z')).toBe(true);
    expect(active(schedule, '2025-03-03T08:30:00Z')).toBe(false);
  });

  it('follows a zone’s daylight saving time through a recurrence', () => {
    const schedule = CalendarSchedule.fromText(
      calendar(
        'BEGIN:VEVENT',
        'UID:lisbon@frota.test',
        'DTSTART;TZID=Europe/Lisbon:20250303T080000',
        'DTEND;TZID=Europe/Lisbon:20250303T180000',
        'RRULE:FREQ=MONTHLY;BYMONTHDAY=3,15',
        'EXDATE;TZID=Europe/Lisbon:20250315T080000',
        'END:VEVENT',
      ),
    );
    expect(active(schedule, '2025-03-03T08:30:00Z')).toBe(true); // winter: UTC+0
    expect(active(schedule, '2025-03-15T10:00:00Z')).toBe(false); // the exception date
    expect(active(schedule, '2025-03-16T10:00:00Z')).toBe(false); // not a day of the rule
    expect(active(schedule, '2025-04-15T07:30:00Z')).toBe(true); // summer: 08:00 is 07:00 UTC
    expect(active(schedule, '2025-04-15T17:30:00Z')).toBe(false);
  });

  it('reads all-day dates in the calendar’s zone, else the server’s', () => {
    const day = [
      'BEGIN:VEVENT',
      'UID:day@frota.test',
      'DTSTART;VALUE=DATE:20250421',
      'DTEND;VALUE=DATE:20250422',
      'END:VEVENT',
    ];
    const server = CalendarSchedule.fromText(calendar(...day), {
      floatingZone: 'America/Sao_Paulo',
    });
    expect(active(server, '2025-04-21T02:59:00Z')).toBe(false);
    expect(active(server, '2025-04-21T03:00:00Z')).toBe(true);
    expect(active(server, '2025-04-22T02:59:00Z')).toBe(true);
    expect(active(server, '2025-04-22T03:00:00Z')).toBe(false);
    const own = CalendarSchedule.fromText(calendar('X-WR-TIMEZONE:Asia/Tokyo', ...day), {
      floatingZone: 'America/Sao_Paulo',
    });
    expect(active(own, '2025-04-20T15:00:00Z')).toBe(true); // midnight in Tokyo
    expect(active(own, '2025-04-21T15:00:00Z')).toBe(false);
  });

  it('moves an overridden occurrence instead of counting it as a schedule of its own', () => {
    const schedule = CalendarSchedule.fromText(
      calendar(
        'BEGIN:VEVENT',
        'UID:shift@frota.test',
        'DTSTART:20250303T080000Z',
        'DTEND:20250303T090000Z',
        'RRULE:FREQ=DAILY;COUNT=5',
        'END:VEVENT',
        'BEGIN:VEVENT',
        'UID:shift@frota.test',
        'RECURRENCE-ID:20250304T080000Z',
        'DTSTART:20250304T120000Z',
        'DTEND:20250304T130000Z',
        'END:VEVENT',
      ),
    );
    expect(active(schedule, '2025-03-04T08:30:00Z')).toBe(false);
    expect(active(schedule, '2025-03-04T12:30:00Z')).toBe(true);
    expect(active(schedule, '2025-03-05T08:30:00Z')).toBe(true);
  });
});
