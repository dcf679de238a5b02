import { FormControlLabel, Switch, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { IntegrationFieldType } from '../../../model/integration';
import type { SettingValue } from '../../dataProvider/integrations';

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
  return (
    <TextField
      size="small"
      label={label}
      type={type === 'secret' ? 'password' : type === 'number' ? 'number' : 'text'}
      autoComplete={type === 'secret' ? 'new-password' : 'off'}
      value={value ?? ''}
      helperText={type === 'secret' && isSet ? translate('integrations.configured') : undefined}
      onChange={(event) =>
        onChange(type === 'number' ? Number(event.target.value) : event.target.value)
      }
    />
  );
};
