import { distanceBetween, type LatLon } from './geometry';
import { toNumberAttribute } from './lookup';
import type { TrackPosition } from './types';

/**
 * The `distance` and `totalDistance` attributes (Traccar's DistanceHandler): `distance` is the
 * haversine distance from the previous position (or what the device reported), `totalDistance`
 * the running sum, both metres rounded to centimetres.
 */

export interface DistanceOptions {
  /**
   * Do not count movement to a fix the device itself marks invalid, and pin such a position to the
   * previous coordinates so the next valid fix is measured from a real location. Default true:
   * invalid fixes are where GPS jumps come from.
   */
  ignoreInvalid?: boolean;
  /** Traccar `coordinates.filter`: apply `minError`/`maxError`. Default false. */
  filter?: boolean;
  /** Metres; moves not larger than this are treated as jitter (0 = off). */
  minError?: number;
  /** Metres; jumps at least this large on an invalid fix are dropped (0 = off). */
  maxError?: number;
}

export type DistanceInput = LatLon & Pick<TrackPosition, 'valid' | 'outdated' | 'attributes'>;

export interface DistanceResult {
  distance: number;
  totalDistance: number;
  /** Coordinates to store: the previous ones when the fix was filtered out. */
  latitude: number;
  longitude: number;
  filtered: boolean;
}

const round2 = (value: number): number => Math.round(value * 100) / 100;

export function accumulateDistance(
  last: DistanceInput | null | undefined,
  current: DistanceInput,
  options: DistanceOptions = {},
): DistanceResult {
  const reported = toNumberAttribute(current.attributes.distance);
  const result: DistanceResult = {
    distance: reported ?? 0,
    totalDistance: 0,
    latitude: current.latitude,
    longitude: current.longitude,
    filtered: false,
  };
  if (!last) {
    result.totalDistance = round2(result.distance);
    return result;
  }

  const previousTotal = toNumberAttribute(last.attributes.totalDistance) ?? 0;
  if (reported === undefined) {
    result.distance = current.outdated ? 0 : round2(distanceBetween(last, current));
  }

  const pinToLast = () => {
    result.latitude = last.latitude;
    result.longitude = last.longitude;
    result.distance = 0;
    result.filtered = true;
  };

  if ((options.ignoreInvalid ?? true) && !current.valid && reported === undefined) {
    pinToLast();
  } else if (options.filter && last.valid && !(last.latitude === 0 && last.longitude === 0)) {
    const minError = options.minError ?? 0;
    const maxError = options.maxError ?? 0;
    const satisfiesMin = minError === 0 || result.distance > minError;
    const satisfiesMax = maxError === 0 || result.distance < maxError || current.valid;
    if (!satisfiesMin || !satisfiesMax) pinToLast();
  }

  result.totalDistance = round2(previousTotal + result.distance);
  return result;
}
