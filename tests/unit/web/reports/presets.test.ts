import { filenameFrom, reportUrl } from '../../../../src/dataProvider/reports';
import { chartColumn, chartKeys, chartValue } from '../../../../src/reports/chartSeries';
import {
  summaryColumns,
  tripColumns,
  type SummaryItem,
  type TripItem,
} from '../../../../src/reports/columns';
import { decimateColumns, decimateIndices, decimateRoute } from '../../../../src/reports/decimate';
import { routeColumns, routeTimes } from '../../../../src/reports/routeStore';
import { distanceUnitOf } from '../../../../src/i18n/units';
import {
  formatDistance,
  formatDuration,
  formatPlace,
  formatSpeed,
  type Units,
} from '../../../../src/reports/format';
import { presetRange, weekStartFor } from '../../../../src/reports/presets';
import { fromLocalInput, toLocalInput } from '../../../../src/common/localDateInput';
import type { Position } from '../../../../model/position';

const parts = (date: Date) => [
  date.getFullYear(),
  date.getMonth(),
  date.getDate(),
  date.getHours(),
  date.getMinutes(),
  date.getSeconds(),
  date.getMilliseconds(),
];

describe('report presets (local time zone)', () => {
  const now = new Date(2025, 2, 10, 15, 42, 7); // 10 March 2025, 15:42 local

  it('today runs from local midnight to the last millisecond of the day', () => {
    const { from, to } = presetRange('today', now);
    expect(parts(from)).toEqual([2025, 2, 10, 0, 0, 0, 0]);
    expect(parts(to)).toEqual([2025, 2, 10, 23, 59, 59, 999]);
  });

  it('yesterday is the whole previous day, also across a month boundary', () => {
    const { from, to } = presetRange('yesterday', new Date(2025, 2, 1, 0, 0, 0, 1));
    expect(parts(from)).toEqual([2025, 1, 28, 0, 0, 0, 0]);
    expect(parts(to)).toEqual([2025, 1, 28, 23, 59, 59, 999]);
  });

  it.each([
    ['last7', 6, [2025, 2, 4]],
    ['last30', 29, [2025, 1, 9]],
    ['last90', 89, [2024, 11, 11]],
  ] as const)('%s starts at midnight %i days ago and ends today', (preset, _, start) => {
    const { from, to } = presetRange(preset, now);
    expect(parts(from)).toEqual([...start, 0, 0, 0, 0]);
    expect(parts(to)).toEqual([2025, 2, 10, 23, 59, 59, 999]);
  });

  it('keeps whole local days over a daylight-saving change (calendar arithmetic)', () => {
    const { from } = presetRange('last7', new Date(2025, 9, 30, 12)); // spans late-October changes
    expect(from.getHours()).toBe(0);
    expect(from.getDate()).toBe(24);
  });

  it('takes whole days in the given zone, whatever zone the browser runs in', () => {
    // 24 Nov 2026, 20:27:04 in São Paulo (UTC-3, no daylight saving since 2019).
    const evening = new Date('2026-11-24T23:27:04Z');
    const today = presetRange('today', evening, 'America/Sao_Paulo');
    expect(today.from.toISOString()).toBe('2026-11-24T03:00:00.000Z');
    expect(today.to.toISOString()).toBe('2026-11-25T02:59:59.999Z');
    const tokyo = presetRange('yesterday', evening, 'Asia/Tokyo'); // already 25 Nov there
    expect(tokyo.from.toISOString()).toBe('2026-11-23T15:00:00.000Z');
    expect(tokyo.to.toISOString()).toBe('2026-11-24T14:59:59.999Z');
  });

  it('this week and month are calendar weeks and months; the week start follows the locale', () => {
    const tuesday = new Date('2026-11-24T15:00:00Z');
    const zone = 'America/Sao_Paulo';
    expect(presetRange('thisWeek', tuesday, zone, 0).from.toISOString()).toBe(
      '2026-11-22T03:00:00.000Z', // Sunday
    );
    expect(presetRange('thisWeek', tuesday, zone, weekStartFor('es-ES')).from.toISOString()).toBe(
      '2026-11-23T03:00:00.000Z', // Monday
    );
    const lastWeek = presetRange('lastWeek', tuesday, zone, 0);
    expect(lastWeek.from.toISOString()).toBe('2026-11-15T03:00:00.000Z');
    expect(lastWeek.to.toISOString()).toBe('2026-11-22T02:59:59.999Z');
    const lastMonth = presetRange('lastMonth', tuesday, zone);
    expect(lastMonth.from.toISOString()).toBe('2026-10-01T03:00:00.000Z');
    expect(lastMonth.to.toISOString()).toBe('2026-11-01T02:59:59.999Z');
    expect(presetRange('thisMonth', tuesday, zone).from.toISOString()).toBe(
      '2026-11-01T03:00:00.000Z',
    );
  });

  it('reads and writes datetime-local values as wall time in the given zone', () => {
    const instant = new Date('2026-11-24T23:27:00Z');
    expect(toLocalInput(instant, 'America/Sao_Paulo')).toBe('2026-11-24T20:27');
    expect(toLocalInput(instant, 'Asia/Tokyo')).toBe('2026-11-25T08:27');
    expect(fromLocalInput('2026-11-24T20:27', 'America/Sao_Paulo')?.toISOString()).toBe(
      instant.toISOString(),
    );
  });

  it('round-trips datetime-local values and rejects junk', () => {
    const date = new Date(2025, 0, 5, 7, 3);
    expect(toLocalInput(date)).toBe('2025-01-05T07:03');
    expect(fromLocalInput('2025-01-05T07:03')?.getTime()).toBe(date.getTime());
    expect(fromLocalInput('')).toBeNull();
    expect(fromLocalInput('yesterday')).toBeNull();
  });
});

