import { InputAdornment } from '@mui/material';
import { NumberInput, useLocale } from 'react-admin';
import { currencySign } from '../i18n/formatters';
import { centsToUnits, unitsToCents } from './money';

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
        startAdornment: <InputAdornment position="start">{currencySign(locale)}</InputAdornment>,
      }}
    />
  );
};
