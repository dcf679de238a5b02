import { InputAdornment, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { ColorKey } from '../../../model/theme';

interface ThemeColorFieldProps {
  name: ColorKey;
  value: string;
  error?: string;
  onChange: (value: string) => void;
}

const HEX = /^#[0-9a-f]{6}$/i;

/** A colour as text (#rrggbb or rgba) with the browser's picker for hex values. */
export const ThemeColorField = ({ name, value, error, onChange }: ThemeColorFieldProps) => {
  const translate = useTranslate();
  const label = translate(`themeEditor.color.${name}`);
  return (
    <TextField
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={Boolean(error)}
      helperText={error ? translate(error) : ' '}
      size="small"
      slotProps={{
        htmlInput: { 'data-color': name, spellCheck: false, maxLength: 40 },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <input
                type="color"
                aria-label={label}
                value={HEX.test(value) ? value : '#000000'}
                disabled={!HEX.test(value)}
                onChange={(event) => onChange(event.target.value)}
                style={{ width: 28, height: 28, padding: 0, border: 'none', background: 'none' }}
              />
            </InputAdornment>
          ),
        },
      }}
    />
  );
};
