import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import { type Access, canSendRaw } from '../../authProvider/permissions';
import type { FrotaDataProvider } from '../../dataProvider';
import {
  type NativeCommand,
  nativeStandIn,
  commandTypesQuery,
  savedCommandsQuery,
} from './nativeCommands';

const NATIVE: readonly NativeCommand[] = ['engineStop', 'engineResume'];

/**
 * Whether lock and unlock can be sent. A raw command only when the device's protocol takes it
 * (`GET /api/commands/types?deviceId=`: a tracker that cannot cut its engine offers no lock);
 * otherwise, and always for a `limitCommands` user (who may send saved commands only), through a
 * saved command marked `tarkan.changeNative` that the device accepts. Until the device's types
 * are known, or when they cannot be read, raw commands stay offered: the server refuses what the
 * device cannot take, and a slow answer should not hide the buttons.
 */
export const useNativeAvailable = (
  deviceId: number,
  access: Access,
): Record<NativeCommand, boolean> => {
  const raw = canSendRaw(access);
  const dataProvider = useDataProvider<FrotaDataProvider>();
  const { data: types } = useQuery({
    queryKey: commandTypesQuery(deviceId),
    queryFn: () => dataProvider.commandTypes(deviceId),
    enabled: raw,
    retry: false,
  });
  const rawTakes = (type: NativeCommand) => raw && (types === undefined || types.includes(type));
  // Saved commands are asked for only when a raw command cannot stand for both actions.
  const needSaved = NATIVE.some((type) => !rawTakes(type));
  const { data: commands = [] } = useQuery({
    queryKey: savedCommandsQuery(deviceId),
    queryFn: () => dataProvider.getSavedCommands(deviceId),
    enabled: needSaved,
    retry: false,
  });
  const available = (type: NativeCommand) =>
    rawTakes(type) || nativeStandIn(commands, type) !== undefined;
  return { engineStop: available('engineStop'), engineResume: available('engineResume') };
};
