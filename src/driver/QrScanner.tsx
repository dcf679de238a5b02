import { Alert, Box, Button, Typography } from '@mui/material';
import { useCallback, useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { useQrCamera } from './useQrCamera';
import { vehicleIdFromQr } from './vehicleQr';

/** Full-screen camera reading a vehicle QR of this site, then off to its confirmation. */
export const QrScanner = ({ onCancel }: { onCancel: () => void }) => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const video = useRef<HTMLVideoElement>(null);
  const [foreign, setForeign] = useState(false);
  const onText = useCallback(
    (text: string) => {
      const id = vehicleIdFromQr(text, window.location.origin);
      if (id) navigate(`/qr-driver/scan/${id}`);
      else setForeign(true);
    },
    [navigate],
  );
  const { failed } = useQrCamera(video, onText);
  return (
    <Box
      sx={{
        position: 'fixed',
        inset: 0,
        bgcolor: 'common.black',
        display: 'flex',
        flexDirection: 'column',
      }}
      data-testid="qr-scanner"
    >
      <Box
        component="video"
        ref={video}
        muted
        playsInline
        sx={{ flexGrow: 1, minHeight: 0, width: '100%', objectFit: 'contain' }}
      />
      <Box
        sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1, bgcolor: 'background.paper' }}
      >
        {failed && <Alert severity="error">{translate('driver.cameraError')}</Alert>}
        {foreign && <Alert severity="warning">{translate('driver.notVehicleQr')}</Alert>}
        {!failed && <Typography>{translate('driver.scanning')}</Typography>}
        <Button variant="outlined" onClick={onCancel}>
          {translate('driver.cancel')}
        </Button>
      </Box>
    </Box>
  );
};
