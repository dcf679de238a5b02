import { Alert } from '@mui/material';
import { useTranslate } from 'react-admin';
import { EntityCreate } from '../common/EntityForms';
import { DeviceForm } from './DeviceForm';
import { useDeviceLimit } from './useDeviceLimit';

/** The form stays usable at the limit (the server has the last word) but says why it may fail. */
const LimitNotice = () => {
  const translate = useTranslate();
  const { allowed, isPending } = useDeviceLimit();
  if (allowed || isPending) return null;
  return (
    <Alert severity="warning" sx={{ m: 2 }}>
      {translate('admin.errors.USER_DEVICE_LIMIT_REACHED')}
    </Alert>
  );
};

export const DeviceCreate = () => (
  <EntityCreate aside={undefined}>
    <LimitNotice />
    <DeviceForm />
  </EntityCreate>
);
