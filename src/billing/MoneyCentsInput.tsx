import { InputAdornment } from '@mui/material';
import { NumberInput, useLocale } from 'react-admin';
import { currencyFor } from '../i18n/formatters';
import { centsToUnits, unitsToCents } from './money';

const currencySymbol = (locale: string): string =>
  new Intl.NumberFormat(locale, { style: 'currency', currency: currencyFor(locale) })
    .formatToParts(0)
    .find((part) => part.type === 'currency')?.value ?? '';

/** A money attribute stored as integer cents, typed and shown in the locale's currency. */
export const MoneyCentsInput = ({ source, label }: { source: string; label: string }) => {
  const locale = useLocale();
  return (
    <NumberInput
      source={source}
      label={label}
      format={centsToUnits}
      parse={unitsToCents}
      min={0}
      step={0.01}
      InputProps={{
        startAdornment: <InputAdornment position="start">{currencySymbol(locale)}</InputAdornment>,
      }}
    />
  );
};
