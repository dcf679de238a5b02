import TimerIcon from '@mui/icons-material/Timer';
import { Box, Button, Dialog, DialogActions, DialogContent, Typography } from '@mui/material';
import { type ReactNode, useEffect, useState } from 'react';
import { Logout, UserMenu, useLogout, usePermissions, useTranslate } from 'react-admin';
import { Frame } from '../common/frame/Frame';
import { ErrorPage } from '../loading/raPages';
import { LiveConnection } from '../live/LiveConnection';
import { ToastHost } from '../alerts/ToastHost';
import { BrandLogo } from '../branding/BrandLogo';
import type { User } from '../../model/user';
import { countdownText, remainingSeconds } from './countdown';

/** Ticks every second while mounted. */
const useSecondClock = (): number => {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
};

/** "Expira em …" and, at expiry, "Sua sessão expirou!" then sign-out. */
export const ShareCountdown = ({ user }: { user: User }) => {
  const translate = useTranslate();
  const logout = useLogout();
  const now = useSecondClock();
  const left = remainingSeconds(user.expirationTime, now);
  if (left === null) return null;
  const { key, args } = countdownText(left);
  return (
    <>
      <Box
        data-testid="share-countdown"
        sx={{ display: 'flex', alignItems: 'center', gap: 0.5, mx: 1 }}
      >
        <TimerIcon fontSize="small" />
        <Typography variant="body2">
          {translate('shares.expiresIn', { time: translate(key, args) })}
        </Typography>
      </Box>
      {left <= 0 && (
        <Dialog open data-testid="share-expired">
          <DialogContent>
            <Typography>{translate('shares.expired')}</Typography>
          </DialogContent>
          <DialogActions>
            <Button variant="contained" onClick={() => void logout()}>
              {translate('shares.ok')}
            </Button>
          </DialogActions>
        </Dialog>
      )}
    </>
  );
};

/** The viewer's bar: the countdown and a user menu with only the way out. */
const ShareBarTools = () => {
  const { permissions: user } = usePermissions<User | null>();
  return (
    <>
      {user && <ShareCountdown user={user} />}
      <UserMenu>
        <Logout />
      </UserMenu>
    </>
  );
};

/** Share viewer mode: the map at full width, no menu, only logout, the countdown. */
export const ShareViewerLayout = ({ children }: { children: ReactNode }) => (
  <Frame
    logo={
      <Box sx={{ width: 180, height: 40, display: 'flex', alignItems: 'center', mr: 2 }}>
        <BrandLogo width="80%" />
      </Box>
    }
    bar={<ShareBarTools />}
    errorPage={ErrorPage}
  >
    <LiveConnection />
    <ToastHost />
    {children}
  </Frame>
);
