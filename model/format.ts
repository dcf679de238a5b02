import type { Language } from './language';
import { cached, formatNumber, numberFormat } from './numberFormat';
import { convertDistance, convertSpeed, type DistanceUnit, type SpeedUnit } from './units';

/**
 * The one place numbers, units, money and dates become text. Every screen formats through these
 * (never `toFixed`, `toLocaleString` or a hand-built unit), so a value reads the same in the
 * panel, the reports and the admin pages: the locale's separators, one date style per locale,
 * and the user's time zone.
 */

/** What a formatted value depends on: the interface language and the user's zone and units. */
export interface FormatPrefs {
  locale: Language | string;
  /** IANA zone: the user's `timezone` attribute, else the browser's. */
  timeZone: string;
  speed: SpeedUnit;
  distance: DistanceUnit;
}

// Building an Intl formatter to read a zone costs a tenth of a millisecond: lists of thousands of
// rows ask for the same few zones, so the answers are kept (a bounded number, since a zone can
// come from anyone's settings).
let browserZone: string | undefined;
export const browserTimeZone = (): string =>
  (browserZone ??= Intl.DateTimeFormat().resolvedOptions().timeZone);

const KEPT_ZONE_ANSWERS = 500;
const zoneValidity = new Map<string, boolean>();

export const isValidTimeZone = (zone: unknown): zone is string => {
  if (typeof zone !== 'string' || !zone) return false;
  const known = zoneValidity.get(zone);
  if (known !== undefined) return known;
  let valid = true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
  } catch {
    valid = false;
  }
  if (zoneValidity.size < KEPT_ZONE_ANSWERS) zoneValidity.set(zone, valid);
  return valid;
};

type WithAttributes = { attributes?: Record<string, unknown> } | null | undefined;

/**
 * The user's `attributes.timezone` (as Traccar), else the server's (the server's first when it
 * forces its settings), else the browser's. The server picks the spreadsheet's zone by the same
 * rule, with the browser's zone sent along, so files and screens always agree.
 */
export const timeZoneOf = (
  user: WithAttributes,
  server: (WithAttributes & { forceSettings?: boolean }) | null | undefined,
): string => {
  const own = user?.attributes?.timezone;
  const shared = server?.attributes?.timezone;
  const order = server?.forceSettings ? [shared, own] : [own, shared];
  return order.find(isValidTimeZone) ?? browserTimeZone();
};

export { formatNumber };

const finite = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);

/** A number followed by its unit symbol (`13,96 V`, `87 %`). */
export const formatMeasure = (value: number, unit: string, locale: string, digits = 1): string =>
  `${formatNumber(value, locale, { digits })} ${unit}`;

export const formatVoltage = (volts: number, locale: string): string =>
  formatMeasure(volts, 'V', locale, 2);

export const formatPercent = (value: number, locale: string): string =>
  formatMeasure(value, '%', locale, 0);

export const SPEED_LABEL: Record<SpeedUnit, string> = { kn: 'kn', kmh: 'km/h', mph: 'mph' };
export const DISTANCE_LABEL: Record<DistanceUnit, string> = { km: 'km', mi: 'mi' };

/** Knots (as on the wire) in the user's unit, with its label. */
export const formatSpeed = (
  knots: number | null | undefined,
  prefs: Pick<FormatPrefs, 'locale' | 'speed'>,
  digits = 1,
): string =>
  finite(knots)
    ? `${formatNumber(convertSpeed(knots, prefs.speed), prefs.locale, { digits })} ${SPEED_LABEL[prefs.speed]}`
    : '';

/** Metres in km or mi, with its label. */
export const formatDistance = (
  metres: number | null | undefined,
  prefs: Pick<FormatPrefs, 'locale' | 'distance'>,
  digits = 2,
): string =>
  finite(metres)
    ? `${formatNumber(convertDistance(metres, prefs.distance), prefs.locale, { digits })} ${DISTANCE_LABEL[prefs.distance]}`
    : '';

export const formatFuel = (litres: number | null | undefined, locale: string): string =>
  finite(litres) ? `${formatNumber(litres, locale, { digits: 2 })} l` : '';

/**
 * Latitude, longitude: always with a point for decimals (the comma separates the two), as maps
 * and other tools read them back.
 */
export const formatCoordinates = (lat: number, lon: number, digits = 6): string =>
  `${formatCoordinate(lat, digits)}, ${formatCoordinate(lon, digits)}`;

/** One latitude or longitude, with a decimal point as in `formatCoordinates`. */
export const formatCoordinate = (value: number, digits = 6): string =>
  numberFormat('en-US', digits, digits).format(value);

/** Billing is in reais for the Portuguese and Spanish texts, dollars for English. */
export const currencyFor = (locale: string): 'BRL' | 'USD' => (locale === 'en-US' ? 'USD' : 'BRL');

/**
 * The currency's own sign in every language (`R$`, `$`): Spanish would otherwise name a foreign
 * currency by its code (`1234,50 BRL`).
 */
const moneyFormat = (locale: string) =>
  cached(
    `m|${locale}`,
    () =>
      new Intl.NumberFormat(locale, {
        style: 'currency',
        currency: currencyFor(locale),
        currencyDisplay: 'narrowSymbol',
      }),
  );

export const formatMoney = (value: number, locale: Language | string): string =>
  moneyFormat(locale).format(value);

/** The currency sign alone, as `formatMoney` writes it (a money field's prefix). */
export const currencySign = (locale: Language | string): string =>
  moneyFormat(locale)
    .formatToParts(0)
    .find((part) => part.type === 'currency')?.value ?? '';

// One date style per locale: four-digit years and two-digit days and months everywhere
// (`24/11/2026` in pt-BR and es-ES, `11/24/2026` in en-US), never a short `11/24/26`.
const DATE: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit' };
const TIME: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', second: '2-digit' };

const dateFormat = (locale: string, timeZone: string, options: Intl.DateTimeFormatOptions) =>
  cached(
    `d|${locale}|${timeZone}|${JSON.stringify(options)}`,
    () => new Intl.DateTimeFormat(locale, { ...options, timeZone }),
  );

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

const toDate = (value: string | number | Date): Date | null => {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
};

/**
 * The calendar date of an instant in `timeZone` (the browser's when not given). A bare
 * `2024-05-10` is already a calendar date: it is formatted in UTC so no zone shifts the day.
 */
export const formatDate = (
  value: string | number | Date,
  locale: Language | string,
  timeZone?: string,
): string => {
  const date = toDate(value);
  if (!date) return String(value);
  const zone = typeof value === 'string' && DATE_ONLY.test(value) ? 'UTC' : timeZone;
  return dateFormat(locale, zone ?? browserTimeZone(), DATE).format(date);
};

/** Date and time of an instant, in the user's zone. Empty for no value. */
export const formatDateTime = (
  value: string | number | Date | null | undefined,
  prefs: Pick<FormatPrefs, 'locale' | 'timeZone'>,
): string => {
  if (value === null || value === undefined || value === '') return '';
  const date = toDate(value);
  if (!date) return String(value);
  return dateFormat(prefs.locale, prefs.timeZone, { ...DATE, ...TIME }).format(date);
};

/** The time of day of an instant, in the user's zone. */
export const formatTime = (
  value: string | number | Date,
  prefs: Pick<FormatPrefs, 'locale' | 'timeZone'>,
  seconds = true,
): string => {
  const date = toDate(value);
  if (!date) return String(value);
  const options: Intl.DateTimeFormatOptions = seconds
    ? TIME
    : { hour: '2-digit', minute: '2-digit' };
  return dateFormat(prefs.locale, prefs.timeZone, options).format(date);
};
