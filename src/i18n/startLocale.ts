import { chooseLocale, matchLocale } from './chooseLocale';
import type { AppLocale } from './locales';
import { readStoredLocale, storeLocale } from './storedLocale';

/**
 * The locale to start with, read from this browser and page. A `?locale=` link is a choice like
 * the language menu's: it is remembered, so the next page load (without the parameter) keeps it.
 */
export const detectStartLocale = (): AppLocale => {
  const search = window.location.search;
  const locale = chooseLocale({
    search,
    stored: readStoredLocale(),
    languages: navigator.languages ?? [navigator.language],
    documentLang: document.documentElement.lang,
  });
  if (matchLocale(new URLSearchParams(search).get('locale')) === locale) storeLocale(locale);
  return locale;
};
