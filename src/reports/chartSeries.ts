import { convertSpeed, type SpeedUnit } from '../i18n/units';
import type { Position } from '../../model/position';

/** Position fields that can be charted; attributes are offered as `attributes.<key>`. */
const BASE_KEYS = ['speed', 'altitude', 'course', 'accuracy'] as const;

/** Numeric keys present in the route: the base fields, then attributes seen in a sample. */
export const chartKeys = (positions: readonly Position[], sample = 2_000): string[] => {
  const attributes = new Set<string>();
  const step = Math.max(1, Math.floor(positions.length / sample));
  for (let i = 0; i < positions.length; i += step) {
    const values = positions[i].attributes ?? {};
    Object.entries(values).forEach(([key, value]) => {
      if (typeof value === 'number' && Number.isFinite(value)) attributes.add(key);
    });
  }
  return [...BASE_KEYS, ...[...attributes].sort().map((key) => `attributes.${key}`)];
};

/** A reader of one chart key, resolved once for a whole series. */
const chartReader = (
  key: string,
  speedUnit: SpeedUnit,
): ((position: Position) => number | null) => {
  if (key.startsWith('attributes.')) {
    const name = key.slice('attributes.'.length);
    return (position) => {
      const value = position.attributes?.[name];
      if (typeof value === 'number' && Number.isFinite(value)) return value;
      if (typeof value === 'boolean') return value ? 1 : 0;
      return null;
    };
  }
  return (position) => {
    const value = (position as unknown as Record<string, unknown>)[key];
    if (typeof value !== 'number' || !Number.isFinite(value)) return null;
    return key === 'speed' ? convertSpeed(value, speedUnit) : value;
  };
};

/**
 * The value of a chart key for one position: `attributes.x` reads the attributes map (the
 * original read `d['attributes.x']` and plotted NaN); speed in the user's unit; null when absent.
 */
export const chartValue = (position: Position, key: string, speedUnit: SpeedUnit): number | null =>
  chartReader(key, speedUnit)(position);

/**
 * A whole series in one pass: a Float64Array while every position has a value, switching to an
 * array with nulls (gaps for the chart) from the first one that has none.
 */
export const chartColumn = (
  positions: readonly Position[],
  key: string,
  speedUnit: SpeedUnit,
): Float64Array | (number | null)[] => {
  const read = chartReader(key, speedUnit);
  const n = positions.length;
  const values = new Float64Array(n);
  let i = 0;
  for (; i < n; i++) {
    const value = read(positions[i]);
    if (value === null) break;
    values[i] = value;
  }
  if (i === n) return values;
  const withGaps: (number | null)[] = Array.from(values.subarray(0, i));
  for (; i < n; i++) withGaps.push(read(positions[i]));
  return withGaps;
};
