import AssessmentIcon from '@mui/icons-material/Assessment';
import DirectionsCarIcon from '@mui/icons-material/DirectionsCar';
import MapIcon from '@mui/icons-material/Map';
import { Box, MenuList, Typography } from '@mui/material';
import { useCanAccess, useSidebarState, useTranslate } from 'react-admin';
import { can } from '../authProvider/permissions';
import { useAccess } from '../authProvider/useAccess';
import { AdminMenuItems } from './AdminMenuItems';
import { MenuLink } from '../common/frame/MenuLink';

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
  return <MenuLink to="/reports" label="menu.reports" icon={<AssessmentIcon />} />;
};

/** The menu column: the map, the live device panel, reports, then the management screens. */
export const Menu = () => {
  const { access } = useAccess();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <MenuList>
        <MenuLink to="/home" label="menu.map" icon={<MapIcon />} />
        {can(access, 'devices') && (
          <MenuLink to="/devices" label="menu.devices" icon={<DirectionsCarIcon />} />
        )}
        <ReportsMenuItem />
        <AdminMenuItems />
      </MenuList>
      <Box sx={{ flex: 1 }} />
      <Version />
    </Box>
  );
};
