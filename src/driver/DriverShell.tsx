import LogoutIcon from '@mui/icons-material/Logout';
import { AppBar, Box, Button, Toolbar, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { setCurrentUser } from '../authProvider/currentUser';
import { DRIVER_LOGIN_PATH } from '../authProvider/loginRedirect';
import { deleteSession } from '../authProvider/session';

const signOut = async () => {
  try {
    await deleteSession();
  } finally {
    setCurrentUser(null);
    // A full load so nothing of the session survives.
    window.location.replace(DRIVER_LOGIN_PATH);
  }
};

/** The full-screen frame of the driver screens: title, sign-out, content. */
export const DriverShell = ({ children }: { children: ReactNode }) => {
  const translate = useTranslate();
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <AppBar position="static">
        <Toolbar>
          <Typography variant="h6" component="h1" sx={{ flexGrow: 1 }}>
            {translate('driver.title')}
          </Typography>
          <Button color="inherit" startIcon={<LogoutIcon />} onClick={() => void signOut()}>
            {translate('driver.logout')}
          </Button>
        </Toolbar>
      </AppBar>
      <Box
        sx={{
          flexGrow: 1,
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          gap: 2,
          p: 2,
        }}
      >
        {children}
      </Box>
    </Box>
  );
};
