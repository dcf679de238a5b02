import {
  formatCoordinate,
  formatDateTime,
  formatDistance,
  formatMeasure,
  formatNumber,
  formatPercent,
  formatSpeed,
  formatVoltage,
  type FormatPrefs,
} from '../../i18n/formatters';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * A position or attribute value as text: booleans translated, numbers with the locale's
 * separators (up to two decimals), objects as JSON.
 */
export const formatValue = (value: unknown, translate: Translate, locale: string): string => {
  if (value === null || value === undefined || value === '') return translate('detail.none');
  if (typeof value === 'boolean') return translate(value ? 'detail.yes' : 'detail.no');
  if (typeof value === 'number') return formatNumber(value, locale, { max: 2 });
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
};

/** Position fields and attributes that hold instants (ISO text on the wire). */
const TIMES = new Set(['fixTime', 'deviceTime', 'serverTime']);
/** Attributes in metres, shown in the user's distance unit (as Traccar's web app does). */
const DISTANCES = new Set([
  'odometer',
  'totalDistance',
  'distance',
  'tripOdometer',
  'serviceOdometer',
  'obdOdometer',
]);
/** Attributes in degrees Celsius. */
const TEMPERATURE = /^(coolantTemp|deviceTemp|temp\d+)$/;

/**
 * A position field or attribute as the user reads it: instants in the user's zone, speeds in
 * the user's unit (knots on the wire), metres as distances, engine hours (milliseconds) as
 * hours, voltages, percentages, degrees and alarm names; anything else through `formatValue`.
 * Each key is in the zone and units the summary above it and the reports use.
 */
export const formatAttribute = (
  key: string,
  value: unknown,
  translate: Translate,
  prefs: FormatPrefs,
): string => {
  const { locale } = prefs;
  if (typeof value === 'string' && TIMES.has(key)) return formatDateTime(value, prefs);
  if (key === 'alarm' && typeof value === 'string' && value) {
    return value
      .split(',')
      .map((alarm) => translate(`alarms.${alarm.trim()}`, { _: alarm.trim() }))
      .join(', ');
  }
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    return formatValue(value, translate, locale);
  }
  if (key === 'latitude' || key === 'longitude') return formatCoordinate(value);
  if (key === 'speed') return formatSpeed(value, prefs);
  if (DISTANCES.has(key)) return formatDistance(value, prefs);
  if (key === 'hours') return formatMeasure(value / 3_600_000, 'h', locale);
  if (key === 'altitude' || key === 'accuracy') return formatMeasure(value, 'm', locale);
  if (key === 'course') return `${formatNumber(value, locale, { digits: 0 })}°`;
  if (key === 'power' || key === 'battery') return formatVoltage(value, locale);
  if (key === 'batteryLevel') return formatPercent(value, locale);
  if (TEMPERATURE.test(key)) return formatMeasure(value, '°C', locale);
  return formatValue(value, translate, locale);
};

/** The translated label of an attribute key, or the key itself. */
export const attributeLabel = (key: string, translate: Translate): string =>
  translate(`attributes.${key}`, { _: key });

/** `tarkan.deviceAttributes`: a comma-separated list of pinned keys (never evaluated). */
export const pinnedKeys = (value: unknown): string[] =>
  typeof value === 'string'
    ? value
        .split(',')
        .map((key) => key.trim())
        .filter(Boolean)
    : [];
