import CheckIcon from '@mui/icons-material/Check';
import { ListItemIcon, ListItemText, ListSubheader, MenuItem } from '@mui/material';
import { useTranslate } from 'react-admin';
import { LOCALE_NAMES, SUPPORTED_LOCALES } from '../i18n/locales';
import { useChangeLocale } from '../i18n/useChangeLocale';

/** The language choice inside the user menu. */
export const LocaleMenuItems = () => {
  const translate = useTranslate();
  const [locale, changeLocale] = useChangeLocale();
  return (
    <>
      <ListSubheader sx={{ lineHeight: '32px' }}>{translate('menu.language')}</ListSubheader>
      {SUPPORTED_LOCALES.map((option) => (
        <MenuItem
          key={option}
          lang={option}
          selected={option === locale}
          onClick={() => changeLocale(option)}
        >
          <ListItemIcon>{option === locale && <CheckIcon fontSize="small" />}</ListItemIcon>
          <ListItemText>{LOCALE_NAMES[option]}</ListItemText>
        </MenuItem>
      ))}
    </>
  );
};
