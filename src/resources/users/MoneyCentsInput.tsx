import { InputAdornment } from '@mui/material';
import { NumberInput, useLocale } from 'react-admin';
import { currencyFor } from '../../i18n/formatters';

/** Stored cents (a number or Tarkan's integer string) → the amount typed, in currency units. */
export const centsToUnits = (cents: unknown): string => {
  if (cents === null || cents === undefined || cents === '') return '';
  const n = Number(cents);
  return Number.isFinite(n) ? String(n / 100) : '';
};

/** The amount typed (a number, or text with a comma or dot) → integer cents; blank → null. */
export const unitsToCents = (value: unknown): number | null => {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number(String(value).replace(',', '.'));
  return Number.isFinite(n) ? Math.round(n * 100) : null;
};

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
