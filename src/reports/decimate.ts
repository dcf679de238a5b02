/**
 * Ramer–Douglas–Peucker over [lat, lon] points (iterative, so 100,000 points cannot overflow the
 * stack). Longitudes are scaled by cos(latitude) so the tolerance is the same in both directions.
 * Returns the indices kept, always including the first and the last.
 */
export const decimateIndices = (
  points: readonly (readonly [number, number])[],
  tolerance: number,
): number[] => {
  const n = points.length;
  if (n <= 2) return points.map((_, index) => index);
  const keep = new Uint8Array(n);
  keep[0] = 1;
  keep[n - 1] = 1;
  const scale = Math.cos((points[0][0] * Math.PI) / 180) || 1;
  const toleranceSq = tolerance * tolerance;
  const stack: number[] = [0, n - 1];
  while (stack.length) {
    const last = stack.pop() as number;
    const first = stack.pop() as number;
    const ay = points[first][0];
    const ax = points[first][1] * scale;
    const dy = points[last][0] - ay;
    const dx = points[last][1] * scale - ax;
    const lengthSq = dx * dx + dy * dy;
    let worst = -1;
    let worstSq = toleranceSq;
    for (let i = first + 1; i < last; i++) {
      const py = points[i][0] - ay;
      const px = points[i][1] * scale - ax;
      let distSq: number;
      if (lengthSq === 0) {
        distSq = px * px + py * py;
      } else {
        const t = Math.max(0, Math.min(1, (px * dx + py * dy) / lengthSq));
        const ex = px - t * dx;
        const ey = py - t * dy;
        distSq = ex * ex + ey * ey;
      }
      if (distSq > worstSq) {
        worstSq = distSq;
        worst = i;
      }
    }
    if (worst > 0) {
      keep[worst] = 1;
      if (worst - first > 1) stack.push(first, worst);
      if (last - worst > 1) stack.push(worst, last);
    }
  }
  const result: number[] = [];
  for (let i = 0; i < n; i++) if (keep[i]) result.push(i);
  return result;
};

/**
 * The route to draw: routes up to `threshold` points as they are; longer ones decimated with a
 * tolerance of a fraction of their extent (≈ under a pixel at the zoom that fits the route).
 */
export const decimateRoute = (
  points: readonly (readonly [number, number])[],
  threshold = 5_000,
  fraction = 1 / 20_000,
): [number, number][] => {
  if (points.length <= threshold) return points.map(([lat, lon]) => [lat, lon]);
  let minLat = Infinity;
  let maxLat = -Infinity;
  let minLon = Infinity;
  let maxLon = -Infinity;
  for (const [lat, lon] of points) {
    if (lat < minLat) minLat = lat;
    if (lat > maxLat) maxLat = lat;
    if (lon < minLon) minLon = lon;
    if (lon > maxLon) maxLon = lon;
  }
  const extent = Math.hypot(maxLat - minLat, maxLon - minLon);
  return decimateIndices(points, extent * fraction).map((index) => [
    points[index][0],
    points[index][1],
  ]);
};
