import AddIcon from '@mui/icons-material/Add';
import { Box, Button, Card, CardContent, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { can } from '../../authProvider/permissions';
import { useAccess } from '../../authProvider/useAccess';
import type { FrotaDataProvider } from '../../dataProvider';
import { DeviceCreateDialog } from '../DeviceCreateDialog';
import { DevicePortsTable } from '../../connectingDevices';

/**
 * Over the map while the user has no device: instead of an empty map, how to get the first
 * vehicle on it. Add a device under the tracker's identifier, then point the tracker at this
 * server (its address, and the port of its protocol, as the server opened them), or use a phone
 * with the Traccar Client app, which speaks OsmAnd. `left`: the width of a panel open beside it.
 */
export const FirstTrackerCard = ({ left = 0 }: { left?: number }) => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { access } = useAccess();
  const dataProvider = useDataProvider<FrotaDataProvider>();
  const [adding, setAdding] = useState(false);
  const { data: ports = [] } = useQuery({
    queryKey: ['devicePorts'],
    queryFn: ({ signal }) => dataProvider.getDevicePorts(signal),
    staleTime: Infinity,
    retry: false,
  });
  const t = (key: string, args?: Record<string, unknown>) =>
    translate(`connectingDevices.firstTracker.${key}`, args);
  const host = window.location.hostname;
  const osmand = ports.find((port) => port.protocol === 'osmand');
  // The web address takes OsmAnd reports too, where the OsmAnd port is not known.
  const appAddress = osmand ? `http://${host}:${osmand.port}` : window.location.origin;
  const mayAdd = can(access, 'deviceCreate');
  return (
    <Card
      data-testid="first-tracker"
      elevation={4}
      sx={{
        position: 'absolute',
        top: '50%',
        left: `calc(50% + ${left / 2}px)`,
        transform: 'translate(-50%, -50%)',
        width: `calc(100% - ${left + 24}px)`,
        maxWidth: 560,
        maxHeight: 'calc(100% - 24px)',
        overflowY: 'auto',
        zIndex: 1000,
      }}
    >
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {t('title')}
        </Typography>
        <Typography variant="body2" paragraph>
          {t('intro')}
        </Typography>
        <Box component="ol" sx={{ pl: 2.5, my: 0, '& > li': { mb: 1.5 } }}>
          <li>
            <Typography variant="body2" gutterBottom>
              {t(mayAdd ? 'add' : 'askAdmin')}
            </Typography>
            {mayAdd && (
              <Button
                variant="contained"
                size="small"
                startIcon={<AddIcon />}
                onClick={() => setAdding(true)}
              >
                {t('addButton')}
              </Button>
            )}
          </li>
          <li>
            <Typography variant="body2" gutterBottom>
              {t('tracker', { host })}
            </Typography>
            <DevicePortsTable />
          </li>
          <li>
            <Typography variant="body2" data-testid="first-tracker-app">
              {t('app', { address: appAddress })}
            </Typography>
          </li>
        </Box>
      </CardContent>
      <DeviceCreateDialog
        open={adding}
        onClose={() => setAdding(false)}
        onCreated={(device) => {
          setAdding(false);
          navigate(`/devices/${device.id}`);
        }}
      />
    </Card>
  );
};
