import { convertDistance, convertSpeed, type DistanceUnit, type SpeedUnit } from '../i18n/units';

/** Milliseconds as h:mm (whole minutes, truncated; hours are not wrapped at 24). */
export const formatDuration = (ms: number | null | undefined): string => {
  if (ms == null || !Number.isFinite(ms) || ms <= 0) return '0:00';
  const minutes = Math.floor(ms / 60_000);
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;
};

export interface Units {
  speed: SpeedUnit;
  distance: DistanceUnit;
  locale: string;
}

const number = (value: number, locale: string, digits: number) =>
  new Intl.NumberFormat(locale, {
    maximumFractionDigits: digits,
    minimumFractionDigits: digits,
  }).format(value);

export const SPEED_LABEL: Record<SpeedUnit, string> = { kn: 'kn', kmh: 'km/h', mph: 'mph' };

/** Knots in the user's unit, with its label. */
export const formatSpeed = (knots: number | null | undefined, units: Units): string =>
  knots == null || !Number.isFinite(knots)
    ? ''
    : `${number(convertSpeed(knots, units.speed), units.locale, 1)} ${SPEED_LABEL[units.speed]}`;

/** Metres in km or mi, with its label. */
export const formatDistance = (metres: number | null | undefined, units: Units): string =>
  metres == null || !Number.isFinite(metres)
    ? ''
    : `${number(convertDistance(metres, units.distance), units.locale, 2)} ${units.distance}`;

export const formatFuel = (litres: number | null | undefined, locale: string): string =>
  litres == null || !Number.isFinite(litres) ? '' : `${number(litres, locale, 2)} l`;

export const formatDateTime = (iso: string | null | undefined, locale: string): string => {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'medium' }).format(date);
};

/** The address where the server resolved one, else the coordinates. */
export const formatPlace = (
  address: string | null | undefined,
  lat: number | null | undefined,
  lon: number | null | undefined,
): string => {
  if (address && address.trim()) return address;
  if (lat == null || lon == null || !Number.isFinite(lat) || !Number.isFinite(lon)) return '';
  return `${lat.toFixed(5)}, ${lon.toFixed(5)}`;
};
