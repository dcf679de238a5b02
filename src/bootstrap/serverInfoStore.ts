import type { ServerInfoValue } from './ServerInfoContext';

type Listener = (value: ServerInfoValue) => void;

let current: ServerInfoValue | null = null;
const listeners = new Set<Listener>();

/**
 * The loaded server info outside React, for the pure parts that need it (the authProvider's
 * `canAccess`), and the way a page that saves the server settings publishes the new ones.
 */
export const getServerInfo = (): ServerInfoValue | null => current;

export const publishServerInfo = (value: ServerInfoValue): void => {
  current = value;
  listeners.forEach((listener) => listener(value));
};

export const subscribeServerInfo = (listener: Listener): (() => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};
