import { formatMoney } from '../i18n/formatters';

/** Integer cents as the locale's billing currency (R$ in pt-BR and es-ES, $ in en-US). */
export const formatCents = (cents: number, locale: string): string =>
  formatMoney(Math.round(Number(cents)) / 100, locale);

/** Stored cents (a number or Tarkan's integer string) → the amount typed, in currency units. */
export const centsToUnits = (cents: unknown): string => {
  if (cents === null || cents === undefined || cents === '') return '';
  const n = Number(cents);
  return Number.isFinite(n) ? String(n / 100) : '';
};

/** The amount typed (a number, or text with a comma or dot) → integer cents; blank → null. */
export const unitsToCents = (value: unknown): number | null => {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number(String(value).replace(',', '.'));
  return Number.isFinite(n) ? Math.round(n * 100) : null;
};

/**
 * A new invoice's amount typed as `49,90`, `49.90` or `1.049,90` → cents; blank → undefined (the
 * user's own price); anything else, or not above zero → null.
 */
export const parseAmount = (text: string): number | undefined | null => {
  const trimmed = text.trim();
  if (!trimmed) return undefined;
  const value = Number(trimmed.replace(/\./g, trimmed.includes(',') ? '' : '.').replace(',', '.'));
  return Number.isFinite(value) && value > 0 ? Math.round(value * 100) : null;
};
