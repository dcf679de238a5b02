import SensorsIcon from '@mui/icons-material/Sensors';
import { Box, Button, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { DevicePortsTable } from './DevicePortsTable';

/**
 * What the list is and how a tracker is pointed at this server: the address this page was reached
 * at, and the port of each protocol as the server opened it.
 */
export const ConnectingDevicesEmpty = () => {
  const translate = useTranslate();
  const host = window.location.hostname;
  return (
    <Box data-testid="connecting-devices-empty" sx={{ py: 2, maxWidth: 760 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mb: 1 }}>
        <SensorsIcon color="action" />
        <Typography variant="subtitle1">{translate('connectingDevices.empty.title')}</Typography>
      </Box>
      <Typography variant="body2" paragraph>
        {translate('connectingDevices.empty.what')}
      </Typography>
      <Typography variant="body2" paragraph>
        {translate('connectingDevices.empty.how', { host })}
      </Typography>
      <Typography variant="body2" paragraph>
        {translate('connectingDevices.empty.ports')}
      </Typography>
      <DevicePortsTable />
      <Typography variant="body2" paragraph>
        {translate('connectingDevices.empty.auto')}
      </Typography>
      <Button component={Link} to="/server" variant="outlined" size="small">
        {translate('connectingDevices.empty.settings')}
      </Button>
    </Box>
  );
};
