import DirectionsCarIcon from '@mui/icons-material/DirectionsCar';
import MapIcon from '@mui/icons-material/Map';
import { Box, Typography } from '@mui/material';
import { Menu as RaMenu, useSidebarState, useTranslate } from 'react-admin';
import { can } from '../authProvider/permissions';
import { useAccess } from '../devices/useAccess';

const Version = () => {
  const translate = useTranslate();
  const [open] = useSidebarState();
  if (!open) return null;
  return (
    <Typography variant="caption" color="text.secondary" sx={{ px: 2, py: 1 }}>
      {translate('menu.version', { version: __APP_VERSION__ })}
    </Typography>
  );
};

export const Menu = () => {
  const { access } = useAccess();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <RaMenu>
        <RaMenu.Item to="/home" primaryText="menu.map" leftIcon={<MapIcon />} />
        {can(access, 'devices') && (
          <RaMenu.Item to="/devices" primaryText="menu.devices" leftIcon={<DirectionsCarIcon />} />
        )}
      </RaMenu>
      <Box sx={{ flex: 1 }} />
      <Version />
    </Box>
  );
};
