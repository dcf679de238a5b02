import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { I18nProvider, TranslationMessages } from 'react-admin';
import { loadFullCatalog } from './catalog';
import { type AppLocale, isAppLocale, LOCALE_NAMES, SUPPORTED_LOCALES } from './locales';

export { loadCatalog, loadFullCatalog, loadMoreCatalog, loadPublicCatalog } from './catalog';

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

export interface AppI18nProvider extends I18nProvider {
  /**
   * Resolves once the active language's catalogue is whole: the rest of it is loaded the first
   * time this is called (the app starts with its first screen's messages only).
   */
  complete(): Promise<void>;
}

interface CatalogLoaders {
  /** A language's whole catalogue (a change of language); the app's by default. */
  load?: (locale: AppLocale) => Promise<TranslationMessages>;
  /** The part the initial catalogue lacks; none when it is whole. */
  loadMore?: (locale: AppLocale) => Promise<object>;
}

/**
 * The i18n provider, started in `initialLocale` with `initialCatalog` already loaded (react-admin
 * renders the first screen synchronously). Another language's catalogue is loaded by `load` when
 * the user switches to it; `complete()` adds `loadMore`'s part to the initial language's.
 */
export const createI18nProvider = (
  initialLocale: AppLocale,
  initialCatalog: TranslationMessages,
  { load = loadFullCatalog, loadMore }: CatalogLoaders = {},
): AppI18nProvider => {
  const catalogs = new Map<AppLocale, TranslationMessages>([[initialLocale, initialCatalog]]);
  const whole = new Set<AppLocale>(loadMore ? [] : [initialLocale]);
  const provider = polyglotI18nProvider(
    (requested) => {
      const locale = isAppLocale(requested) ? requested : initialLocale;
      const known = catalogs.get(locale);
      if (known) return known;
      return load(locale).then((catalog) => {
        catalogs.set(locale, catalog);
        whole.add(locale);
        return catalog;
      });
    },
    initialLocale,
    SUPPORTED_LOCALES.map((locale) => ({ locale, name: LOCALE_NAMES[locale] })),
    { allowMissing: true, pluralRules },
  );
  applyDocumentLang(initialLocale);

  let completing: Promise<void> | null = null;
  const complete = (): Promise<void> => {
    const locale = provider.getLocale();
    if (!isAppLocale(locale) || whole.has(locale) || !loadMore) return Promise.resolve();
    completing ??= loadMore(locale)
      .then(async (more) => {
        catalogs.set(locale, { ...catalogs.get(locale), ...more } as TranslationMessages);
        whole.add(locale);
        // The translator is rebuilt from the whole catalogue; the language does not change.
        await provider.changeLocale(locale);
      })
      .finally(() => {
        completing = null;
      });
    return completing;
  };

  return {
    ...provider,
    changeLocale: async (locale, options) => {
      await provider.changeLocale(locale, options);
      applyDocumentLang(locale);
    },
    complete,
  };
};
