/**
 * Numbers as people type them: `99,90` in Portuguese and Spanish, `99.90` in English. The
 * browser's `<input type="number">` reads them by the browser's language, not the one chosen
 * here, and an English browser takes `99,90` for 9990. Every number field reads and writes its
 * text through these two functions instead.
 */

const decimalSeparators = new Map<string, string>();

/** The locale's decimal separator (`,` in pt-BR and es-ES, `.` in en-US). */
export const decimalSeparator = (locale: string): string => {
  let separator = decimalSeparators.get(locale);
  if (separator === undefined) {
    separator =
      new Intl.NumberFormat(locale).formatToParts(1.5).find((part) => part.type === 'decimal')
        ?.value ?? '.';
    decimalSeparators.set(locale, separator);
  }
  return separator;
};

export interface ParseOptions {
  /**
   * Coordinates have no thousands: a comma and a point both mark the decimals (maps and GPS
   * tools write `-23.5505` whatever the language).
   */
  coordinate?: boolean;
}

const PLAIN = /^[+-]?(?:\d+\.?\d*|\.\d+)$/;

/**
 * The number typed: null when blank, NaN when it is not a number. Thousands separators are
 * accepted (`1.049,90`, `1,049.90`). A lone separator of the other kind followed by other than
 * three digits can only be decimals (`99.90` typed in Portuguese, `99,9` in English) and is read
 * so, rather than as a number a hundred times larger.
 */
export function parseDecimal(
  text: string,
  locale: string,
  options: ParseOptions = {},
): number | null {
  let value = text
    .trim()
    .replace(/[\s\u00a0\u202f']/g, '')
    .replace(/^\u2212/, '-');
  if (value === '') return null;
  if (options.coordinate) {
    if (value.includes(',') && value.includes('.')) return Number.NaN;
    value = value.replace(',', '.');
  } else {
    const decimal = decimalSeparator(locale);
    const group = decimal === ',' ? '.' : ',';
    const groups = value.split(group);
    if (value.includes(decimal)) {
      const [whole, ...rest] = value.split(decimal);
      if (rest.length !== 1 || rest[0].includes(group) || !validGroups(whole.split(group))) {
        return Number.NaN;
      }
      value = `${whole.split(group).join('')}.${rest[0]}`;
    } else if (groups.length === 2 && groups[1].length !== 3) {
      value = `${groups[0]}.${groups[1]}`;
    } else if (groups.length > 1) {
      if (!validGroups(groups)) return Number.NaN;
      value = groups.join('');
    }
  }
  return PLAIN.test(value) ? Number(value) : Number.NaN;
}

/** `1.049.000`: a lead of one to three digits (after a sign), then groups of exactly three. */
const validGroups = (groups: string[]): boolean =>
  groups.length === 1 ||
  (/^[+-]?\d{1,3}$/.test(groups[0]) && groups.slice(1).every((group) => /^\d{3}$/.test(group)));

export interface FormatOptions {
  /** Exactly this many decimals (money: 2). */
  digits?: number;
  /** At most this many decimals otherwise. */
  maxDecimals?: number;
  coordinate?: boolean;
}

/** A number as a field shows it: the locale's decimal separator, no thousands separators. */
export function formatDecimal(
  value: number | null | undefined,
  locale: string,
  { digits, maxDecimals = 6, coordinate }: FormatOptions = {},
): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  return new Intl.NumberFormat(coordinate ? 'en-US' : locale, {
    useGrouping: false,
    minimumFractionDigits: digits ?? 0,
    maximumFractionDigits: digits ?? maxDecimals,
  }).format(value);
}
