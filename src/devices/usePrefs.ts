import { useStore } from 'react-admin';
import { DEFAULT_MARKER_PREFS, type MarkerPrefs } from '../map/markers/labels';
import { DEFAULT_FILTERS, type DeviceFilters } from './filters';
import { DEFAULT_SORT, type DeviceSort } from './sort';

/**
 * Preferences kept in the browser (spec §4): react-admin's store writes them to localStorage
 * under the app's prefix, so they survive reloads and stay per browser.
 */
export const useDeviceFilters = () =>
  useStore<DeviceFilters>('frota.devices.filters', DEFAULT_FILTERS);

export const useDeviceSort = () => useStore<DeviceSort>('frota.devices.sort', DEFAULT_SORT);

export const useMarkerPrefs = () => useStore<MarkerPrefs>('frota.map.prefs', DEFAULT_MARKER_PREFS);

export const useGroupHeaders = () => useStore<boolean>('frota.devices.groups', false);

export const useMute = () => useStore<boolean>('frota.mute', false);
