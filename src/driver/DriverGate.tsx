import { Box, Button, CircularProgress, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useAuthState, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { getCurrentUser } from '../authProvider/currentUser';
import { isDriverUser } from '../authProvider/driverUser';

const Centered = ({ children }: { children: ReactNode }) => (
  <Box
    sx={{
      minHeight: '100vh',
      display: 'flex',
      flexDirection: 'column',
      alignItems: 'center',
      justifyContent: 'center',
      gap: 2,
      p: 2,
    }}
  >
    {children}
  </Box>
);

/**
 * The driver screens need a session (else `/motorista?to=…`) of a driver account; anyone else is
 * told so and pointed to the map.
 */
export const DriverGate = ({ children }: { children: ReactNode }) => {
  const translate = useTranslate();
  const { isPending, authenticated } = useAuthState(undefined, true);
  if (isPending || !authenticated) {
    return (
      <Centered>
        <CircularProgress />
      </Centered>
    );
  }
  if (!isDriverUser(getCurrentUser())) {
    return (
      <Centered>
        <Typography>{translate('driver.onlyDrivers')}</Typography>
        <Button component={Link} to="/home" variant="contained">
          {translate('driver.goHome')}
        </Button>
      </Centered>
    );
  }
  return <>{children}</>;
};
