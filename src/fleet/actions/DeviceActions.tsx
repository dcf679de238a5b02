import { Box, Button } from '@mui/material';
import { type ReactNode, useState } from 'react';
import { useTranslate } from 'react-admin';
import { can } from '../../authProvider/permissions';
import { useServerInfo } from '../../bootstrap/ServerInfoContext';
import { mapUi, useMapUi } from '../../map/mapUi';
import type { Device } from '../../../model/device';
import type { Geofence } from '../../../model/geofence';
import type { Position } from '../../../model/position';
import { useAccess } from '../../authProvider/useAccess';
import { actionIcons } from './actionIcons';
import { CommandDialog } from './CommandDialog';
import { useConfirm } from './useConfirm';
import { QrDialog } from './QrDialog';
import { ShareDialog, useSharesAvailable } from '../../shares';
import { useDeviceActions } from './useDeviceActions';
import { useNativeAvailable } from './useNativeAvailable';

interface DeviceActionsProps {
  device: Device;
  position: Position | undefined;
  anchor: Geofence | undefined;
}

type Dialog = 'command' | 'share' | 'deviceQr' | 'driverQr' | null;

const Action = ({
  label,
  icon,
  onClick,
  disabled,
}: {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  disabled?: boolean;
}) => (
  <Button
    size="small"
    variant="outlined"
    startIcon={icon}
    onClick={onClick}
    disabled={disabled}
    sx={{ textTransform: 'none' }}
  >
    {label}
  </Button>
);

/** Follow, trail, zoom, lock/unlock, anchor, commands, share and QR codes, each by permission. */
export const DeviceActions = ({ device, position, anchor }: DeviceActionsProps) => {
  const translate = useTranslate();
  const { server } = useServerInfo();
  const { access } = useAccess();
  const { followId, trailId } = useMapUi();
  const { confirm, dialog: confirmDialog } = useConfirm();
  const { native, saved, toggleAnchor } = useDeviceActions(device, position, anchor);
  const nativeAvailable = useNativeAvailable(device.id, access);
  const [dialog, setDialog] = useState<Dialog>(null);
  const canShare = useSharesAvailable();

  const blocked = position?.attributes?.blocked;
  const both = server.attributes?.['tarkan.enableLockUnlock'] === true;
  const name = device.name;
  const origin = window.location.origin;
  const t = (key: string) => translate(`actions.${key}`);
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, p: 1.5 }} data-testid="device-actions">
      <Action
        label={t(followId === device.id ? 'unfollow' : 'follow')}
        icon={actionIcons.follow}
        onClick={() => mapUi.follow(followId === device.id ? null : device.id)}
      />
      <Action
        label={t(trailId === device.id ? 'untrail' : 'trail')}
        icon={actionIcons.trail}
        onClick={() => mapUi.trail(trailId === device.id ? null : device.id)}
      />
      <Action
        label={t('zoom')}
        icon={actionIcons.zoom}
        onClick={() => mapUi.zoomTo(device.id)}
        disabled={!position}
      />
      {can(access, 'lock') && (both || blocked !== true) && (
        <Action
          label={t('lock')}
          icon={actionIcons.lock}
          disabled={!nativeAvailable.engineStop}
          onClick={() =>
            confirm(translate('actions.lockConfirm', { name }), () => void native('engineStop'))
          }
        />
      )}
      {can(access, 'unlock') && (both || blocked !== false) && (
        <Action
          label={t('unlock')}
          icon={actionIcons.unlock}
          disabled={!nativeAvailable.engineResume}
          onClick={() =>
            confirm(translate('actions.unlockConfirm', { name }), () => void native('engineResume'))
          }
        />
      )}
      {can(access, 'anchor') && (
        <Action
          label={t(anchor ? 'anchorOff' : 'anchorOn')}
          icon={actionIcons.anchor}
          onClick={() =>
            confirm(
              translate(anchor ? 'actions.anchorOffConfirm' : 'actions.anchorOnConfirm', { name }),
              () => void toggleAnchor(),
            )
          }
        />
      )}
      {can(access, 'sendCommand') && (
        <Action
          label={t('command')}
          icon={actionIcons.command}
          onClick={() => setDialog('command')}
        />
      )}
      {canShare && can(access, 'share') && (
        <Action label={t('share')} icon={actionIcons.share} onClick={() => setDialog('share')} />
      )}
      {can(access, 'qrCodes') && (
        <>
          <Action
            label={t('deviceQr')}
            icon={actionIcons.qr}
            onClick={() => setDialog('deviceQr')}
          />
          <Action
            label={t('driverQr')}
            icon={actionIcons.qr}
            onClick={() => setDialog('driverQr')}
          />
        </>
      )}
      {confirmDialog}
      {dialog === 'command' && (
        <CommandDialog
          deviceId={device.id}
          onClose={() => setDialog(null)}
          onSend={(command) => {
            setDialog(null);
            void saved(command);
          }}
        />
      )}
      {dialog === 'share' && <ShareDialog device={device} onClose={() => setDialog(null)} />}
      {dialog === 'deviceQr' && (
        <QrDialog
          title={t('deviceQr')}
          hint={translate('actions.qrDeviceHint', { name })}
          text={`${origin}/qr-driver/scan/${device.id}`}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'driverQr' && (
        <QrDialog
          title={t('driverQr')}
          hint={translate('actions.qrDriverHint', { name })}
          text={`${origin}/motorista?to=${encodeURIComponent(`/qr-driver/scan/${device.id}`)}`}
          onClose={() => setDialog(null)}
        />
      )}
    </Box>
  );
};
