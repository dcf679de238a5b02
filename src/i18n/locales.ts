export const SUPPORTED_LOCALES = ['pt-BR', 'es-ES', 'en-US'] as const;

export type AppLocale = (typeof SUPPORTED_LOCALES)[number];

export const DEFAULT_LOCALE: AppLocale = 'pt-BR';

/** Each language names itself, so a lost visitor can still find their own. */
export const LOCALE_NAMES: Record<AppLocale, string> = {
  'pt-BR': 'Português (Brasil)',
  'es-ES': 'Español',
  'en-US': 'English',
};

export const isAppLocale = (value: unknown): value is AppLocale =>
  (SUPPORTED_LOCALES as readonly unknown[]).includes(value);
