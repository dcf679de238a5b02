import { useLogin, useTranslate } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { safeReturnPath } from '../authProvider/loginRedirect';
import { AuthCard } from '../branding/AuthCard';
import { SignInForm } from '../pages';

const DRIVER_HOME = '/qr-driver';

/** `/motorista` signs in as `qrcode-{username}` (Tarkan's convention). */
const driverLogin = (username: string) => `qrcode-${username.trim()}`;

/** `/motorista`: the driver sign-in; afterwards `?to=` (a same-site path) or `/qr-driver`. */
export const DriverLoginPage = () => {
  const translate = useTranslate();
  const login = useLogin();
  const { search } = useLocation();
  return (
    <AuthCard title={translate('login.driverTitle')}>
      <SignInForm
        signIn={(username, password) =>
          login(
            { username: driverLogin(username), password, remember: false },
            safeReturnPath(new URLSearchParams(search).get('to')) ?? DRIVER_HOME,
          )
        }
      />
    </AuthCard>
  );
};
