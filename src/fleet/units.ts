/** Spec §9: 1 knot = 1.852 km/h = 1.15078 mph. Positions carry speed in knots. */
export type SpeedUnit = 'kn' | 'kmh' | 'mph';

export const KNOT_IN_KMH = 1.852;
export const KNOT_IN_MPH = 1.15078;

export const isSpeedUnit = (value: unknown): value is SpeedUnit =>
  value === 'kn' || value === 'kmh' || value === 'mph';

export const convertSpeed = (knots: number, unit: SpeedUnit): number => {
  if (unit === 'kmh') return knots * KNOT_IN_KMH;
  if (unit === 'mph') return knots * KNOT_IN_MPH;
  return knots;
};

/** The user's `attributes.speedUnit`, else the server's, else km/h. */
export const speedUnitOf = (
  user: { attributes?: Record<string, unknown> } | null | undefined,
  server: { attributes?: Record<string, unknown> } | null | undefined,
): SpeedUnit => {
  const own = user?.attributes?.speedUnit;
  if (isSpeedUnit(own)) return own;
  const shared = server?.attributes?.speedUnit;
  return isSpeedUnit(shared) ? shared : 'kmh';
};

/** Metres to km (÷1000) or miles (×0.621371 per km). */
export const convertDistance = (metres: number, unit: 'km' | 'mi'): number =>
  unit === 'mi' ? (metres / 1000) * 0.621371 : metres / 1000;
