import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import { type Access, canSendRaw } from '../../authProvider/permissions';
import type { FrotaDataProvider } from '../../dataProvider';
import { type NativeCommand, nativeStandIn, savedCommandsQuery } from './nativeCommands';

/**
 * Whether lock and unlock can be sent: always with raw commands allowed, otherwise only through a
 * saved command marked `tarkan.changeNative` (a `limitCommands` user may send saved commands only).
 */
export const useNativeAvailable = (
  deviceId: number,
  access: Access,
): Record<NativeCommand, boolean> => {
  const raw = canSendRaw(access);
  const dataProvider = useDataProvider<FrotaDataProvider>();
  const { data: commands = [] } = useQuery({
    queryKey: savedCommandsQuery(deviceId),
    queryFn: () => dataProvider.getSavedCommands(deviceId),
    enabled: !raw,
    retry: false,
  });
  if (raw) return { engineStop: true, engineResume: true };
  return {
    engineStop: nativeStandIn(commands, 'engineStop') !== undefined,
    engineResume: nativeStandIn(commands, 'engineResume') !== undefined,
  };
};
