import { Box } from '@mui/material';
import { AppBar as RaAppBar, LoadingIndicator, TitlePortal } from 'react-admin';
import { useServerInfo } from '../bootstrap/ServerInfoContext';
import { AppUserMenu } from './AppUserMenu';
import { ImpersonationBanner } from './ImpersonationBanner';
import { BrandLogo, logoWidth } from '../branding/BrandLogo';
import { MuteToggle } from './MuteToggle';
import { WeatherClock } from './WeatherClock';

export const AppBar = () => {
  const { server, brand } = useServerInfo();
  return (
    <RaAppBar color="primary" userMenu={<AppUserMenu />} toolbar={<LoadingIndicator />}>
      <Box sx={{ width: 180, height: 40, display: 'flex', alignItems: 'center', mr: 2 }}>
        <BrandLogo width={logoWidth(brand.logoWidth, server.attributes)} />
      </Box>
      <TitlePortal variant="body1" />
      <ImpersonationBanner />
      <WeatherClock />
      <MuteToggle />
    </RaAppBar>
  );
};
