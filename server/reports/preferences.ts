import type { DistanceUnit, SheetLanguage, SheetPrefs, SpeedUnit } from '../../model/spreadsheet';
import { DEFAULT_TIMEZONE, isValidTimezone } from './timezone';

/**
 * How a user reads a report (Traccar's `UserUtil`): units and time zone from the user's
 * attributes, then the server's (the server's first when it forces its settings), then the
 * product defaults, except that without a zone preference the zone the client's screen shows
 * (its `timezone` parameter, the browser's zone) wins over the default, so a spreadsheet never
 * disagrees with the table it was exported from; the language from the user's `language` or `tarkan.lang`, then the server's
 * `tarkan.lang`, else pt-BR.
 */

export type { DistanceUnit, SpeedUnit };
export type Language = SheetLanguage;
export type Preferences = SheetPrefs;

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