describe('durations as h:mm', () => {
  it.each([
    [3_660_000, '1:01'],
    [0, '0:00'],
    [59_999, '0:00'],
    [60_000, '0:01'],
    [3_599_999, '0:59'],
    [25 * 3_600_000 + 5 * 60_000, '25:05'],
    [100 * 3_600_000, '100:00'],
    [-5, '0:00'],
    [Number.NaN, '0:00'],
    [null, '0:00'],
  ])('%s ms → %s', (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
  });
});

describe('units in report rows', () => {
  const kmh: Units = { speed: 'kmh', distance: 'km', locale: 'en-US', timeZone: 'UTC' };
  const mph: Units = { speed: 'mph', distance: 'mi', locale: 'en-US', timeZone: 'UTC' };
  const trip: TripItem = {
    deviceId: 1,
    deviceName: 'Truck <b>1</b>',
    distance: 12_345,
    averageSpeed: 20,
    maxSpeed: 50,
    spentFuel: 1.5,
    startOdometer: 1_000_000,
    endOdometer: 1_012_345,
    startTime: '2025-03-10T08:00:00Z',
    endTime: '2025-03-10T09:01:00Z',
    startPositionId: 1,
    endPositionId: 2,
    startLat: -23.55,
    startLon: -46.63,
    endLat: -23.6,
    endLon: -46.7,
    startAddress: null,
    endAddress: 'Av. Paulista, 1000',
    duration: 3_660_000,
    driverUniqueId: null,
    driverName: null,
  };
  const t = (key: string) => key;
  const cell = (units: Units, key: string) =>
    tripColumns(t, units)
      .find((column) => column.key === key)
      ?.value(trip);

  it('converts knots and metres to the user units', () => {
    expect(cell(kmh, 'averageSpeed')).toBe('37.0 km/h');
    expect(cell(mph, 'maxSpeed')).toBe('57.5 mph');
    expect(cell(kmh, 'distance')).toBe('12.35 km');
    expect(cell(mph, 'distance')).toBe('7.67 mi');
    expect(cell(kmh, 'endOdometer')).toBe('1,012.35 km');
    expect(formatSpeed(10, { ...kmh, speed: 'kn' })).toBe('10.0 kn');
    expect(formatDistance(1000, { ...kmh, locale: 'pt-BR' })).toBe('1,00 km');
  });

  it('shows the duration as h:mm, the address where known, else coordinates', () => {
    expect(cell(kmh, 'duration')).toBe('1:01');
    expect(cell(kmh, 'startAddress')).toBe('-23.55000, -46.63000');
    expect(cell(kmh, 'endAddress')).toBe('Av. Paulista, 1000');
    expect(cell(kmh, 'device')).toBe('Truck <b>1</b>');
    expect(formatPlace('  ', 1, 2)).toBe('1.00000, 2.00000');
  });

  it('summary engine hours keep their minutes', () => {
    const row = {
      ...trip,
      startHours: 0,
      endHours: 0,
      engineHours: 9_000_000,
    } as unknown as SummaryItem;
    const column = summaryColumns(t, kmh).find((item) => item.key === 'engineHours');
    expect(column?.value(row)).toBe('2:30');
  });

  it('takes the distance unit from the user, then the server, then km', () => {
    expect(
      distanceUnitOf(
        { attributes: { distanceUnit: 'mi' } },
        { attributes: { distanceUnit: 'km' } },
      ),
    ).toBe('mi');
    expect(distanceUnitOf({ attributes: {} }, { attributes: { distanceUnit: 'mi' } })).toBe('mi');
    expect(distanceUnitOf({ attributes: { distanceUnit: 'nmi' } }, null)).toBe('km');
  });
});

