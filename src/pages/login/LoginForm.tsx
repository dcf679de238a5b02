import { FormControlLabel, Switch } from '@mui/material';
import { useState } from 'react';
import { useLogin, useTranslate } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { returnPathFromSearch } from '../../authProvider/loginRedirect';
import { TrustUnlockButton } from '../../billing/TrustUnlockButton';
import { SignInForm } from './SignInForm';

/** The main sign-in: credentials, remember me, and the trust unlock of a suspended account. */
export const LoginForm = () => {
  const translate = useTranslate();
  const login = useLogin();
  const { search } = useLocation();
  const [remember, setRemember] = useState(false);
  return (
    <SignInForm
      signIn={(username, password, code) =>
        login({ username: username.trim(), password, remember, code }, returnPathFromSearch(search))
      }
      options={
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
      }
      suspended={({ error, username, password, retry, showError }) =>
        error.trustAvailable && (
          <TrustUnlockButton
            username={username}
            password={password}
            signIn={retry}
            onError={showError}
          />
        )
      }
    />
  );
};
