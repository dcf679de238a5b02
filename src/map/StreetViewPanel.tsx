import { Box, Paper, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useServerInfo } from '../bootstrap/ServerInfoContext';
import { usePosition } from '../live/liveStore';
import { useMapUi } from './mapUi';
import { googleKeyOf } from './tileLayers';

const streetViewUrl = (key: string, lat: number, lng: number, heading: number) =>
  `https://www.google.com/maps/embed/v1/streetview?key=${encodeURIComponent(key)}` +
  `&location=${lat},${lng}&heading=${Math.round(heading)}`;

/** Street view of the selected device, with the server's Google key; a notice without one. */
export const StreetViewPanel = ({ deviceId }: { deviceId: number | null }) => {
  const translate = useTranslate();
  const { server } = useServerInfo();
  const { streetView } = useMapUi();
  const position = usePosition(deviceId ?? undefined);
  if (!streetView) return null;
  const key = googleKeyOf(server);
  let content;
  if (!key) content = translate('map.noStreetViewKey');
  else if (!position) content = translate('map.streetViewNoDevice');
  return (
    <Paper
      data-testid="street-view"
      elevation={4}
      sx={{
        position: 'absolute',
        right: 12,
        bottom: 24,
        width: 360,
        height: 240,
        zIndex: 1000,
        overflow: 'hidden',
      }}
    >
      {content || !key || !position ? (
        <Box sx={{ p: 2, height: '100%', display: 'flex', alignItems: 'center' }}>
          <Typography variant="body2">{content}</Typography>
        </Box>
      ) : (
        <iframe
          title={translate('map.streetView')}
          width="100%"
          height="100%"
          style={{ border: 0 }}
          loading="lazy"
          referrerPolicy="no-referrer-when-downgrade"
          src={streetViewUrl(key, position.latitude, position.longitude, position.course)}
        />
      )}
    </Paper>
  );
};
