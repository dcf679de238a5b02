import { Box, Link } from '@mui/material';
import type { MouseEvent } from 'react';
import { useTranslate } from 'react-admin';
import type { SignInParams } from '../../authProvider/session';
import { useServerInfo } from '../../bootstrap/ServerInfoContext';
import { AuthCard } from '../../branding/AuthCard';
import { ErrorMessage } from '../../common/ErrorMessage';
import { LoginForm } from './LoginForm';

interface LoginPageProps {
  /** The address's query: `?to=` (where to go afterwards), `?share=invalid`. */
  search: string;
  /** Signs in and opens the app; rejects with the server's refusal. */
  signIn: (params: SignInParams) => Promise<void>;
  /** Opens another page of the app (password recovery, registration). */
  onOpen: (path: string) => void;
}

/**
 * `/login`. It is the first script's only screen (src/startup/): no router and no react-admin
 * admin around it, so it takes its address and its ways out as props.
 */
export const LoginPage = ({ search, signIn, onOpen }: LoginPageProps) => {
  const translate = useTranslate();
  const { server } = useServerInfo();
  // `/share/:token` sends an unknown, expired or revoked link here.
  const invalidShare = new URLSearchParams(search).get('share') === 'invalid';
  const open = (path: string) => (event: MouseEvent) => {
    event.preventDefault();
    onOpen(path);
  };
  return (
    <AuthCard>
      {invalidShare && <ErrorMessage error={{ kind: 'message', key: 'errors.INVALID_SHARE' }} />}
      <LoginForm signIn={signIn} />
      <Box sx={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <Link href="/login/recover" onClick={open('/login/recover')} variant="body2">
          {translate('login.lostPassword')}
        </Link>
        {server.registration && (
          <Link href="/register" onClick={open('/register')} variant="body2">
            {translate('login.register')}
          </Link>
        )}
      </Box>
    </AuthCard>
  );
};
