import { Box, Button, CircularProgress } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { useLogin, useTranslate } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { describeError, type ErrorView } from '../authProvider/describeError';
import { safeReturnPath } from '../authProvider/loginRedirect';
import { AuthCard } from '../pages/AuthCard';
import { ErrorMessage } from '../common/ErrorMessage';
import { CredentialFields } from '../pages/login/CredentialFields';
import { driverLogin } from './driverApi';

export const DRIVER_HOME = '/qr-driver';

/** `/motorista`: the driver sign-in; afterwards `?to=` (a same-site path) or `/qr-driver`. */
export const DriverLoginPage = () => {
  const translate = useTranslate();
  const login = useLogin();
  const { search } = useLocation();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<ErrorView | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!username.trim() || !password) {
      setError({ kind: 'message', key: 'errors.FILL_ALL_FIELDS' });
      return;
    }
    setError(null);
    setPending(true);
    const to = safeReturnPath(new URLSearchParams(search).get('to')) ?? DRIVER_HOME;
    try {
      await login({ username: driverLogin(username), password, remember: false }, to);
    } catch (failure) {
      setError(describeError(failure));
      setPending(false);
    }
  };

  return (
    <AuthCard title={translate('login.driverTitle')}>
      <Box
        component="form"
        noValidate
        onSubmit={submit}
        sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
      >
        {error && <ErrorMessage error={error} />}
        <CredentialFields
          username={username}
          password={password}
          onUsername={setUsername}
          onPassword={setPassword}
        />
        <Button type="submit" variant="contained" size="large" disabled={pending}>
          {pending ? <CircularProgress size={24} color="inherit" /> : translate('login.signIn')}
        </Button>
      </Box>
    </AuthCard>
  );
};
