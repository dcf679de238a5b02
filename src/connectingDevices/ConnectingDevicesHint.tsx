import SensorsIcon from '@mui/icons-material/Sensors';
import { Alert, Link } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { useAccess } from '../authProvider/useAccess';
import { useConnectingDevices } from './useConnectingDevices';

/**
 * Above the device list, for administrators: how many trackers are trying to connect, leading to
 * the screen that adds them. Nothing when none are (or the list cannot be read, as in proxy
 * mode, where the screen itself says why).
 */
export const ConnectingDevicesHint = () => {
  const translate = useTranslate();
  const allowed = useAccess().can('list', 'connecting-devices');
  const { data } = useConnectingDevices(allowed, false);
  const count = data?.length ?? 0;
  if (!allowed || count === 0) return null;
  return (
    <Alert severity="info" icon={<SensorsIcon />} sx={{ mt: 1 }} data-testid="connecting-hint">
      <Link component={RouterLink} to="/connecting-devices">
        {translate('connectingDevices.listHint', { smart_count: count })}
      </Link>
    </Alert>
  );
};
