import { createRng, uniform } from './random';
import type { Road } from './roads';

/**
 * Where the simulated fleet drives. `road`: São Paulo's main roads (`roads.ts`), so vehicles
 * bunch along a few lines, as a real city fleet does. `uniform`: each vehicle gets a short street
 * of its own somewhere in a disc 50 km across around the city centre, so the fleet covers the
 * map evenly: the worst case for a map that draws (and animates) every vehicle in view.
 */
export type Spread = 'road' | 'uniform';

export const SPREADS: readonly Spread[] = ['road', 'uniform'];

/** The disc's centre (Praça da Sé) and radius. */
export const UNIFORM_CENTER = { latitude: -23.55, longitude: -46.63 } as const;
export const UNIFORM_RADIUS_M = 25_000;

const METRES_PER_DEGREE = 111_320;
const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/**
 * A street for one vehicle of the uniform spread: its middle uniformly placed in the disc (radius
 * drawn as R·√u, so density is even), 0.6 to 2 km long in a random direction with a slight bend
 * at each of its five vertices, an urban limit and stops every few hundred metres. Same seed,
 * same street.
 */
export function uniformRoad(seed: number): Road {
  const rng = createRng(seed);
  const r = UNIFORM_RADIUS_M * Math.sqrt(rng.next());
  const angle = uniform(rng, 0, 2 * Math.PI);
  const kx = Math.cos(toRadians(UNIFORM_CENTER.latitude));
  const metresToPoint = (east: number, north: number): [number, number] => [
    UNIFORM_CENTER.latitude + north / METRES_PER_DEGREE,
    UNIFORM_CENTER.longitude + east / (METRES_PER_DEGREE * kx),
  ];
  const length = uniform(rng, 600, 2_000);
  const segments = 4;
  let heading = uniform(rng, 0, 2 * Math.PI);
  // Start half a street back from the middle so the street is centred on the drawn point.
  let east = r * Math.cos(angle) - (Math.sin(heading) * length) / 2;
  let north = r * Math.sin(angle) - (Math.cos(heading) * length) / 2;
  const points: [number, number][] = [metresToPoint(east, north)];
  for (let i = 0; i < segments; i++) {
    east += (Math.sin(heading) * length) / segments;
    north += (Math.cos(heading) * length) / segments;
    points.push(metresToPoint(east, north));
    heading += uniform(rng, -0.35, 0.35);
  }
  return {
    name: 'street',
    speedLimitKmh: 40 + 10 * Math.floor(uniform(rng, 0, 3)),
    stopSpacingM: uniform(rng, 250, 600),
    altitude: 760,
    arterial: false,
    points,
  };
}
