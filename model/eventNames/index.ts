import enUS, { type EventNames } from './enUS';
import esES from './esES';
import ptBR from './ptBR';

export type { EventNames };

/** The event and alarm names of each interface language (the web app imports only its own). */
export const EVENT_NAMES: Record<'pt-BR' | 'es-ES' | 'en-US', EventNames> = {
  'pt-BR': ptBR,
  'es-ES': esES,
  'en-US': enUS,
};

/**
 * An `alarm` attribute (one key or several, comma-separated) in `names`' language; a key the
 * screens have no name for stays as the device sent it.
 */
export const alarmText = (alarm: string, names: EventNames): string =>
  alarm
    .split(',')
    .map((key) => key.trim())
    .filter(Boolean)
    .map((key) => (Object.hasOwn(names.alarms, key) ? names.alarms[key as AlarmName] : key))
    .join(', ');

type AlarmName = keyof EventNames['alarms'];

/** An event type in `names`' language; one the screens have no name for stays as it is. */
export const eventTypeText = (type: string, names: EventNames): string =>
  Object.hasOwn(names.events, type) ? names.events[type as keyof EventNames['events']] : type;
