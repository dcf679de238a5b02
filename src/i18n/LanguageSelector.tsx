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
    // Outlined spelled out on each part: the native select otherwise lays its label out as a
    // standard field's, drawn inside the box over the language instead of in the outline's notch.
    <FormControl size="small" variant="outlined" sx={{ minWidth: 180 }}>
      <InputLabel htmlFor="language" variant="outlined" shrink>
        {label}
      </InputLabel>
      <NativeSelect
        id="language"
        variant="outlined"
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
