import { describe, expect, it } from 'vitest';
import { CalendarSchedule } from '../../../../server/processing/calendar';
import { enabledNotificators } from '../../../../server/notifications/catalog';
import {
  matchNotifications,
  NOTIFY_TIME_THRESHOLD_MS,
  type MatchableNotification,
  type MatchInput,
  type NotificationLinks,
} from '../../../../server/notifications/matcher';

const WORK_HOURS = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//Frota//test//EN',
  'BEGIN:VEVENT',
  'UID:work@frota.test',
  'DTSTART:20260105T080000Z',
  'DTEND:20260105T180000Z',
  'RRULE:FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR',
  'EXDATE:20260114T080000Z',
  'END:VEVENT',
  'BEGIN:VEVENT',
  'UID:once@frota.test',
  'DTSTART:20260110T120000Z',
  'DTEND:20260110T130000Z',
  'END:VEVENT',
  'END:VCALENDAR',
].join('\r\n');

const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const at = (iso: string) => Date.parse(iso);

describe('CalendarSchedule', () => {
  const calendar = CalendarSchedule.fromBase64(base64(WORK_HOURS))!;

  it('is active inside a recurring occurrence and not outside it', () => {
    expect(calendar.isActive(at('2026-01-12T10:00:00Z'))).toBe(true); // Monday
    expect(calendar.isActive(at('2026-03-06T17:59:00Z'))).toBe(true); // a Friday, weeks later
    expect(calendar.isActive(at('2026-01-12T18:00:00Z'))).toBe(false); // end is exclusive
    expect(calendar.isActive(at('2026-01-12T07:59:59Z'))).toBe(false);
    expect(calendar.isActive(at('2026-01-11T10:00:00Z'))).toBe(false); // Sunday
    expect(calendar.isActive(at('2026-01-01T10:00:00Z'))).toBe(false); // before DTSTART
  });

  it('honours exception dates and single events', () => {
    expect(calendar.isActive(at('2026-01-14T10:00:00Z'))).toBe(false); // EXDATE Wednesday
    expect(calendar.isActive(at('2026-01-15T10:00:00Z'))).toBe(true);
    expect(calendar.isActive(at('2026-01-10T12:30:00Z'))).toBe(true); // the one-off Saturday slot
    expect(calendar.isActive(at('2026-01-17T12:30:00Z'))).toBe(false);
  });

  it('reads unreadable data as no calendar', () => {
    expect(CalendarSchedule.fromBase64(base64('not a calendar'))).toBeNull();
  });
});

function links(pairs: {
  device?: [number, number][];
  group?: [number, number][];
  user?: [number, number][];
}): NotificationLinks {
  const of = (list: [number, number][] = [], owner: number) =>
    new Set(list.filter(([o]) => o === owner).map(([, n]) => n));
  return {
    of: (kind, _property, ownerId) => of(pairs[kind], ownerId),
    owners: (_kind, _property, notificationId) =>
      new Set((pairs.user ?? []).filter(([, n]) => n === notificationId).map(([u]) => u)),
  };
}

const notification = (
  id: number,
  type: string,
  extra: Partial<MatchableNotification> = {},
): MatchableNotification => ({
  id,
  type,
  always: false,
  notificators: ['web'],
  calendarId: 0,
  attributes: {},
  ...extra,
});

const NOW = at('2026-01-12T10:00:00Z');

function match(overrides: Partial<MatchInput>) {
  const input: MatchInput = {
    event: { type: 'geofenceEnter', eventTime: NOW, deviceId: 1, geofenceId: 4, attributes: {} },
    now: NOW,
    groupChain: [],
    audience: [10, 11],
    notifications: new Map(),
    links: links({}),
    calendarActive: () => true,
    ...overrides,
  };
  return matchNotifications(input).map((d) => [d.notification.id, d.userIds]);
}

