import { decimateColumns, decimateRoute } from '../../../../src/reports/decimate';
import { routeColumns, routeTimes } from '../../../../src/reports/routeStore';
import type { Position } from '../../../../model/position';

describe('route decimation', () => {
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
});
