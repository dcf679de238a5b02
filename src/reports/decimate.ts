/** Latitudes and longitudes as parallel columns (typed arrays or plain arrays). */
interface LatLonColumns {
  lat: ArrayLike<number>;
  lon: ArrayLike<number>;
}

const toColumns = (points: readonly (readonly [number, number])[]): LatLonColumns => {
  const lat = new Float64Array(points.length);
  const lon = new Float64Array(points.length);
  for (let i = 0; i < points.length; i++) {
    lat[i] = points[i][0];
    lon[i] = points[i][1];
  }
  return { lat, lon };
};

/**
 * Ramer–Douglas–Peucker over latitude/longitude columns (iterative, so 100,000 points cannot
 * overflow the stack). Longitudes are scaled by cos(latitude) so the tolerance is the same in
 * both directions. Returns the indices kept, always including the first and the last.
 */
const decimateColumnIndices = ({ lat, lon }: LatLonColumns, tolerance: number): number[] => {
  const n = lat.length;
  if (n <= 2) return Array.from({ length: n }, (_, index) => index);
  const keep = new Uint8Array(n);
  keep[0] = 1;
  keep[n - 1] = 1;
  const scale = Math.cos((lat[0] * Math.PI) / 180) || 1;
  const toleranceSq = tolerance * tolerance;
  const stack: number[] = [0, n - 1];
  while (stack.length) {
    const last = stack.pop() as number;
    const first = stack.pop() as number;
    const ay = lat[first];
    const ax = lon[first] * scale;
    const dy = lat[last] - ay;
    const dx = lon[last] * scale - ax;
    const lengthSq = dx * dx + dy * dy;
    let worst = -1;
    let worstSq = toleranceSq;
    for (let i = first + 1; i < last; i++) {
      const py = lat[i] - ay;
      const px = lon[i] * scale - ax;
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

/** `decimateColumnIndices` over [lat, lon] pairs. */
export const decimateIndices = (
  points: readonly (readonly [number, number])[],
  tolerance: number,
): number[] =>
  points.length <= 2
    ? points.map((_, index) => index)
    : decimateColumnIndices(toColumns(points), tolerance);

/**
 * The route to draw from its columns: routes up to `threshold` points as they are; longer ones
 * decimated with a tolerance of a fraction of their extent (≈ under a pixel at the zoom that
 * fits the route). Reads the columns in place: no per-point copy of the whole route.
 */
export const decimateColumns = (
  columns: LatLonColumns,
  threshold = 5_000,
  fraction = 1 / 20_000,
): [number, number][] => {
  const { lat, lon } = columns;
  const n = lat.length;
  if (n <= threshold) {
    const all = new Array<[number, number]>(n);
    for (let i = 0; i < n; i++) all[i] = [lat[i], lon[i]];
    return all;
  }
  let minLat = Infinity;
  let maxLat = -Infinity;
  let minLon = Infinity;
  let maxLon = -Infinity;
  for (let i = 0; i < n; i++) {
    const y = lat[i];
    const x = lon[i];
    if (y < minLat) minLat = y;
    if (y > maxLat) maxLat = y;
    if (x < minLon) minLon = x;
    if (x > maxLon) maxLon = x;
  }
  const extent = Math.hypot(maxLat - minLat, maxLon - minLon);
  return decimateColumnIndices(columns, extent * fraction).map((index) => [lat[index], lon[index]]);
};

/** `decimateColumns` over [lat, lon] pairs. */
export const decimateRoute = (
  points: readonly (readonly [number, number])[],
  threshold = 5_000,
  fraction = 1 / 20_000,
): [number, number][] => decimateColumns(toColumns(points), threshold, fraction);
