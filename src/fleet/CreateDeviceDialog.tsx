import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
} from '@mui/material';
import { type FormEvent, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { getJson } from '../dataProvider/http';
import { liveStore } from '../live/liveStore';
import type { Device } from '../../model/device';

interface CreateDeviceDialogProps {
  open: boolean;
  onClose: () => void;
  onCreated: (device: Device) => void;
}

/** A small create form (name + unique id) until the full device editor exists. */
export const CreateDeviceDialog = ({ open, onClose, onCreated }: CreateDeviceDialogProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const [name, setName] = useState('');
  const [uniqueId, setUniqueId] = useState('');
  const [touched, setTouched] = useState(false);
  const [saving, setSaving] = useState(false);
  const nameError = touched && !name.trim();
  const idError = touched && !uniqueId.trim();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!name.trim() || !uniqueId.trim()) return;
    setSaving(true);
    try {
      const device = await getJson<Device>('/api/devices', {
        method: 'POST',
        json: { name: name.trim(), uniqueId: uniqueId.trim() },
      });
      liveStore.enqueue({ devices: [device] });
      notify('devices.created', { type: 'success' });
      setName('');
      setUniqueId('');
      setTouched(false);
      onCreated(device);
    } catch (error) {
      const message = error instanceof Error ? error.message : '';
      notify(message ? `errors.${message}` : 'devices.saveError', {
        type: 'error',
        messageArgs: { _: translate('devices.saveError') },
      });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs">
      <form onSubmit={submit} noValidate>
        <DialogTitle>{translate('devices.addTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label={translate('devices.name')}
              value={name}
              onChange={(event) => setName(event.target.value)}
              error={nameError}
              helperText={nameError ? translate('devices.nameRequired') : ' '}
              slotProps={{ htmlInput: { 'data-testid': 'new-device-name' } }}
              autoFocus
              required
            />
            <TextField
              label={translate('devices.uniqueId')}
              value={uniqueId}
              onChange={(event) => setUniqueId(event.target.value)}
              error={idError}
              helperText={idError ? translate('devices.uniqueIdRequired') : ' '}
              slotProps={{ htmlInput: { 'data-testid': 'new-device-uniqueid' } }}
              required
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('actions.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={saving}>
            {translate('devices.create')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};
