import { PIECE, runSteps, sortInSteps, type Steps } from '../live/steps';

/**
 * Name order without the collator, for the names that allow it.
 *
 * The device list orders names with `Intl.Collator` (case and accents ignored, numbers by value:
 * "Truck 9" before "Truck 10"). With 100,000 devices that sort took 180 ms of one task while the
 * map opened, almost all of it in the collator's comparisons. Most fleets name vehicles with
 * plain ASCII letters, digits and a few marks ("Onix 07", "ABC-1D23", "Van 3/B"), and for those a
 * key can be built whose plain string order is the collator's: letters folded to lower case,
 * each run of digits written as its length then its digits (leading zeros dropped, as the
 * collator ignores them), each mark as a code below the digits in the collator's own order of
 * the marks. Building the keys and sorting by them takes a third of the time.
 *
 * The key is only used where it is known to agree: for the interface's languages (Portuguese,
 * Spanish, English, whose collation does not tailor ASCII) and only when every name of the fleet
 * has a key; otherwise the caller sorts with the collator as before.
 */

/** Marks a keyed name may hold besides ASCII letters and digits. */
const MARKS = ' _-,;:.()/&#+';
/** Code written before a run of digits: above every mark, below every letter. */
const DIGITS = 0x10;
/** Longest run of digits a key writes (its length is one character of the key). */
const MAX_DIGITS = 15;
/** Longest key: a longer name is sorted by the collator. */
const MAX_KEY = 256;
/** Collations whose order of ASCII letters, digits and marks is the root one. */
const KEYED_LANGUAGES = new Set(['pt', 'es', 'en']);

/**
 * Builds keys for `collator`'s order, or null when that collation is not one the keys follow.
 * The marks' codes follow the collator's own order of them, read once here.
 */
export function nameKeyer(collator: Intl.Collator): ((name: string) => string | null) | null {
  const { locale, sensitivity, numeric } = collator.resolvedOptions();
  if (!KEYED_LANGUAGES.has(locale.split('-')[0]) || sensitivity !== 'base' || !numeric) {
    return null;
  }
  const ordered = [...MARKS].sort(collator.compare);
  // The layout below holds only while every mark sorts before the digits, the digits before
  // the letters, and no two marks are equal.
  const distinct = ordered.every(
    (mark, i) => i === 0 || collator.compare(ordered[i - 1], mark) < 0,
  );
  if (!distinct || collator.compare(ordered[ordered.length - 1], '0') >= 0) return null;
  if (collator.compare('9', 'a') >= 0) return null;
  const markCode = new Int8Array(128).fill(-1);
  ordered.forEach((mark, i) => (markCode[mark.charCodeAt(0)] = i + 1));
  const out = new Uint16Array(MAX_KEY);

  return (name) => {
    let n = 0;
    let i = 0;
    while (i < name.length) {
      let ch = name.charCodeAt(i);
      if (ch >= 0x30 && ch <= 0x39) {
        // A number: leading zeros dropped, then its length, then its digits.
        let start = i;
        while (
          start < name.length - 1 &&
          name.charCodeAt(start) === 0x30 &&
          isDigit(name, start + 1)
        ) {
          start++;
        }
        let end = start;
        while (end < name.length && isDigit(name, end)) end++;
        const length = end - start;
        if (length > MAX_DIGITS || n + length + 2 > MAX_KEY) return null;
        out[n++] = DIGITS;
        out[n++] = 0x30 + length;
        for (let k = start; k < end; k++) out[n++] = name.charCodeAt(k);
        i = end;
        continue;
      }
      if (n >= MAX_KEY) return null;
      if (ch >= 0x41 && ch <= 0x5a) ch += 0x20;
      if (ch >= 0x61 && ch <= 0x7a) out[n++] = ch;
      else if (ch < 128 && markCode[ch] > 0) out[n++] = markCode[ch];
      else return null;
      i++;
    }
    // `apply` takes the typed array as it is; a spread would iterate it into a new array first.
    return String.fromCharCode.apply(null, out.subarray(0, n) as unknown as number[]);
  };
}

const isDigit = (text: string, at: number): boolean => {
  const ch = text.charCodeAt(at);
  return ch >= 0x30 && ch <= 0x39;
};

/**
 * The indexes of `names` in the collator's order (ties by `ids`), through keys; null when some
 * name has no key (or the collation none), for the caller to sort with the collator. Yields
 * between pieces (steps.ts).
 */
export function* keyedOrderSteps(
  keyOf: ((name: string) => string | null) | null,
  names: readonly string[],
  ids: readonly number[],
): Steps<number[] | null> {
  if (!keyOf) return null;
  const keys: string[] = new Array<string>(names.length);
  for (let i = 0; i < names.length; i++) {
    const key = keyOf(names[i]);
    if (key === null) return null;
    keys[i] = key;
    if (i % PIECE === PIECE - 1) yield;
  }
  const order = Array.from(names, (_, i) => i);
  return yield* sortInSteps(order, (a, b) =>
    keys[a] < keys[b] ? -1 : keys[a] > keys[b] ? 1 : ids[a] - ids[b],
  );
}

/** `keyedOrderSteps` in one go. */
export const keyedOrder = (
  keyOf: ((name: string) => string | null) | null,
  names: readonly string[],
  ids: readonly number[],
): number[] | null => runSteps(keyedOrderSteps(keyOf, names, ids));
