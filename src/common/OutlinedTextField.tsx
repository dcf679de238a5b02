import { FormControl, InputLabel, OutlinedInput, type OutlinedInputProps } from '@mui/material';

interface OutlinedTextFieldProps extends Pick<
  OutlinedInputProps,
  'name' | 'type' | 'autoComplete' | 'autoFocus' | 'value' | 'onChange' | 'inputProps'
> {
  id: string;
  label: string;
}

/**
 * A labelled outlined text box that looks like MUI's `TextField`, built from the parts TextField
 * itself is made of. TextField also carries its select mode (menus, popovers, modals), which a
 * sign-in form never uses and the sign-in page's first script would otherwise download.
 */
export const OutlinedTextField = ({ id, label, ...input }: OutlinedTextFieldProps) => (
  <FormControl variant="outlined">
    <InputLabel htmlFor={id}>{label}</InputLabel>
    <OutlinedInput id={id} label={label} {...input} />
  </FormControl>
);
