import { FormControl, InputLabel, NativeSelect, OutlinedInput } from '@mui/material';
import { useTranslate } from 'react-admin';
import { isAppLocale, LOCALE_NAMES, SUPPORTED_LOCALES } from './locales';
import { useChangeLocale } from './useChangeLocale';

/**
 * The language choice of the pages without a session. The browser's own list (easy on a phone)
 * keeps MUI's menus out of the sign-in page's first script.
 */
export const LanguageSelector = () => {
  const translate = useTranslate();
  const [locale, changeLocale] = useChangeLocale();
  const label = translate('login.language');
  return (
    <FormControl size="small" sx={{ minWidth: 180 }}>
      <InputLabel htmlFor="language" shrink>
        {label}
      </InputLabel>
      <NativeSelect
        id="language"
        value={locale}
        onChange={(event) => {
          if (isAppLocale(event.target.value)) changeLocale(event.target.value);
        }}
        input={<OutlinedInput label={label} notched />}
      >
        {SUPPORTED_LOCALES.map((option) => (
          <option key={option} value={option} lang={option}>
            {LOCALE_NAMES[option]}
          </option>
        ))}
      </NativeSelect>
    </FormControl>
  );
};
