import { filenameFrom, reportUrl } from '../../../../src/dataProvider/reports';

describe('report requests', () => {
  it('repeats deviceId and groupId and sends ISO bounds', () => {
    const url = reportUrl('summary', {
      deviceIds: [1, 2],
      groupIds: [3],
      from: new Date('2025-03-10T03:00:00Z'),
      to: new Date('2025-03-11T02:59:59.999Z'),
      daily: true,
    });
    expect(url).toBe(
      '/api/reports/summary?deviceId=1&deviceId=2&groupId=3&from=2025-03-10T03%3A00%3A00.000Z&to=2025-03-11T02%3A59%3A59.999Z&daily=true',
    );
  });

  it('filters the events report by type, every type when none is chosen', () => {
    const range = { deviceIds: [7], groupIds: [], from: new Date(0), to: new Date(1000) };
    expect(reportUrl('events', range)).toContain('&type=allEvents');
    const chosen = reportUrl('events', { ...range, eventTypes: ['alarm', 'geofenceEnter'] });
    expect(new URLSearchParams(chosen.split('?')[1]).getAll('type')).toEqual([
      'alarm',
      'geofenceEnter',
    ]);
    expect(reportUrl('trips', { ...range, eventTypes: ['alarm'] })).not.toContain('type=');
  });

  it('reads the file name from Content-Disposition', () => {
    expect(filenameFrom('attachment; filename="trips.xlsx"', 'x.xlsx')).toBe('trips.xlsx');
    expect(filenameFrom("attachment; filename*=UTF-8''relat%C3%B3rio.xlsx", 'x.xlsx')).toBe(
      'relatório.xlsx',
    );
    expect(filenameFrom('attachment; filename=route.xlsx', 'x.xlsx')).toBe('route.xlsx');
    expect(filenameFrom(null, 'x.xlsx')).toBe('x.xlsx');
  });
});
