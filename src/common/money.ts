import { formatMoney } from '../i18n/formatters';

/** Integer cents as the locale's billing currency (R$ in pt-BR and es-ES, $ in en-US). */
export const formatCents = (cents: number, locale: string): string =>
  formatMoney(Math.round(Number(cents)) / 100, locale);

/** Stored cents (a number or Tarkan's integer string) → the amount in currency units. */
export const centsToUnits = (cents: unknown): number | null => {
  if (cents === null || cents === undefined || cents === '') return null;
  const n = Number(cents);
  return Number.isFinite(n) ? n / 100 : null;
};

/** An amount in currency units → integer cents. */
export const unitsToCents = (units: number): number => Math.round(units * 100);
