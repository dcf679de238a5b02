/**
 * Plain numbers as text, apart from the rest of `format.ts` (which re-exports them): the live
 * map's counters need only these, and the first screen should not load every formatter for them.
 */

// Intl formatters are costly to build and tables format thousands of cells: keep them.
const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
export const cached = <T extends Intl.NumberFormat | Intl.DateTimeFormat>(
  key: string,
  make: () => T,
): T => {
  let found = cache.get(key) as T | undefined;
  if (!found) {
    found = make();
    cache.set(key, found);
  }
  return found;
};

export const numberFormat = (locale: string, min: number, max: number) =>
  cached(
    `n|${locale}|${min}|${max}`,
    () => new Intl.NumberFormat(locale, { minimumFractionDigits: min, maximumFractionDigits: max }),
  );

/** A plain number with the locale's separators: `digits` fixed, or up to `max` decimals. */
export const formatNumber = (
  value: number,
  locale: string,
  { digits, max = 2 }: { digits?: number; max?: number } = {},
): string => numberFormat(locale, digits ?? 0, digits ?? Math.max(0, max)).format(value);
