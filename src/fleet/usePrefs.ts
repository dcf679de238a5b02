import { useCallback, useSyncExternalStore } from 'react';
import { useStore, useStoreContext } from 'react-admin';
import { DEFAULT_MARKER_PREFS, type MarkerPrefs } from '../map/markers/labels';
import { DEFAULT_FILTERS, type DeviceFilters } from './filters';
import { DEFAULT_SORT, type DeviceSort } from './sort';

/**
 * Preferences kept in the browser: react-admin's store writes them to localStorage
 * under the app's prefix, so they survive reloads and stay per browser.
 */
export const useDeviceFilters = () =>
  useStore<DeviceFilters>('frota.devices.filters', DEFAULT_FILTERS);

const SEARCH_KEY = 'frota.devices.search';

/**
 * The search text, apart from the other filters so a keystroke re-renders only its readers.
 * Read straight from react-admin's store (no `useStore`, whose effect re-reads local storage
 * and re-subscribes on every change, inside the keystroke's frame).
 */
export const useDeviceSearch = (): string => {
  const { getItem, subscribe } = useStoreContext();
  return useSyncExternalStore(
    useCallback((listener) => subscribe(SEARCH_KEY, listener), [subscribe]),
    () => getItem<string>(SEARCH_KEY, '') ?? '',
  );
};

/** Writes the search text without subscribing to it (the box keeps its own text). */
export const useSetDeviceSearch = () => {
  const { getItem, setItem } = useStoreContext();
  return {
    initial: () => getItem<string>(SEARCH_KEY, '') ?? '',
    set: useCallback((search: string) => setItem(SEARCH_KEY, search), [setItem]),
  };
};

export const useDeviceSort = () => useStore<DeviceSort>('frota.devices.sort', DEFAULT_SORT);

export const useMarkerPrefs = () => useStore<MarkerPrefs>('frota.map.prefs', DEFAULT_MARKER_PREFS);

export const useGroupHeaders = () => useStore<boolean>('frota.devices.groups', false);
