import { useCallback } from 'react';
import { liveStore } from '../live/liveStore';

/** A device's name from the live store, else `#id`. */
export const useDeviceStore = () =>
  useCallback((id: number) => liveStore.getState().devices.get(id)?.name ?? `#${id}`, []);
