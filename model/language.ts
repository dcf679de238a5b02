/**
 * The product's three languages, as the web app's catalogues and the server's texts (mail,
 * spreadsheets, notifications) name them.
 */
export const LANGUAGES = ['pt-BR', 'es-ES', 'en-US'] as const;

export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = 'pt-BR';

export const isLanguage = (value: unknown): value is Language =>
  (LANGUAGES as readonly unknown[]).includes(value);

/** `pt`, `pt-PT`, `es_AR`, `EN` → the product language of the same language; else null. */
export function matchLanguage(value: unknown): Language | null {
  if (typeof value !== 'string') return null;
  const code = value.trim().toLowerCase().slice(0, 2);
  return LANGUAGES.find((language) => language.toLowerCase().startsWith(`${code}-`)) ?? null;
}
