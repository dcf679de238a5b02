import { FormControlLabel, Switch, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { IntegrationFieldType } from '../../../model/integration';
import type { SettingValue } from '../../dataProvider/integrations';
import { DecimalTextField } from '../../common/DecimalInput';

/** One setting: a switch, a text or number field, or a write-only secret. */
export const IntegrationField = ({
  name,
  type,
  value,
  isSet,
  onChange,
}: {
  name: string;
  type: IntegrationFieldType;
  value: SettingValue | undefined;
  /** For secrets: whether one is stored. */
  isSet: boolean;
  onChange: (value: SettingValue) => void;
}) => {
  const translate = useTranslate();
  const label = translate(
    name === 'enabled' ? 'integrations.enabled' : `integrations.fields.${name}`,
  );
  if (type === 'boolean') {
    return (
      <FormControlLabel
        control={
          <Switch checked={value === true} onChange={(event) => onChange(event.target.checked)} />
        }
        label={label}
      />
    );
  }
  if (type === 'number') {
    const number = typeof value === 'number' ? value : value ? Number(value) : null;
    return (
      <DecimalTextField
        label={label}
        value={number}
        onChange={(next) => onChange(next === null ? '' : next)}
        error={number !== null && Number.isNaN(number)}
      />
    );
  }
  return (
    <TextField
      size="small"
      label={label}
      type={type === 'secret' ? 'password' : 'text'}
      autoComplete={type === 'secret' ? 'new-password' : 'off'}
      value={value ?? ''}
      helperText={type === 'secret' && isSet ? translate('integrations.configured') : undefined}
      onChange={(event) => onChange(event.target.value)}
    />
  );
};