describe('matchNotifications', () => {
  it('takes notifications linked to the device or its groups, sent to linked users who see it', () => {
    const notifications = new Map([
      [1, notification(1, 'geofenceEnter')],
      [2, notification(2, 'geofenceEnter')],
      [3, notification(3, 'geofenceExit')],
      [4, notification(4, 'geofenceEnter')],
    ]);
    const result = match({
      groupChain: [20, 21],
      notifications,
      links: links({
        device: [
          [1, 1],
          [1, 3],
        ],
        group: [[21, 2]],
        // User 12 is linked to notification 1 but does not see the device.
        user: [
          [10, 1],
          [12, 1],
          [11, 2],
          [10, 3],
          [10, 4],
        ],
      }),
    });
    // 3 is another type; 4 is linked to nothing that applies (and not `always`).
    expect(result).toEqual([
      [1, [10]],
      [2, [11]],
    ]);
  });

  it('adds `always` notifications of users who see the device', () => {
    const notifications = new Map([
      [5, notification(5, 'geofenceEnter', { always: true })],
      [6, notification(6, 'geofenceEnter', { always: true })],
    ]);
    const result = match({
      notifications,
      // Notification 6 belongs to user 30, who cannot see the device.
      links: links({
        user: [
          [11, 5],
          [30, 6],
        ],
      }),
    });
    expect(result).toEqual([[5, [11]]]);
  });

  it('filters alarms by the `alarms` attribute (none matches nothing) and by geofenceIds', () => {
    const notifications = new Map([
      [1, notification(1, 'alarm', { attributes: { alarms: 'sos,door' } })],
      [2, notification(2, 'alarm')],
      [3, notification(3, 'geofenceEnter', { attributes: { geofenceIds: '4,9' } })],
      [4, notification(4, 'geofenceEnter', { attributes: { geofenceIds: [8] } })],
    ]);
    const common = {
      notifications,
      links: links({
        device: [
          [1, 1],
          [1, 2],
          [1, 3],
          [1, 4],
        ],
        user: [
          [10, 1],
          [10, 2],
          [10, 3],
          [10, 4],
        ],
      }),
    };
    const alarm = (key: string) => ({
      type: 'alarm' as const,
      eventTime: NOW,
      deviceId: 1,
      geofenceId: 0,
      attributes: { alarm: key },
    });
    expect(match({ ...common, event: alarm('sos') })).toEqual([[1, [10]]]);
    expect(match({ ...common, event: alarm('lowBattery') })).toEqual([]);
    expect(match(common)).toEqual([[3, [10]]]);
  });

  it('drops events outside the calendar and events older than 15 minutes', () => {
    const calendar = CalendarSchedule.fromBase64(base64(WORK_HOURS))!;
    const notifications = new Map([[1, notification(1, 'geofenceEnter', { calendarId: 7 })]]);
    const common = {
      notifications,
      links: links({ device: [[1, 1]], user: [[10, 1]] }),
      calendarActive: (id: number, time: number) => id === 7 && calendar.isActive(time),
    };
    const event = (iso: string) => ({
      type: 'geofenceEnter' as const,
      eventTime: at(iso),
      deviceId: 1,
      geofenceId: 4,
      attributes: {},
    });
    expect(match({ ...common, event: event('2026-01-12T10:00:00Z') })).toEqual([[1, [10]]]);
    const sunday = at('2026-01-11T10:00:00Z');
    expect(match({ ...common, now: sunday, event: event('2026-01-11T10:00:00Z') })).toEqual([]);
    expect(
      match({
        ...common,
        now: NOW + NOTIFY_TIME_THRESHOLD_MS + 1,
        event: event('2026-01-12T10:00:00Z'),
      }),
    ).toEqual([]);
  });
});

describe('notificators', () => {
  it('offers mail only when SMTP is configured', () => {
    expect(enabledNotificators(false)).toEqual(['web', 'command']);
    expect(enabledNotificators(true)).toEqual(['web', 'mail', 'command']);
  });
});
