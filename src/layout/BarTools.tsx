import { Box } from '@mui/material';
import { LoadingIndicator } from 'react-admin';
import { AppUserMenu } from './AppUserMenu';
import { ImpersonationBanner } from './ImpersonationBanner';
import { MuteToggle } from './MuteToggle';
import { WeatherClock } from './WeatherClock';

/** The right of the bar: the signed-in-as banner, weather and clock, mute, refresh, user menu. */
export const BarTools = () => (
  <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
    <ImpersonationBanner />
    <WeatherClock />
    <MuteToggle />
    <LoadingIndicator />
    <AppUserMenu />
  </Box>
);
