import { Box } from '@mui/material';
import { AppBar as RaAppBar, LoadingIndicator, TitlePortal } from 'react-admin';
import { useServerInfo } from '../bootstrap/ServerInfoContext';
import { AppUserMenu } from './AppUserMenu';
import { BrandLogo } from './BrandLogo';
import { MuteToggle } from './MuteToggle';
import { WeatherClock } from './WeatherClock';

const DEFAULT_LOGO_WIDTH = '80%';

/**
 * The logo width in percent: the theme editor's logo size, else the server attribute
 * `tarkan.logoWidth`, else 80.
 */
export const logoWidth = (
  brandWidth: number | null,
  attributes: Record<string, unknown>,
): string => {
  const value = brandWidth ?? Number.parseFloat(String(attributes['tarkan.logoWidth'] ?? ''));
  return value > 0 ? `${Math.min(value, 100)}%` : DEFAULT_LOGO_WIDTH;
};

export const AppBar = () => {
  const { server, brand } = useServerInfo();
  return (
    <RaAppBar color="primary" userMenu={<AppUserMenu />} toolbar={<LoadingIndicator />}>
      <Box sx={{ width: 180, height: 40, display: 'flex', alignItems: 'center', mr: 2 }}>
        <BrandLogo width={logoWidth(brand.logoWidth, server.attributes)} />
      </Box>
      <TitlePortal variant="body1" />
      <WeatherClock />
      <MuteToggle />
    </RaAppBar>
  );
};
