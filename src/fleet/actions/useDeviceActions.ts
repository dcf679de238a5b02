import { useCallback } from 'react';
import { useNotify, useRefresh, useTranslate } from 'react-admin';
import type { Device } from '../../../model/device';
import type { Geofence } from '../../../model/geofence';
import type { Position } from '../../../model/position';
import { disableAnchor, enableAnchor } from './anchorApi';
import {
  type NativeCommand,
  type SendResult,
  sendCommand,
  sendNative,
  type SavedCommand,
} from './commandApi';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The state-changing actions of the detail panel, each reporting how it went. */
export const useDeviceActions = (
  device: Device,
  position: Position | undefined,
  anchor: Geofence | undefined,
) => {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();

  const fail = useCallback(
    (error: unknown) =>
      notify('actions.failed', { type: 'error', messageArgs: { error: messageOf(error) } }),
    [notify],
  );
  const reportSend = useCallback(
    (result: SendResult) =>
      notify(result === 'queued' ? 'actions.commandQueued' : 'actions.commandSent', {
        type: 'success',
      }),
    [notify],
  );

  const native = useCallback(
    (type: NativeCommand) => sendNative(device.id, type).then(reportSend, fail),
    [device.id, reportSend, fail],
  );

  const saved = useCallback(
    (command: SavedCommand) =>
      sendCommand({ ...command, deviceId: device.id }).then(reportSend, fail),
    [device.id, reportSend, fail],
  );

  const toggleAnchor = useCallback(async () => {
    try {
      if (anchor) {
        await disableAnchor(anchor.id);
        notify('actions.anchorOffDone', { type: 'success' });
      } else {
        if (!position) {
          notify('actions.noPosition', { type: 'warning' });
          return;
        }
        const name = translate('map.anchorName', { name: device.name });
        await enableAnchor(device.id, position.latitude, position.longitude, name);
        notify('actions.anchorOnDone', { type: 'success' });
      }
    } catch (error) {
      fail(error);
    } finally {
      refresh();
    }
  }, [anchor, position, device, translate, notify, refresh, fail]);

  return { native, saved, toggleAnchor };
};
