import { MenuItem, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { isAppLocale, LOCALE_NAMES, SUPPORTED_LOCALES } from './locales';
import { useChangeLocale } from './useChangeLocale';

export const LanguageSelector = () => {
  const translate = useTranslate();
  const [locale, changeLocale] = useChangeLocale();
  return (
    <TextField
      select
      id="language"
      size="small"
      label={translate('login.language')}
      value={locale}
      onChange={(event) => {
        if (isAppLocale(event.target.value)) changeLocale(event.target.value);
      }}
      sx={{ minWidth: 180 }}
    >
      {SUPPORTED_LOCALES.map((option) => (
        <MenuItem key={option} value={option} lang={option}>
          {LOCALE_NAMES[option]}
        </MenuItem>
      ))}
    </TextField>
  );
};
