import { useLocale } from 'react-admin';
import { DecimalInput } from './DecimalInput';
import { currencySign } from '../i18n/formatters';
import { centsToUnits, unitsToCents } from './money';

/** A money attribute stored as integer cents, typed and shown in the locale's currency. */
export const MoneyCentsInput = ({ source, label }: { source: string; label: string }) => {
  const locale = useLocale();
  return (
    <DecimalInput
      source={source}
      label={label}
      toShown={centsToUnits}
      toStored={unitsToCents}
      digits={2}
      min={0}
      prefix={currencySign(locale)}
    />
  );
};
