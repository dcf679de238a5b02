import { FormControlLabel, Switch } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import type { SignInParams } from '../../authProvider/session';
import { lazyPage } from '../../loading/lazyPage';
import { SignInForm } from './SignInForm';

// Only a suspended account with a trust unlock left needs it (and react-query with it).
// A button within the form: no page shapes while it loads.
const TrustUnlockButton = lazyPage(
  () => import('../../billing/TrustUnlockButton').then((m) => m.TrustUnlockButton),
  { skeleton: 'none' },
);

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
