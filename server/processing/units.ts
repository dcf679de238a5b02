/** Unit conversions. Traccar stores speed in knots and distance in metres. */

const KNOT_IN_KMH = 1.852;
const KNOT_IN_MPH = 1.15078;
/** 1 kn = 1852 m / 3600 s. */
const KNOT_IN_MPS = 1852 / 3600;

export const knotsFromKmh = (kmh: number): number => kmh / KNOT_IN_KMH;
export const knotsFromMph = (mph: number): number => mph / KNOT_IN_MPH;
export const knotsFromMps = (mps: number): number => mps / KNOT_IN_MPS;
export const kmhFromKnots = (knots: number): number => knots * KNOT_IN_KMH;
