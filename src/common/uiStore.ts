import { useSyncExternalStore } from 'react';

/**
 * A small store of screen state that components far apart share (the map and its panels): a
 * patch merges in and every subscriber hears of it; `use` reads it in React.
 */
export const createUiStore = <T extends object>(initial: T) => {
  let state = initial;
  const listeners = new Set<() => void>();
  const get = () => state;
  const set = (patch: Partial<T>) => {
    state = { ...state, ...patch };
    listeners.forEach((listener) => listener());
  };
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  const use = (): T => useSyncExternalStore(subscribe, get, get);
  return { get, set, use };
};
