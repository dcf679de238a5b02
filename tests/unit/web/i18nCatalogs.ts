import type { TranslationMessages } from 'react-admin';
import { createI18nProvider as createAppI18nProvider } from '../../../src/i18n';
import enUS from '../../../src/i18n/catalogs/enUS';
import esES from '../../../src/i18n/catalogs/esES';
import moreEnUS from '../../../src/i18n/catalogs/more/enUS';
import moreEsES from '../../../src/i18n/catalogs/more/esES';
import morePtBR from '../../../src/i18n/catalogs/more/ptBR';
import ptBR from '../../../src/i18n/catalogs/ptBR';
import type { AppLocale } from '../../../src/i18n/locales';
import publicEnUS from '../../../src/i18n/messages/public/enUS';
import publicEsES from '../../../src/i18n/messages/public/esES';
import publicPtBR from '../../../src/i18n/messages/public/ptBR';

/**
 * Every language's whole catalogue as `loadFullCatalog` merges it from its three chunks (the
 * pages without a session, the first signed-in screen, the rest), here imported at once.
 */
export const messages: Record<AppLocale, TranslationMessages> = {
  'en-US': { ...enUS, ...publicEnUS, ...moreEnUS },
  'pt-BR': { ...ptBR, ...publicPtBR, ...morePtBR },
  'es-ES': { ...esES, ...publicEsES, ...moreEsES },
};

/** The app's i18n provider in `locale`, with every catalogue at hand instead of in chunks. */
export const createI18nProvider = (locale: AppLocale) =>
  createAppI18nProvider(locale, messages[locale], {
    load: async (next: AppLocale) => messages[next],
  });

/** The provider's `translate` in `locale`, as the code under test is handed one. */
export const translator = (locale: 'pt-BR' | 'es-ES' | 'en-US') => {
  const provider = createI18nProvider(locale);
  return (key: string, options?: Record<string, unknown>) => provider.translate(key, options);
};
