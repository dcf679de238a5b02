import { enUS, esES, ptBR, type Localization } from '@mui/material/locale';
import { deepmerge } from '@mui/utils';
import type { RaThemeOptions } from 'react-admin';
import { type AppLocale, DEFAULT_LOCALE, isAppLocale } from './locales';

/**
 * MUI's own texts (Autocomplete's "Open"/"Clear", the pagination's "pagination navigation",
 * "Rows per page") come from its locale objects, not from our catalogues: the theme must carry
 * the interface language's one or MUI speaks English everywhere.
 */
export const MUI_LOCALES: Record<AppLocale, Localization> = {
  'pt-BR': ptBR,
  // MUI's Spanish labels the open button "Abierto" (opened); the button opens the list.
  'es-ES': deepmerge(esES, {
    components: { MuiAutocomplete: { defaultProps: { openText: 'Abrir' } } },
  }),
  'en-US': enUS,
};

export const withMuiLocale = (theme: RaThemeOptions, locale: unknown): RaThemeOptions =>
  deepmerge(theme, MUI_LOCALES[isAppLocale(locale) ? locale : DEFAULT_LOCALE]);
