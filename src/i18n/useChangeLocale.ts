import { useLocaleState } from 'react-admin';
import { type AppLocale, DEFAULT_LOCALE, isAppLocale } from './locales';
import { storeLocale } from './storedLocale';

/** The active locale and a setter that also remembers the choice for the next visit. */
export const useChangeLocale = (): [AppLocale, (locale: AppLocale) => void] => {
  const [locale, setLocale] = useLocaleState();
  const change = (next: AppLocale) => {
    storeLocale(next);
    setLocale(next);
  };
  return [isAppLocale(locale) ? locale : DEFAULT_LOCALE, change];
};
