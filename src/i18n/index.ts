import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import { type I18nProvider, mergeTranslations, type TranslationMessages } from 'react-admin';
import {
  type AppLocale,
  DEFAULT_LOCALE,
  isAppLocale,
  LOCALE_NAMES,
  SUPPORTED_LOCALES,
} from './locales';
import enUS from './messages/enUS';
import esES from './messages/esES';
import ptBR from './messages/ptBR';
import raEsES from './ra/raEsES';
import raPtBR from './ra/raPtBR';

const english = mergeTranslations(englishMessages, enUS);

/** Everything merges over English (the fallback language), so no key is ever bare. */
export const messages: Record<AppLocale, TranslationMessages> = {
  'en-US': english,
  'pt-BR': mergeTranslations(english, raPtBR, ptBR),
  'es-ES': mergeTranslations(english, raEsES, esES),
};

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

export const createI18nProvider = (initialLocale: AppLocale = DEFAULT_LOCALE): I18nProvider => {
  const provider = polyglotI18nProvider(
    (locale) => messages[isAppLocale(locale) ? locale : DEFAULT_LOCALE],
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
