import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Stack,
  TextField,
} from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useTranslate } from 'react-admin';

export interface NewResellerUser {
  name: string;
  email: string;
  password: string;
  attributes: Record<string, unknown>;
}

interface Props {
  open: boolean;
  allowSubReseller: boolean;
  onClose: () => void;
  /** Resolves true once the user is created; false when refused (what was typed stays). */
  onSubmit: (user: NewResellerUser) => Promise<boolean>;
}

/** A new user under the reseller; a sub-reseller (domain, limit) when the reseller may. */
export const ResellerUserForm = ({ open, allowSubReseller, onClose, onSubmit }: Props) => {
  const translate = useTranslate();
  const [fields, setFields] = useState({
    name: '',
    email: '',
    password: '',
    domain: '',
    limit: '',
  });
  const [sub, setSub] = useState(false);
  const [busy, setBusy] = useState(false);
  const field = (key: keyof typeof fields, type = 'text') => (
    <TextField
      label={translate(`reseller.form.${key}`)}
      name={key}
      type={type}
      value={fields[key]}
      onChange={(event) => setFields({ ...fields, [key]: event.target.value })}
      required={key === 'name' || key === 'email' || key === 'password'}
      fullWidth
    />
  );
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const attributes = sub
      ? {
          'tarkan.reseller': true,
          'tarkan.domainReseller': fields.domain,
          'tarkan.limitReseller': Number(fields.limit || 0),
        }
      : {};
    try {
      const created = await onSubmit({
        name: fields.name,
        email: fields.email,
        password: fields.password,
        attributes,
      });
      if (!created) return;
      setFields({ name: '', email: '', password: '', domain: '', limit: '' });
      setSub(false);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs">
      <form onSubmit={(event) => void submit(event)}>
        <DialogTitle>{translate('reseller.create')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ mt: 1 }}>
            {field('name')}
            {field('email', 'email')}
            {field('password', 'password')}
            {allowSubReseller && (
              <FormControlLabel
                control={
                  <Checkbox checked={sub} onChange={(event) => setSub(event.target.checked)} />
                }
                label={translate('reseller.form.makeReseller')}
              />
            )}
            {sub && field('domain')}
            {sub && field('limit', 'number')}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('reseller.form.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {translate('reseller.form.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};
