/** Positions carry speed in knots: 1 knot = 1.852 km/h = 1.15078 mph. */
export type SpeedUnit = 'kn' | 'kmh' | 'mph';
export type DistanceUnit = 'km' | 'mi';

const KNOT_IN_KMH = 1.852;
const KNOT_IN_MPH = 1.15078;
/** 1 kn = 1852 m / 3600 s. */
const KNOT_IN_MPS = 1852 / 3600;

/** Speeds as devices and phones report them, to knots, the unit positions carry. */
export const knotsFromKmh = (kmh: number): number => kmh / KNOT_IN_KMH;
export const knotsFromMph = (mph: number): number => mph / KNOT_IN_MPH;
export const knotsFromMps = (mps: number): number => mps / KNOT_IN_MPS;
export const kmhFromKnots = (knots: number): number => knots * KNOT_IN_KMH;

const isSpeedUnit = (value: unknown): value is SpeedUnit =>
  value === 'kn' || value === 'kmh' || value === 'mph';

const isDistanceUnit = (value: unknown): value is DistanceUnit => value === 'km' || value === 'mi';

export const convertSpeed = (knots: number, unit: SpeedUnit): number => {
  if (unit === 'kmh') return knots * KNOT_IN_KMH;
  if (unit === 'mph') return knots * KNOT_IN_MPH;
  return knots;
};

/** The inverse of `convertSpeed`: a value typed in `unit` back to knots, as stored. */
export const speedToKnots = (value: number, unit: SpeedUnit): number => {
  if (unit === 'kmh') return value / KNOT_IN_KMH;
  if (unit === 'mph') return value / KNOT_IN_MPH;
  return value;
};

/** Metres to km (÷1000) or miles (×0.621371 per km). */
export const convertDistance = (metres: number, unit: DistanceUnit): number =>
  unit === 'mi' ? (metres / 1000) * 0.621371 : metres / 1000;

type WithAttributes = { attributes?: Record<string, unknown> } | null | undefined;

/** The user's unit attribute `key`, else the server's, else `fallback`. */
const unitOf =
  <T>(key: string, isUnit: (value: unknown) => value is T, fallback: T) =>
  (user: WithAttributes, server: WithAttributes): T => {
    const own = user?.attributes?.[key];
    if (isUnit(own)) return own;
    const shared = server?.attributes?.[key];
    return isUnit(shared) ? shared : fallback;
  };

/** The user's `attributes.speedUnit`, else the server's, else km/h. */
export const speedUnitOf = unitOf('speedUnit', isSpeedUnit, 'kmh');

/** The user's `attributes.distanceUnit`, else the server's, else km. */
export const distanceUnitOf = unitOf('distanceUnit', isDistanceUnit, 'km');
