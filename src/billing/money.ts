import { formatMoney } from '../i18n/formatters';

/** Integer cents as the locale's billing currency (R$ in pt-BR and es-ES, $ in en-US). */
export const formatCents = (cents: number, locale: string): string =>
  formatMoney(Math.round(Number(cents)) / 100, locale);