describe('route decimation', () => {
  it('keeps start and end and drops collinear points', () => {
    const line = Array.from({ length: 1000 }, (_, i) => [i * 0.001, i * 0.001] as [number, number]);
    expect(decimateIndices(line, 1e-6)).toEqual([0, 999]);
  });

  it('keeps the corners of the shape', () => {
    const square: [number, number][] = [];
    for (let i = 0; i <= 100; i++) square.push([0, i * 0.001]);
    for (let i = 1; i <= 100; i++) square.push([i * 0.001, 0.1]);
    for (let i = 1; i <= 100; i++) square.push([0.1, 0.1 - i * 0.001]);
    expect(decimateIndices(square, 1e-5)).toEqual([0, 100, 200, 300]);
  });

  it('reduces a 100,000-point wiggly route, stays close to it, and keeps the ends', () => {
    const route = Array.from(
      { length: 100_000 },
      (_, i) => [-23.5 + i * 1e-6 + Math.sin(i / 500) * 0.01, -46.6 + i * 1e-6] as [number, number],
    );
    const started = performance.now();
    const drawn = decimateRoute(route);
    expect(performance.now() - started).toBeLessThan(500);
    expect(drawn.length).toBeLessThan(10_000);
    expect(drawn.length).toBeGreaterThan(20);
    expect(drawn[0]).toEqual(route[0]);
    expect(drawn[drawn.length - 1]).toEqual(route[route.length - 1]);
    // every original point lies near the drawn line: check the sine's peaks survive
    const maxLat = Math.max(...drawn.map(([lat]) => lat - -23.5));
    expect(maxLat).toBeGreaterThan(0.0095);
  });

  it('decimates typed columns exactly as the [lat, lon] pairs, and caches the columns', () => {
    const positions = Array.from(
      { length: 20_000 },
      (_, i) =>
        ({
          latitude: -23.5 + Math.sin(i / 300) * 0.02,
          longitude: -46.6 + i * 2e-6,
          fixTime: new Date(Date.UTC(2026, 0, 1) + i * 30_000).toISOString(),
        }) as Position,
    );
    const columns = routeColumns(positions);
    expect(routeColumns(positions)).toBe(columns);
    expect(decimateColumns(columns)).toEqual(
      decimateRoute(positions.map((p) => [p.latitude, p.longitude] as [number, number])),
    );
    const short = positions.slice(0, 100);
    expect(decimateColumns(routeColumns(short))).toEqual(
      short.map((p) => [p.latitude, p.longitude]),
    );
    const times = routeTimes(positions);
    expect(routeTimes(positions)).toBe(times);
    expect(times[1] - times[0]).toBe(30_000);
    expect(times[19_999]).toBe(Date.parse(positions[19_999].fixTime));
  });

  it('leaves short routes untouched', () => {
    const route: [number, number][] = [
      [1, 2],
      [1, 2.0000001],
      [3, 4],
    ];
    expect(decimateRoute(route)).toEqual(route);
  });
});

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

describe('chart series', () => {
  const position = (speed: number, attributes: Record<string, unknown>) =>
    ({ speed, altitude: 700, course: 90, accuracy: 5, attributes }) as unknown as Position;

  it('reads attributes.* from the attributes map instead of plotting NaN', () => {
    const p = position(10, { fuel: 42, ignition: true, note: 'x' });
    expect(chartValue(p, 'attributes.fuel', 'kmh')).toBe(42);
    expect(chartValue(p, 'attributes.ignition', 'kmh')).toBe(1);
    expect(chartValue(p, 'attributes.note', 'kmh')).toBeNull();
    expect(chartValue(p, 'attributes.missing', 'kmh')).toBeNull();
    expect(chartValue(p, 'speed', 'kmh')).toBeCloseTo(18.52);
  });

  it('builds a whole series as chartValue per position, typed while there are no gaps', () => {
    const route = [
      position(10, { fuel: 42, ignition: true }),
      position(20, { fuel: 41, ignition: false }),
      position(30, { ignition: true }),
      position(40, { fuel: 39 }),
    ];
    for (const key of ['speed', 'altitude', 'attributes.fuel', 'attributes.ignition']) {
      expect(Array.from(chartColumn(route, key, 'kmh')), key).toEqual(
        route.map((p) => chartValue(p, key, 'kmh')),
      );
    }
    expect(chartColumn(route, 'speed', 'kmh')).toBeInstanceOf(Float64Array);
    expect(chartColumn(route, 'attributes.fuel', 'kmh')).toEqual([42, 41, null, 39]);
  });

  it('offers the numeric attributes seen in the route', () => {
    expect(chartKeys([position(1, { fuel: 1, note: 'x' }), position(2, { rpm: 900 })])).toEqual([
      'speed',
      'altitude',
      'course',
      'accuracy',
      'attributes.fuel',
      'attributes.rpm',
    ]);
  });
});
