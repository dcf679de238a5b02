import { Box, Button, CircularProgress, FormControlLabel, Switch } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { useLogin, useTranslate } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { describeError, type ErrorView } from '../../authProvider/describeError';
import { returnPathFromSearch } from '../../authProvider/loginRedirect';
import { ErrorMessage } from '../../common/ErrorMessage';
import { CredentialFields } from './CredentialFields';
import { TrustUnlockButton } from '../../billing/TrustUnlockButton';

export const LoginForm = () => {
  const translate = useTranslate();
  const login = useLogin();
  const { search } = useLocation();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [error, setError] = useState<ErrorView | null>(null);
  const [pending, setPending] = useState(false);

  const signIn = async () => {
    setPending(true);
    try {
      await login({ username: username.trim(), password, remember }, returnPathFromSearch(search));
    } catch (failure) {
      setError(describeError(failure));
      setPending(false);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!username.trim() || !password) {
      setError({ kind: 'message', key: 'errors.FILL_ALL_FIELDS' });
      return;
    }
    setError(null);
    await signIn();
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
    >
      {error && (
        <ErrorMessage error={error}>
          {error.kind === 'suspended' && error.trustAvailable && (
            <TrustUnlockButton
              username={username}
              password={password}
              signIn={signIn}
              onError={setError}
            />
          )}
        </ErrorMessage>
      )}
      <CredentialFields
        username={username}
        password={password}
        onUsername={setUsername}
        onPassword={setPassword}
      />
      <FormControlLabel
        control={
          <Switch
            id="remember"
            checked={remember}
            onChange={(event) => setRemember(event.target.checked)}
          />
        }
        label={translate('login.remember')}
      />
      <Button type="submit" variant="contained" size="large" disabled={pending}>
        {pending ? <CircularProgress size={24} color="inherit" /> : translate('login.signIn')}
      </Button>
    </Box>
  );
};
