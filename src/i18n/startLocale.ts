import { chooseLocale } from './chooseLocale';
import type { AppLocale } from './locales';
import { readStoredLocale } from './storedLocale';

/** The locale to start with, read from this browser and page. */
export const detectStartLocale = (): AppLocale =>
  chooseLocale({
    search: window.location.search,
    stored: readStoredLocale(),
    languages: navigator.languages ?? [navigator.language],
    documentLang: document.documentElement.lang,
  });
