import { type AppLocale, isAppLocale } from './locales';

const LOCALE_STORAGE_KEY = 'frota.locale';

export const readStoredLocale = (): AppLocale | null => {
  try {
    const value = localStorage.getItem(LOCALE_STORAGE_KEY);
    return isAppLocale(value) ? value : null;
  } catch {
    return null;
  }
};

export const storeLocale = (locale: AppLocale): void => {
  try {
    localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Without storage the choice lasts for this page only.
  }
};
