import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Typography,
} from '@mui/material';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';

interface QrDialogProps {
  title: string;
  hint: string;
  text: string;
  onClose: () => void;
}

/** A QR code drawn in the browser (the original fetched it from a deprecated Google API). */
export const QrDialog = ({ title, hint, text, onClose }: QrDialogProps) => {
  const translate = useTranslate();
  const [image, setImage] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    QRCode.toDataURL(text, { width: 240, margin: 1 })
      .then(setImage)
      .catch(() => setFailed(true));
  }, [text]);
  return (
    <Dialog open onClose={onClose} data-testid="qr-dialog">
      <DialogTitle>{title}</DialogTitle>
      <DialogContent sx={{ textAlign: 'center' }}>
        {image && <Box component="img" src={image} alt={title} sx={{ width: 240, height: 240 }} />}
        {failed && <Typography color="error">{translate('actions.qrError')}</Typography>}
        <Typography variant="body2" sx={{ mt: 1 }}>
          {hint}
        </Typography>
        <Typography variant="caption" data-testid="qr-text" sx={{ wordBreak: 'break-all' }}>
          {text}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('detail.close')}</Button>
      </DialogActions>
    </Dialog>
  );
};
