import { Dialog, DialogContent, DialogTitle } from '@mui/material';
import { CreateBase, SimpleForm, useNotify, useTranslate } from 'react-admin';
import type { Device } from '../../../model/device';
import { fromForm } from '../common/formAttributes';
import { DEVICE_DEFAULTS, DeviceIdentityInputs } from './DeviceForm';

interface DeviceCreateDialogProps {
  open: boolean;
  onClose: () => void;
  onCreated: (device: Device) => void;
}

/**
 * The device create form in a dialog, for screens outside the management list (the live panel's
 * add button): name, unique id and group, with the same validation and server messages.
 */
export const DeviceCreateDialog = ({ open, onClose, onCreated }: DeviceCreateDialogProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{translate('admin.devices.createTitle')}</DialogTitle>
      <DialogContent>
        <CreateBase<Device>
          resource="device-admin"
          redirect={false}
          transform={fromForm}
          mutationOptions={{
            onSuccess: (device) => {
              notify('ra.notification.created', { type: 'info', messageArgs: { smart_count: 1 } });
              onCreated(device);
            },
          }}
        >
          <SimpleForm defaultValues={DEVICE_DEFAULTS}>
            <DeviceIdentityInputs />
          </SimpleForm>
        </CreateBase>
      </DialogContent>
    </Dialog>
  );
};
