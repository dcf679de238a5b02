import { useEffect, useState } from 'react';
import { type Access, canSendRaw } from '../../authProvider/permissions';
import { type NativeCommand, nativeStandIn, savedCommandsFor } from './commandApi';

/**
 * Whether lock and unlock can be sent: always with raw commands allowed, otherwise only through a
 * saved command marked `tarkan.changeNative` (a `limitCommands` user may send saved commands only).
 */
export const useNativeAvailable = (
  deviceId: number,
  access: Access,
): Record<NativeCommand, boolean> => {
  const raw = canSendRaw(access);
  const [standIns, setStandIns] = useState({ engineStop: false, engineResume: false });
  useEffect(() => {
    if (raw) return;
    let live = true;
    savedCommandsFor(deviceId)
      .then((commands) => {
        if (!live) return;
        setStandIns({
          engineStop: nativeStandIn(commands, 'engineStop') !== undefined,
          engineResume: nativeStandIn(commands, 'engineResume') !== undefined,
        });
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [deviceId, raw]);
  return raw ? { engineStop: true, engineResume: true } : standIns;
};
