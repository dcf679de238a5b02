/**
 * Text as every search compares it (the live map's device panel, the management lists, the link
 * dialogs): accents dropped, lower-cased, with spaces and hyphens removed. An operator typing
 * `caminhao` finds `Caminhão`, and a plate typed `abc1234`, `ABC 1234` or `abc-1234` finds
 * `ABC-1234` however it was registered. Both the text searched and the query go through it.
 */
export const foldForSearch = (text: string): string =>
  text
    .normalize('NFD')
    .replace(MARKS, '')
    .toLowerCase()
    .replace(LETTERS, (letter) => LETTER_FOLDS[letter] ?? letter)
    .replace(SEPARATORS, '');

// Combining marks: what NFD splits off an accented letter (ã → a + ◌̃, ç → c + ◌̧).
const MARKS = /\p{M}+/gu;

// Letters that are not a base letter plus a mark, so NFD leaves them whole.
const LETTER_FOLDS: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ı: 'i',
};
const LETTERS = /[ßæœøłđı]/g;

// Whitespace and the hyphen/dash family (ASCII hyphen-minus, U+2010–U+2015, minus sign).
const SEPARATORS = /[\s\-\u2010-\u2015\u2212]+/g;

/** Whether `text` contains `query`, both folded; a blank query matches everything. */
export const searchMatches = (text: string, query: string): boolean =>
  foldForSearch(text).includes(foldForSearch(query));
