import DirectionsCarIcon from '@mui/icons-material/DirectionsCar';
import MapIcon from '@mui/icons-material/Map';
import AssessmentIcon from '@mui/icons-material/Assessment';
import { Box, Typography } from '@mui/material';
import { Menu as RaMenu, useCanAccess, useSidebarState, useTranslate } from 'react-admin';
import { can } from '../authProvider/permissions';
import { useAccess } from '../authProvider/useAccess';
import { AdminMenuItems } from './AdminMenuItems';

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

/** "Relatórios", shown when the authProvider allows listing reports. */
const ReportsMenuItem = () => {
  const { canAccess } = useCanAccess({ resource: 'reports', action: 'list' });
  if (!canAccess) return null;
  return <RaMenu.Item to="/reports" primaryText="reports.title" leftIcon={<AssessmentIcon />} />;
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
        <ReportsMenuItem />
        <AdminMenuItems />
      </RaMenu>
      <Box sx={{ flex: 1 }} />
      <Version />
    </Box>
  );
};
