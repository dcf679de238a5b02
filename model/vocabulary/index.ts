import type { Language } from '../language';
import enUS from './enUS';
import esES from './esES';
import ptBR from './ptBR';
import type { Vocabulary } from './types';

export type { AlarmName, Vocabulary } from './types';

/**
 * The one vocabulary of event types and alarms: the web app's screens (toasts, event lists,
 * notification rules, reports) and the server's texts (spreadsheets, notifications, mail) read
 * their names from here, so an overspeed reads the same on screen, in a file and in a mail.
 */
export const VOCABULARY: Record<Language, Vocabulary> = {
  'pt-BR': ptBR,
  'es-ES': esES,
  'en-US': enUS,
};

const own = (names: Record<string, string>, key: string): string | undefined =>
  Object.prototype.hasOwnProperty.call(names, key) ? names[key] : undefined;

/** An event type's name in `language`; a type the vocabulary lacks is shown as it is. */
export const eventName = (type: string, language: Language): string =>
  own(VOCABULARY[language].events, type) ?? type;

/** An alarm's name in `language`; an alarm key the vocabulary lacks is shown as it is. */
export const alarmName = (key: string, language: Language): string =>
  own(VOCABULARY[language].alarms, key) ?? key;

/** A position's `alarm` attribute (one key or several, comma-separated) as names. */
export const alarmNames = (value: string, language: Language): string =>
  value
    .split(',')
    .map((key) => key.trim())
    .filter((key) => key !== '')
    .map((key) => alarmName(key, language))
    .join(', ');
