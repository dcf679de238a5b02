import { DEFAULT_TIMEZONE, isValidTimezone } from './timezone';

/**
 * How a user reads a report (Traccar's `UserUtil`): units and time zone from the user's
 * attributes, then the server's (the server's first when it forces its settings), then the
 * product defaults, except that without a zone preference the zone the client's screen shows
 * (its `timezone` parameter, the browser's zone) wins over the default, so a spreadsheet never
 * disagrees with the table it was exported from; the language from the user's `language` or `tarkan.lang`, then the server's
 * `tarkan.lang`, else pt-BR.
 */

export type SpeedUnit = 'kn' | 'kmh' | 'mph';
export type DistanceUnit = 'km' | 'mi' | 'nmi';
export type Language = 'pt-BR' | 'es-ES' | 'en-US';

export interface Preferences {
  speedUnit: SpeedUnit;
  distanceUnit: DistanceUnit;
  timezone: string;
  language: Language;
}

type Attributes = Readonly<Record<string, unknown>>;

function pick(key: string, user: Attributes, server: Attributes, forceSettings: boolean): unknown {
  const order = forceSettings ? [server, user] : [user, server];
  for (const source of order) {
    const value = source[key];
    if (value !== undefined && value !== null && value !== '') return value;
  }
  return undefined;
}

function normalizeLanguage(value: unknown): Language | null {
  if (typeof value !== 'string') return null;
  const code = value.trim().toLowerCase().slice(0, 2);
  if (code === 'pt') return 'pt-BR';
  if (code === 'es') return 'es-ES';
  if (code === 'en') return 'en-US';
  return null;
}

export function preferences(
  user: Attributes,
  server: Attributes,
  forceSettings = false,
  clientZone?: string,
): Preferences {
  const speed = pick('speedUnit', user, server, forceSettings);
  const dist = pick('distanceUnit', user, server, forceSettings);
  const zone = pick('timezone', user, server, forceSettings);
  const language =
    normalizeLanguage(user.language) ??
    normalizeLanguage(user['tarkan.lang']) ??
    normalizeLanguage(server['tarkan.lang']) ??
    'pt-BR';
  return {
    speedUnit: speed === 'kn' || speed === 'mph' ? speed : 'kmh',
    distanceUnit: dist === 'mi' || dist === 'nmi' ? dist : 'km',
    timezone:
      typeof zone === 'string' && isValidTimezone(zone)
        ? zone
        : clientZone && isValidTimezone(clientZone)
          ? clientZone
          : DEFAULT_TIMEZONE,
    language,
  };
}

export const SPEED_FACTORS: Record<SpeedUnit, number> = { kn: 1, kmh: 1.852, mph: 1.15078 };
/** Metres to the unit. */
export const DISTANCE_FACTORS: Record<DistanceUnit, number> = {
  km: 0.001,
  mi: 0.000621371,
  nmi: 1 / 1852,
};
export const SPEED_LABELS: Record<SpeedUnit, string> = { kn: 'kn', kmh: 'km/h', mph: 'mph' };
export const DISTANCE_LABELS: Record<DistanceUnit, string> = { km: 'km', mi: 'mi', nmi: 'nmi' };
