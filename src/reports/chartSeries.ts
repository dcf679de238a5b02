import { convertSpeed, type SpeedUnit } from '../devices/units';
import type { Position } from '../model/position';

/** Position fields that can be charted; attributes are offered as `attributes.<key>`. */
export const BASE_KEYS = ['speed', 'altitude', 'course', 'accuracy'] as const;

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

/**
 * The value of a chart key for one position: `attributes.x` reads the attributes map (the
 * original read `d['attributes.x']` and plotted NaN); speed in the user's unit; null when absent.
 */
export const chartValue = (
  position: Position,
  key: string,
  speedUnit: SpeedUnit,
): number | null => {
  if (key.startsWith('attributes.')) {
    const value = position.attributes?.[key.slice('attributes.'.length)];
    if (typeof value === 'number' && Number.isFinite(value)) return value;
    if (typeof value === 'boolean') return value ? 1 : 0;
    return null;
  }
  const value = (position as unknown as Record<string, unknown>)[key];
  if (typeof value !== 'number' || !Number.isFinite(value)) return null;
  return key === 'speed' ? convertSpeed(value, speedUnit) : value;
};
