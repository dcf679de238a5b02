import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  IconButton,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import QRCode from 'qrcode';
import { type FormEvent, useEffect, useState } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { useBrand } from '../../bootstrap/ServerInfoContext';
import type { FrotaDataProvider } from '../../dataProvider';
import { useErrorText } from '../../dataProvider/featureErrors';
import { codeMatches, totpUri } from './totpUri';

interface TwoFactorSetupDialogProps {
  /** Whose account: the e-mail names it in the authenticator app. */
  email: string;
  /** Saves the confirmed key; rejects with the server's refusal. */
  onConfirmed: (key: string) => Promise<void>;
  onClose: () => void;
}

/**
 * Turning two-step verification on: a fresh key from the server shown as a QR code and as text,
 * then the app's current code, checked before anything is saved so a user cannot lock
 * themselves out with an app that was never set up.
 */
export const TwoFactorSetupDialog = ({
  email,
  onConfirmed,
  onClose,
}: TwoFactorSetupDialogProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const errorText = useErrorText();
  const brand = useBrand();
  const dataProvider = useDataProvider<FrotaDataProvider>();
  const keyQuery = useQuery({
    queryKey: ['totpKey', 'new'],
    queryFn: () => dataProvider.createTotpKey(),
    // A key is shown once per opening; never a cached one.
    gcTime: 0,
    staleTime: Infinity,
    retry: false,
  });
  const key = keyQuery.data ?? null;
  const [image, setImage] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [wrong, setWrong] = useState(false);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (!key) return;
    let live = true;
    QRCode.toDataURL(totpUri(key, brand.title, email), { width: 220, margin: 1 })
      .then((url) => live && setImage(url))
      .catch(() => live && setImage(null));
    return () => {
      live = false;
    };
  }, [key, brand.title, email]);

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    if (!key) return;
    if (!codeMatches(key, code)) {
      setWrong(true);
      setCode('');
      return;
    }
    setSaving(true);
    setFailure(null);
    try {
      await onConfirmed(key);
    } catch (error) {
      setFailure(translate('signIn.twoFactor.failed', { error: errorText(error) }));
      setSaving(false);
    }
  };

  const copy = async () => {
    if (!key) return;
    try {
      await navigator.clipboard.writeText(key);
      notify('signIn.twoFactor.copied', { type: 'info' });
    } catch {
      // Copying is a convenience: the key stays on screen to type.
    }
  };

  // The key in groups of four, as authenticator apps show and users type it.
  const grouped = key?.match(/.{1,4}/g)?.join(' ') ?? '';

  return (
    <Dialog
      open
      onClose={saving ? undefined : onClose}
      data-testid="two-factor-setup"
      maxWidth="xs"
      fullWidth
    >
      <Box component="form" onSubmit={confirm} noValidate>
        <DialogTitle>{translate('signIn.twoFactor.title')}</DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          {keyQuery.isError && (
            <Alert severity="error">
              {translate('signIn.twoFactor.failed', { error: errorText(keyQuery.error) })}
            </Alert>
          )}
          {!key && !keyQuery.isError && <CircularProgress sx={{ alignSelf: 'center' }} />}
          {key && (
            <>
              <DialogContentText>{translate('signIn.twoFactor.scan')}</DialogContentText>
              {image && (
                <Box
                  component="img"
                  src={image}
                  alt={translate('signIn.twoFactor.qrAlt')}
                  sx={{ width: 220, height: 220, alignSelf: 'center' }}
                />
              )}
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                <Box sx={{ flex: 1 }}>
                  <Typography variant="caption" color="text.secondary">
                    {translate('signIn.twoFactor.key')}
                  </Typography>
                  <Typography
                    data-testid="totp-key"
                    sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}
                  >
                    {grouped}
                  </Typography>
                </Box>
                <Tooltip title={translate('signIn.twoFactor.copy')}>
                  <IconButton onClick={copy} aria-label={translate('signIn.twoFactor.copy')}>
                    <ContentCopyIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              </Box>
              <TextField
                id="totp-confirm-code"
                label={translate('signIn.twoFactor.confirmCode')}
                value={code}
                autoComplete="one-time-code"
                autoFocus
                error={wrong}
                helperText={
                  wrong
                    ? translate('signIn.twoFactor.wrongCode')
                    : translate('signIn.twoFactor.confirmHelp')
                }
                onChange={(event) => {
                  setWrong(false);
                  setCode(event.target.value.replace(/\D/g, '').slice(0, 6));
                }}
                slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
              />
              {failure && <Alert severity="error">{failure}</Alert>}
            </>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={saving}>
            {translate('signIn.twoFactor.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={!key || code.length !== 6 || saving}>
            {translate('signIn.twoFactor.confirm')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
};
