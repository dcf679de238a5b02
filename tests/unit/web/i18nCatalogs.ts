import type { TranslationMessages } from 'react-admin';
import { createI18nProvider as createAppI18nProvider } from '../../../src/i18n';
import enUS from '../../../src/i18n/catalogs/enUS';
import esES from '../../../src/i18n/catalogs/esES';
import ptBR from '../../../src/i18n/catalogs/ptBR';
import type { AppLocale } from '../../../src/i18n/locales';
import publicEnUS from '../../../src/i18n/messages/public/enUS';
import publicEsES from '../../../src/i18n/messages/public/esES';
import publicPtBR from '../../../src/i18n/messages/public/ptBR';

/**
 * Every language's whole catalogue as `loadCatalog` merges it from its two chunks (the signed-in
 * app's and the pages without a session), here imported at once instead of fetched.
 */
export const messages: Record<AppLocale, TranslationMessages> = {
  'en-US': { ...enUS, ...publicEnUS },
  'pt-BR': { ...ptBR, ...publicPtBR },
  'es-ES': { ...esES, ...publicEsES },
};

/** The app's i18n provider in `locale`, with every catalogue at hand instead of in chunks. */
export const createI18nProvider = (locale: AppLocale) =>
  createAppI18nProvider(locale, messages[locale], async (next) => messages[next]);
