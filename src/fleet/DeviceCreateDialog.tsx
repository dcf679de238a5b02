import { Button, Dialog, DialogContent, DialogTitle } from '@mui/material';
import { CreateBase, SaveButton, SimpleForm, Toolbar, useNotify, useTranslate } from 'react-admin';
import type { Device } from '../../model/device';
import { liveStore } from '../live/liveStore';
import { fromForm } from '../common/formAttributes';
import { DEVICE_DEFAULTS, DeviceIdentityInputs } from '../resources';

interface DeviceCreateDialogProps {
  open: boolean;
  onClose: () => void;
  onCreated: (device: Device) => void;
}

const DialogToolbar = ({ onClose }: { onClose: () => void }) => {
  const translate = useTranslate();
  return (
    <Toolbar sx={{ justifyContent: 'flex-end', gap: 1 }}>
      <Button onClick={onClose}>{translate('actions.cancel')}</Button>
      <SaveButton label="devices.create" alwaysEnable />
    </Toolbar>
  );
};

/**
 * The live panel's quick create: the device form's identification inputs (name, unique id,
 * group) with the same validation and the server's refusals translated, in a dialog. The new
 * device goes straight into the live store so its detail panel opens at once.
 */
export const DeviceCreateDialog = ({ open, onClose, onCreated }: DeviceCreateDialogProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{translate('devices.addTitle')}</DialogTitle>
      <DialogContent sx={{ p: 0 }}>
        <CreateBase<Device>
          resource="device-admin"
          redirect={false}
          transform={fromForm}
          mutationOptions={{
            onSuccess: (device) => {
              liveStore.enqueue({ devices: [device] });
              notify('devices.created', { type: 'success' });
              onCreated(device);
            },
          }}
        >
          <SimpleForm defaultValues={DEVICE_DEFAULTS} toolbar={<DialogToolbar onClose={onClose} />}>
            <DeviceIdentityInputs />
          </SimpleForm>
        </CreateBase>
      </DialogContent>
    </Dialog>
  );
};
