import { type AppLocale, DEFAULT_LOCALE, isAppLocale, SUPPORTED_LOCALES } from './locales';

interface LocaleSources {
  /** `window.location.search`, for `?locale=`. */
  search?: string;
  /** The choice the user made in a language selector earlier. */
  stored?: string | null;
  /** `navigator.languages`, most preferred first. */
  languages?: readonly string[];
  /** `document.documentElement.lang`. */
  documentLang?: string | null;
}

/** `pt`, `pt-PT`, `PT_br` → pt-BR; exact tags first, then the language part. */
export const matchLocale = (tag: string | null | undefined): AppLocale | null => {
  if (!tag) return null;
  const normalized = tag.trim().replace('_', '-').toLowerCase();
  if (!normalized) return null;
  const exact = SUPPORTED_LOCALES.find((locale) => locale.toLowerCase() === normalized);
  if (exact) return exact;
  const language = normalized.split('-')[0];
  return (
    SUPPORTED_LOCALES.find((locale) => locale.toLowerCase().startsWith(`${language}-`)) ?? null
  );
};

/** The browser's order of preference wins: `en-GB, es-ES` means English. */
const firstMatch = (tags: readonly string[]): AppLocale | null => {
  for (const tag of tags) {
    const match = matchLocale(tag);
    if (match) return match;
  }
  return null;
};

/** `?locale=`, then the stored choice, the browser, the page language, then pt-BR. */
export const chooseLocale = ({
  search = '',
  stored,
  languages = [],
  documentLang,
}: LocaleSources): AppLocale =>
  matchLocale(new URLSearchParams(search).get('locale')) ??
  (isAppLocale(stored) ? stored : null) ??
  firstMatch(languages) ??
  matchLocale(documentLang) ??
  DEFAULT_LOCALE;
