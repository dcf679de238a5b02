import {
  summaryColumns,
  tripColumns,
  type SummaryItem,
  type TripItem,
} from '../../../../src/reports/columns';
import {
  formatDistance,
  formatPlace,
  formatSpeed,
  type Units,
} from '../../../../src/reports/format';

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
});
