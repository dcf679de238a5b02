import { FormControlLabel, Switch } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import type { SignInParams } from '../../authProvider/session';
// Only a suspended account with a trust unlock left needs it (and react-query with it): billing/
// loads it on first use.
import { TrustUnlockButton } from '../../billing';
import { SignInForm } from './SignInForm';

/** The main sign-in: credentials, remember me, and the trust unlock of a suspended account. */
export const LoginForm = ({ signIn }: { signIn: (params: SignInParams) => Promise<void> }) => {
  const translate = useTranslate();
  const [remember, setRemember] = useState(false);
  return (
    <SignInForm
      signIn={(username, password, code) =>
        signIn({ username: username.trim(), password, remember, code })
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
