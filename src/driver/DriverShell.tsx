import LogoutIcon from '@mui/icons-material/Logout';
import { AppBar, Box, Button, Toolbar, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import { setCurrentUser } from '../authProvider/currentUser';
import { DRIVER_LOGIN_PATH } from '../authProvider/loginRedirect';
import type { FrotaDataProvider } from '../dataProvider';

/** The full-screen frame of the driver screens: title, sign-out, content. */
export const DriverShell = ({ children }: { children: ReactNode }) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<FrotaDataProvider>();
  const signOut = useMutation({
    mutationFn: () => dataProvider.deleteSession(),
    onSettled: () => {
      setCurrentUser(null);
      // A full load so nothing of the session survives.
      window.location.replace(DRIVER_LOGIN_PATH);
    },
  });
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <AppBar position="static">
        <Toolbar>
          <Typography variant="h6" component="h1" sx={{ flexGrow: 1 }}>
            {translate('driver.title')}
          </Typography>
          <Button color="inherit" startIcon={<LogoutIcon />} onClick={() => signOut.mutate()}>
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
