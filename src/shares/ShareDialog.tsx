import ShareIcon from '@mui/icons-material/Share';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  FormControlLabel,
  MenuItem,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { Device } from '../../model/device';
import type { FrotaDataProvider } from '../dataProvider';
import type { NewShare, Share } from '../dataProvider/shares';
import { SHARE_PRESETS } from './countdown';
import { SHARES_QUERY, ShareList } from './ShareList';
import { formatDateTime } from '../i18n/formatters';
import { useFormatPrefs } from '../i18n/useFormatPrefs';
import { copyLink, shareLink } from './shareLink';
import { DateTimeField } from '../common/DateTimeField';

const pad = (n: number) => String(n).padStart(2, '0');
/** `datetime-local` value in local time. */
const localInput = (date: Date) =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(
    date.getHours(),
  )}:${pad(date.getMinutes())}`;

/** Creates a share link for the device (name, validity, commands) and lists its active links. */
export const ShareDialog = ({ device, onClose }: { device: Device; onClose: () => void }) => {
  const translate = useTranslate();
  const prefs = useFormatPrefs();
  const notify = useNotify();
  const dataProvider = useDataProvider<FrotaDataProvider>();
  const queryClient = useQueryClient();
  const [name, setName] = useState(device.name);
  const [preset, setPreset] = useState<string>('30m');
  const [custom, setCustom] = useState(() => localInput(new Date(Date.now() + 2 * 3_600_000)));
  const [allowCommands, setAllowCommands] = useState(false);
  // The last link created stays shown, also while another is being made.
  const [share, setShare] = useState<Share | null>(null);
  const create = useMutation({
    mutationFn: (input: NewShare) => dataProvider.createShare(input),
    onSuccess: (created) => {
      setShare(created);
      void queryClient.invalidateQueries({ queryKey: SHARES_QUERY });
      notify('shares.created', { type: 'info' });
    },
    onError: (error) =>
      notify('shares.failed', {
        type: 'error',
        messageArgs: { error: (error as { body?: unknown }).body ?? String(error) },
      }),
  });

  const expiration = () => {
    const chosen = SHARE_PRESETS.find((p) => p.id === preset);
    return chosen ? new Date(Date.now() + chosen.minutes * 60_000) : new Date(custom);
  };

  const submit = () =>
    create.mutate({
      name: name.trim() || device.name,
      deviceId: device.id,
      expirationTime: expiration(),
      limitCommands: !allowCommands,
    });

  const link = share ? shareLink(share) : '';
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{translate('actions.shareTitle')}</DialogTitle>
      <DialogContent>
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, mt: 1 }}>
          <TextField
            label={translate('shares.name')}
            value={name}
            onChange={(event) => setName(event.target.value)}
            slotProps={{ htmlInput: { 'data-testid': 'share-name', maxLength: 128 } }}
          />
          <TextField
            select
            label={translate('shares.expiration')}
            value={preset}
            onChange={(event) => setPreset(event.target.value)}
            slotProps={{ htmlInput: { 'data-testid': 'share-preset' } }}
          >
            {SHARE_PRESETS.map((p) => (
              <MenuItem key={p.id} value={p.id}>
                {translate(p.label)}
              </MenuItem>
            ))}
            <MenuItem value="custom">{translate('shares.custom')}</MenuItem>
          </TextField>
          {preset === 'custom' && (
            <DateTimeField
              label={translate('shares.customTime')}
              value={custom}
              onChange={setCustom}
              size="medium"
            />
          )}
          <FormControlLabel
            control={
              <Switch
                checked={allowCommands}
                onChange={(event) => setAllowCommands(event.target.checked)}
              />
            }
            label={translate('shares.allowCommands')}
          />
          <Button
            variant="contained"
            disabled={create.isPending}
            onClick={submit}
            data-testid="share-create"
          >
            {translate('shares.create')}
          </Button>
          {share && (
            <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
              <TextField
                fullWidth
                label={translate('shares.link')}
                value={link}
                slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'share-link' } }}
              />
              <Typography variant="caption">
                {translate('actions.shareExpires', {
                  time: formatDateTime(share.expirationTime, prefs),
                })}
              </Typography>
              <Box sx={{ display: 'flex', gap: 1 }}>
                <Button
                  onClick={() =>
                    void copyLink(link).then(() => notify('shares.copied', { type: 'info' }))
                  }
                >
                  {translate('shares.copy')}
                </Button>
                {typeof navigator.share === 'function' && (
                  <Button
                    startIcon={<ShareIcon />}
                    onClick={() =>
                      void navigator.share({ title: share.name, url: link }).catch(() => {})
                    }
                  >
                    {translate('shares.send')}
                  </Button>
                )}
              </Box>
            </Box>
          )}
          <Divider />
          <Typography variant="subtitle2">{translate('shares.existing')}</Typography>
          <ShareList deviceId={device.id} />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('detail.close')}</Button>
      </DialogActions>
    </Dialog>
  );
};
