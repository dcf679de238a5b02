import type { AppLocale } from './locales';

/** Billing is in reais for the Portuguese and Spanish texts, dollars for English. */
export const currencyFor = (locale: string): 'BRL' | 'USD' => (locale === 'en-US' ? 'USD' : 'BRL');

export const formatMoney = (value: number, locale: AppLocale | string): string =>
  new Intl.NumberFormat(locale, { style: 'currency', currency: currencyFor(locale) }).format(value);

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** A bare `2024-05-10` is a calendar date: format it in UTC so no time zone shifts the day. */
export const formatDate = (value: string, locale: AppLocale | string): string => {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(locale, DATE_ONLY.test(value) ? { timeZone: 'UTC' } : {}).format(
    date,
  );
};
