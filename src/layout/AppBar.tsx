import { Box } from '@mui/material';
import { AppBar as RaAppBar, LoadingIndicator, TitlePortal } from 'react-admin';
import { useServerInfo } from '../bootstrap/ServerInfoContext';
import { AppUserMenu } from './AppUserMenu';
import { BrandLogo } from './BrandLogo';
import { MuteToggle } from './MuteToggle';
import { WeatherClock } from './WeatherClock';

const DEFAULT_LOGO_WIDTH = '80%';

/** Spec §9: the logo width is the server attribute `tarkan.logoWidth`, in percent. */
const logoWidth = (attributes: Record<string, unknown>): string => {
  const value = Number.parseFloat(String(attributes['tarkan.logoWidth'] ?? ''));
  return value > 0 ? `${Math.min(value, 100)}%` : DEFAULT_LOGO_WIDTH;
};

export const AppBar = () => {
  const { server } = useServerInfo();
  return (
    <RaAppBar color="primary" userMenu={<AppUserMenu />} toolbar={<LoadingIndicator />}>
      <Box sx={{ width: 180, height: 40, display: 'flex', alignItems: 'center', mr: 2 }}>
        <BrandLogo width={logoWidth(server.attributes)} />
      </Box>
      <TitlePortal variant="body1" />
      <WeatherClock />
      <MuteToggle />
    </RaAppBar>
  );
};
