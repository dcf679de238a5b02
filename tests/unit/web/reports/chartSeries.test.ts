import { chartColumn, chartKeys, chartValue } from '../../../../src/reports/chartSeries';
import type { Position } from '../../../../model/position';

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
