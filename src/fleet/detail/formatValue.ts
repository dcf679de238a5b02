import { formatNumber } from '../../i18n/formatters';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * A position or attribute value as text: booleans translated, numbers with the locale's
 * separators (up to two decimals), objects as JSON.
 */
export const formatValue = (value: unknown, translate: Translate, locale: string): string => {
  if (value === null || value === undefined || value === '') return translate('detail.none');
  if (typeof value === 'boolean') return translate(value ? 'detail.yes' : 'detail.no');
  if (typeof value === 'number') return formatNumber(value, locale, { max: 2 });
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
};

/** The translated label of an attribute key, or the key itself. */
export const attributeLabel = (key: string, translate: Translate): string =>
  translate(`attributes.${key}`, { _: key });

/** `tarkan.deviceAttributes`: a comma-separated list of pinned keys (never evaluated). */
export const pinnedKeys = (value: unknown): string[] =>
  typeof value === 'string'
    ? value
        .split(',')
        .map((key) => key.trim())
        .filter(Boolean)
    : [];
