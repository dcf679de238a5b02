import { canAccess, type ServerAccessInfo } from '../../../../src/authProvider/canAccess';
import { encodePerms } from '../../../../model/advancedPerms';
import { reportUrl } from '../../../../src/dataProvider/reports';
import { decodeData } from '../../../../src/common/ical';
import { simpleCalendarData } from '../../../../src/reports/scheduleCalendar';

/** The mailed and geofence report URLs, the schedule dialog's calendars and who may schedule. */

const range = {
  deviceIds: [7],
  groupIds: [2],
  from: new Date('2025-03-10T03:00:00Z'),
  to: new Date('2025-03-11T03:00:00Z'),
};

describe('report URLs', () => {
  it('asks for the mailed spreadsheet at …/mail with the same parameters', () => {
    expect(reportUrl('summary', { ...range, daily: true }, 'mail')).toBe(
      '/api/reports/summary/mail?deviceId=7&groupId=2&from=2025-03-10T03%3A00%3A00.000Z&to=2025-03-11T03%3A00%3A00.000Z&daily=true',
    );
  });

  it('repeats geofenceId for the geofence report', () => {
    const url = reportUrl('geofences', { ...range, geofenceIds: [4, 5] });
    expect(url.startsWith('/api/reports/geofences?')).toBe(true);
    expect(new URLSearchParams(url.split('?')[1]).getAll('geofenceId')).toEqual(['4', '5']);
  });
});

describe('simple schedule calendars', () => {
  const now = new Date('2025-03-12T15:30:00Z'); // a Wednesday, 12:30 in São Paulo
  const text = (period: 'daily' | 'weekly' | 'monthly', weekStart: 0 | 1 = 0) =>
    decodeData(simpleCalendarData(period, 'America/Sao_Paulo', weekStart, now));

  it('covers today, midnight to midnight, every day', () => {
    const ical = text('daily');
    expect(ical).toContain('DTSTART;TZID=America/Sao_Paulo:20250312T000000');
    expect(ical).toContain('DTEND;TZID=America/Sao_Paulo:20250313T000000');
    expect(ical).toContain('RRULE:FREQ=DAILY');
  });

  it('covers the current week from its first day, every week', () => {
    expect(text('weekly')).toContain('DTSTART;TZID=America/Sao_Paulo:20250309T000000');
    expect(text('weekly')).toContain('DTEND;TZID=America/Sao_Paulo:20250316T000000');
    expect(text('weekly', 1)).toContain('DTSTART;TZID=America/Sao_Paulo:20250310T000000');
    expect(text('weekly')).toContain('RRULE:FREQ=WEEKLY');
  });

  it('covers the current month, every month', () => {
    const ical = text('monthly');
    expect(ical).toContain('DTSTART;TZID=America/Sao_Paulo:20250301T000000');
    expect(ical).toContain('DTEND;TZID=America/Sao_Paulo:20250401T000000');
    expect(ical).toContain('RRULE:FREQ=MONTHLY');
  });
});

describe('who may schedule reports', () => {
  const base = {
    id: 7,
    administrator: false,
    readonly: false,
    deviceReadonly: false,
    limitCommands: false,
    userLimit: 0,
    disableReports: false,
    attributes: {},
  };
  const info: ServerAccessInfo = {
    server: { readonly: false, deviceReadonly: false, limitCommands: false, attributes: {} },
    isPlus: false,
    deviceLimit: null,
  };
  const can = (patch: Record<string, unknown>, action: string, where = info) =>
    canAccess({ ...base, ...patch }, where, { action, resource: 'scheduled-reports' });

  it('follows the reports area: disableReports hides it, readonly only reads it', () => {
    expect(can({}, 'create')).toBe(true);
    expect(can({}, 'list')).toBe(true);
    expect(can({ disableReports: true }, 'list')).toBe(false);
    expect(can({ readonly: true }, 'list')).toBe(true);
    expect(can({ readonly: true }, 'create')).toBe(false);
  });

  it('needs the reports bit under advanced permissions', () => {
    const plus: ServerAccessInfo = {
      ...info,
      isPlus: true,
      server: { ...info.server, attributes: { 'tarkan.enableAdvancedPerms': true } },
    };
    const perms = (bits: Parameters<typeof encodePerms>[0]) => ({
      attributes: { 'tarkan.advancedPerms': encodePerms(bits) },
    });
    expect(can(perms(['devices']), 'list', plus)).toBe(false);
    expect(can(perms(['reports']), 'create', plus)).toBe(true);
  });
});
