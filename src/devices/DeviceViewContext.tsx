import { createContext, type ReactNode, useContext, useMemo, useRef } from 'react';
import { useTranslate } from 'react-admin';
import { liveStore, useLiveSelector } from '../live/liveStore';
import type { LiveState } from '../live/store';
import { type Group, useAnchors, useGroups } from '../live/useReferenceData';
import type { Device } from '../model/device';
import type { Geofence } from '../model/geofence';
import { computeDeviceView, type DeviceView, NameOrder } from './deviceView';
import { statusOf } from './filters';
import { useDeviceFilters, useDeviceSort } from './usePrefs';

export interface DeviceViewValue extends DeviceView {
  anchors: Map<number, Geofence>;
  groups: Map<number, Group>;
  /** Whether the live data has arrived at least once. */
  loaded: boolean;
}

const DeviceViewContext = createContext<DeviceViewValue | null>(null);

const selectViewVersion = (state: LiveState) => state.viewVersion;

/**
 * Filters and sorts the live devices once for the list, the counters and the map. It reruns
 * when a filter changes (at once, for search latency) or when the store's view version moves
 * (500 ms after live updates, spec §9), never on every socket frame.
 */
export const DeviceViewProvider = ({ children }: { children: ReactNode }) => {
  const translate = useTranslate();
  const [filters] = useDeviceFilters();
  const [sort] = useDeviceSort();
  const anchors = useAnchors();
  const groupList = useGroups();
  const viewVersion = useLiveSelector(selectViewVersion);
  const nameOrder = useRef(new NameOrder());

  const groups = useMemo(() => new Map(groupList.map((group) => [group.id, group])), [groupList]);
  const extras = useMemo(
    () => (device: Device) => [
      translate(`devices.status.${statusOf(device)}`),
      groups.get(device.groupId)?.name ?? '',
    ],
    [translate, groups],
  );
  const anchored = useMemo(() => new Set(anchors.keys()), [anchors]);

  const value = useMemo(() => {
    const view = computeDeviceView(
      liveStore.getState(),
      { filters, sort, extras, anchored },
      nameOrder.current,
    );
    return { ...view, anchors, groups, loaded: viewVersion > 0 };
    // viewVersion is the trigger: the store itself is read outside React state.
  }, [filters, sort, extras, anchored, anchors, groups, viewVersion]);

  return <DeviceViewContext.Provider value={value}>{children}</DeviceViewContext.Provider>;
};

export const useDeviceView = (): DeviceViewValue => {
  const value = useContext(DeviceViewContext);
  if (!value) throw new Error('useDeviceView must be used below <DeviceViewProvider>');
  return value;
};
