import { Box, Link } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { DRIVER_LOGIN_PATH } from '../../authProvider/loginRedirect';
import { useServerInfo } from '../../bootstrap/ServerInfoContext';
import { AuthCard } from '../AuthCard';
import { ErrorMessage } from '../../common/ErrorMessage';
import { LoginForm } from './LoginForm';

/** `/login`, and for now `/motorista` too (the driver sign-in proper comes later). */
export const LoginPage = () => {
  const translate = useTranslate();
  const { server } = useServerInfo();
  const { pathname, search } = useLocation();
  // `/share/:token` sends an unknown, expired or revoked link here.
  const invalidShare = new URLSearchParams(search).get('share') === 'invalid';
  const isDriver = pathname === DRIVER_LOGIN_PATH;
  return (
    <AuthCard title={isDriver ? translate('login.driverTitle') : undefined}>
      {invalidShare && <ErrorMessage error={{ kind: 'message', key: 'errors.INVALID_SHARE' }} />}
      <LoginForm />
      <Box sx={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <Link component={RouterLink} to="/login/recover" variant="body2">
          {translate('login.lostPassword')}
        </Link>
        {server.registration && (
          <Link component={RouterLink} to="/register" variant="body2">
            {translate('login.register')}
          </Link>
        )}
      </Box>
    </AuthCard>
  );
};
