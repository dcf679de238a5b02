import { Tooltip } from '@mui/material';
import { CreateButton, useTranslate } from 'react-admin';
import { useDeviceLimit } from './useDeviceLimit';

/** Disabled, with the reason, once a device limit is reached. */
export const DeviceCreateButton = () => {
  const translate = useTranslate();
  const { allowed } = useDeviceLimit();
  if (allowed) return <CreateButton />;
  return (
    <Tooltip title={translate('admin.errors.USER_DEVICE_LIMIT_REACHED')}>
      <span>
        <CreateButton disabled />
      </span>
    </Tooltip>
  );
};
