import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import type { Device } from '../../model/device';
import { createShare, type Share, shareLink } from './shareApi';

/** Creates a 30-minute share link for the device and offers to copy it. */
export const ShareDialog = ({ device, onClose }: { device: Device; onClose: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const [share, setShare] = useState<Share | null>(null);
  const close = useRef(onClose);
  useEffect(() => {
    createShare(device.id, device.name)
      .then(setShare)
      .catch((error: unknown) => {
        notify('actions.failed', { type: 'error', messageArgs: { error: String(error) } });
        close.current();
      });
  }, [device.id, device.name, notify]);
  const link = share ? shareLink(share) : '';
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{translate('actions.shareTitle')}</DialogTitle>
      <DialogContent>
        <TextField
          fullWidth
          value={link}
          slotProps={{ htmlInput: { readOnly: true } }}
          sx={{ mt: 1 }}
        />
        {share && (
          <Typography variant="caption">
            {translate('actions.shareExpires', {
              time: new Date(share.expirationTime).toLocaleString(),
            })}
          </Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button
          disabled={!link}
          onClick={() =>
            void navigator.clipboard
              ?.writeText(link)
              .then(() => notify('actions.copied', { type: 'info' }))
          }
        >
          {translate('actions.copy')}
        </Button>
        <Button onClick={onClose}>{translate('detail.close')}</Button>
      </DialogActions>
    </Dialog>
  );
};
