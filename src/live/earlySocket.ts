import { liveStore } from './liveStore';
import { startLiveSocket } from './liveSocket';

/** What the frame's `LiveConnection` does when the server says an account or settings changed. */
export interface SocketListeners {
  onUserChanged?: () => void;
  onServerChanged?: () => void;
}

let early: { stop: () => void; listeners: SocketListeners } | null = null;

/**
 * Opens the live socket as the app starts for a signed-in visitor (src/startup/start.tsx), before
 * its frame mounts: the fleet's devices and latest positions then load while the app's code is
 * fetched and run, instead of after its first render. The frame's `LiveConnection` takes it over.
 */
export const openSocketEarly = (): void => {
  if (early) return;
  const listeners: SocketListeners = {};
  const stop = startLiveSocket(liveStore, {
    onUserChanged: () => listeners.onUserChanged?.(),
    onServerChanged: () => listeners.onServerChanged?.(),
  });
  early = { stop, listeners };
};

/**
 * The live socket for `listeners`: the one opened early if it is still open, else a new one.
 * Returns its stop function.
 */
export const takeLiveSocket = (listeners: SocketListeners): (() => void) => {
  const taken = early;
  early = null;
  if (!taken) return startLiveSocket(liveStore, listeners);
  Object.assign(taken.listeners, listeners);
  return taken.stop;
};
