import { useMutation } from '@tanstack/react-query';
import { useDataProvider, useNotify, useRefresh, useTranslate } from 'react-admin';
import type { Device, DeviceStatus } from '../../../model/device';
import type { Geofence } from '../../../model/geofence';
import type { Position } from '../../../model/position';
import { noteCommandSent } from '../../alerts/commandAnswers';
import type { FrotaDataProvider } from '../../dataProvider';
import type { SavedCommand, SendResult } from '../../dataProvider/commands';
import { useErrorText } from '../../dataProvider/featureErrors';
import { anchorGeofence } from './anchorGeofence';
import { type NativeCommand, nativeStandIn } from './nativeCommands';

/**
 * The toast for a command the server accepted, from its answer: 200 delivered, 202 queued. A
 * queued command is only said to wait for the device to connect when the device is not online;
 * an online OsmAnd device picks it up with its next report (Traccar queues those too).
 */
export const sendOutcomeKey = (result: SendResult, status: DeviceStatus | null): string => {
  if (result === 'sent') return 'actions.commandSent';
  return status === 'online' ? 'actions.commandQueued' : 'actions.commandQueuedOffline';
};

/** The state-changing actions of the detail panel, each reporting how it went. */
export const useDeviceActions = (
  device: Device,
  position: Position | undefined,
  anchor: Geofence | undefined,
) => {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<FrotaDataProvider>();
  const errorText = useErrorText();

  const fail = (error: unknown) =>
    notify('actions.failed', { type: 'error', messageArgs: { error: errorText(error) } });
  const reportSend = (result: SendResult) =>
    notify(sendOutcomeKey(result, device.status), { type: 'success' });

  /**
   * Sends a command, noted first so the device's answer, which may come back before the server's
   * own, is shown to this operator (alerts/commandAnswers.ts); a refused command is forgotten.
   */
  const send = async (command: Record<string, unknown>): Promise<SendResult> => {
    const forget = noteCommandSent(device.id);
    try {
      return await dataProvider.sendCommand(command);
    } catch (error) {
      forget();
      throw error;
    }
  };

  /** Lock or unlock: the saved stand-in if there is one, else the raw `{deviceId, type}`. */
  const native = useMutation({
    mutationFn: async (type: NativeCommand) => {
      const commands = await dataProvider.getSavedCommands(device.id).catch(() => []);
      const standIn = nativeStandIn(commands, type);
      return send(
        standIn
          ? { ...standIn, deviceId: device.id }
          : { deviceId: device.id, type, attributes: {} },
      );
    },
    onSuccess: reportSend,
    onError: fail,
  });

  const saved = useMutation({
    mutationFn: (command: SavedCommand) => send({ ...command, deviceId: device.id }),
    onSuccess: reportSend,
    onError: fail,
  });

  const toggleAnchor = useMutation({
    mutationFn: async (): Promise<'off' | 'on' | 'noPosition'> => {
      if (anchor) {
        await dataProvider.removeAnchor(anchor.id);
        return 'off';
      }
      if (!position) return 'noPosition';
      const name = translate('map.anchorName', { name: device.name });
      await dataProvider.addAnchor(
        device.id,
        anchorGeofence(device.id, position.latitude, position.longitude, name),
      );
      return 'on';
    },
    onSuccess: (outcome) => {
      if (outcome === 'noPosition') notify('actions.noPosition', { type: 'warning' });
      else {
        notify(outcome === 'on' ? 'actions.anchorOnDone' : 'actions.anchorOffDone', {
          type: 'success',
        });
      }
    },
    onError: fail,
    onSettled: () => refresh(),
  });

  return {
    native: native.mutate,
    saved: saved.mutate,
    toggleAnchor: () => toggleAnchor.mutate(),
  };
};
