import { decimateIndices, decimateRoute } from '../../../../src/reports/decimate';

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

  it('leaves short routes untouched', () => {
    const route: [number, number][] = [
      [1, 2],
      [1, 2.0000001],
      [3, 4],
    ];
    expect(decimateRoute(route)).toEqual(route);
  });
});
