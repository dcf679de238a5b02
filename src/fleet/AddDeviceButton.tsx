import AddIcon from '@mui/icons-material/Add';
import { IconButton, Tooltip } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { can, canAddDevice } from '../authProvider/permissions';
import { useServerInfo } from '../bootstrap/ServerInfoContext';
import { useLiveSelector } from '../live/liveStore';
import type { LiveState } from '../live/store';
import { AutolinkButton } from './AutolinkButton';
import { DeviceCreateDialog } from './DeviceCreateDialog';
import { useAccess } from '../authProvider/useAccess';

const selectCount = (state: LiveState) => state.devices.size;

/** Hidden without the create permission; disabled when a device limit is reached. */
export const AddDeviceButton = () => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { access, user } = useAccess();
  const { server, deviceLimit } = useServerInfo();
  const count = useLiveSelector(selectCount);
  const [open, setOpen] = useState(false);
  if (!can(access, 'deviceCreate')) return null;
  const allowed = canAddDevice({
    licenceRemaining: deviceLimit,
    serverLimit: server.attributes?.['tarkan.deviceLimit'],
    userLimit: user?.deviceLimit,
    count,
    administrator: access.administrator,
  });
  const label = translate(allowed ? 'devices.add' : 'devices.limitReached');
  return (
    <>
      <Tooltip title={label}>
        <span>
          <IconButton
            color="primary"
            aria-label={translate('devices.add')}
            disabled={!allowed}
            onClick={() => setOpen(true)}
            data-testid="add-device"
          >
            <AddIcon />
          </IconButton>
        </span>
      </Tooltip>
      <AutolinkButton disabled={!allowed} />
      <DeviceCreateDialog
        open={open}
        onClose={() => setOpen(false)}
        onCreated={(device) => {
          setOpen(false);
          navigate(`/devices/${device.id}`);
        }}
      />
    </>
  );
};
