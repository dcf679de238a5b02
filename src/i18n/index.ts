import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { I18nProvider, TranslationMessages } from 'react-admin';
import { loadCatalog } from './catalog';
import {
  type AppLocale,
  DEFAULT_LOCALE,
  isAppLocale,
  LOCALE_NAMES,
  SUPPORTED_LOCALES,
} from './locales';

export { loadCatalog, loadPublicCatalog } from './catalog';

/** node-polyglot only knows `pt-br` lower-case; Portuguese treats 0 as singular like French. */
const pluralRules = {
  pluralTypes: {
    french: (n: number) => (n >= 2 ? 1 : 0),
    german: (n: number) => (n !== 1 ? 1 : 0),
  },
  pluralTypeToLanguages: {
    french: ['pt-BR'],
    german: ['en-US', 'es-ES'],
  },
};

const applyDocumentLang = (locale: string) => {
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
};

/**
 * The i18n provider, started in `initialLocale` with its catalogue already loaded (react-admin
 * renders the first screen synchronously); another language's catalogue is loaded by `load` when
 * the user switches to it.
 */
export const createI18nProvider = (
  initialLocale: AppLocale,
  initialCatalog: TranslationMessages,
  load: (locale: AppLocale) => Promise<TranslationMessages> = loadCatalog,
): I18nProvider => {
  const provider = polyglotI18nProvider(
    (locale) => {
      const chosen = isAppLocale(locale) ? locale : DEFAULT_LOCALE;
      return chosen === initialLocale ? initialCatalog : load(chosen);
    },
    initialLocale,
    SUPPORTED_LOCALES.map((locale) => ({ locale, name: LOCALE_NAMES[locale] })),
    { allowMissing: true, pluralRules },
  );
  applyDocumentLang(initialLocale);
  return {
    ...provider,
    changeLocale: async (locale, options) => {
      await provider.changeLocale(locale, options);
      applyDocumentLang(locale);
    },
  };
};
