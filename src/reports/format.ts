import {
  formatDateTime,
  formatDistance,
  formatFuel,
  formatCoordinates,
  formatSpeed,
  type FormatPrefs,
  SPEED_LABEL,
} from '../i18n/formatters';

/** Milliseconds as h:mm (whole minutes, truncated; hours are not wrapped at 24). */
export const formatDuration = (ms: number | null | undefined): string => {
  if (ms == null || !Number.isFinite(ms) || ms <= 0) return '0:00';
  const minutes = Math.floor(ms / 60_000);
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;
};

export type Units = FormatPrefs;

export { formatDateTime, formatDistance, formatFuel, formatSpeed, SPEED_LABEL };

/** The address where the server resolved one, else the coordinates. */
export const formatPlace = (
  address: string | null | undefined,
  lat: number | null | undefined,
  lon: number | null | undefined,
): string => {
  if (address && address.trim()) return address;
  if (lat == null || lon == null || !Number.isFinite(lat) || !Number.isFinite(lon)) return '';
  return formatCoordinates(lat, lon, 5);
};
