import { useEffect } from 'react';
import { liveStore } from './liveStore';
import { startLiveSocket } from './liveSocket';

/** Keeps `/api/socket` open while a signed-in layout is on screen (logout closes it too). */
export const LiveConnection = () => {
  useEffect(() => startLiveSocket(liveStore), []);
  return null;
};
