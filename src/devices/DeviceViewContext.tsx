import { createContext, type ReactNode, useContext, useEffect, useMemo, useRef } from 'react';
import { useTranslate } from 'react-admin';
import { liveStore, useLiveSelector } from '../live/liveStore';
import type { LiveState } from '../live/store';
import { type Group, useAnchors, useGroups } from '../live/useReferenceData';
import type { Device } from '../model/device';
import type { Geofence } from '../model/geofence';
import { computeDeviceView, type DeviceView, NameOrder } from './deviceView';
import { type DeviceFilters, statusOf } from './filters';
import { SearchIndex } from './search';
import { useDeviceFilters, useDeviceSort } from './usePrefs';

export interface DeviceViewValue extends DeviceView {
  anchors: Map<number, Geofence>;
  groups: Map<number, Group>;
  /** Whether the live data has arrived at least once. */
  loaded: boolean;
  /** The search text this view was filtered with. */
  search: string;
}

const DeviceViewContext = createContext<DeviceViewValue | null>(null);

const selectViewVersion = (state: LiveState) => state.viewVersion;

/** Slices of idle time (or short timed slices) until `work` says it is done. */
const inIdleSlices = (work: (more: () => boolean) => boolean): (() => void) => {
  let cancel = () => {};
  const step = (more: () => boolean) => {
    if (!work(more)) schedule();
  };
  const schedule = () => {
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback((deadline) => step(() => deadline.timeRemaining() > 1), {
        timeout: 2_000,
      });
      cancel = () => cancelIdleCallback(handle);
    } else {
      const handle = setTimeout(() => {
        const end = performance.now() + 8;
        step(() => performance.now() < end);
      }, 50);
      cancel = () => clearTimeout(handle);
    }
  };
  schedule();
  return () => cancel();
};

/**
 * Filters and sorts the live devices once for the list, the counters and the map. It reruns
 * when a filter changes or when the store's view version moves (500 ms after live updates,
 * spec §9), never on every socket frame. A search keystroke filters in the same render as the
 * box itself (one frame, list included): the haystacks are kept up to date in idle time, so no
 * keystroke pays for building them, the rows are plain elements, and the map follows a frame
 * later (LiveMarkers).
 */
export const DeviceViewProvider = ({ children }: { children: ReactNode }) => {
  const translate = useTranslate();
  const [filters] = useDeviceFilters();
  const [sort] = useDeviceSort();
  const anchors = useAnchors();
  const groupList = useGroups();
  const viewVersion = useLiveSelector(selectViewVersion);
  const nameOrder = useRef(new NameOrder());
  const searchIndex = useRef(new SearchIndex());
  const { status, motionOnly, hiddenCategories, onlyId, search } = filters;
  const viewFilters = useMemo(
    (): DeviceFilters => ({ status, motionOnly, hiddenCategories, onlyId, search }),
    [status, motionOnly, hiddenCategories, onlyId, search],
  );

  const groups = useMemo(() => new Map(groupList.map((group) => [group.id, group])), [groupList]);
  const extras = useMemo(
    () => (device: Device) => [
      translate(`devices.status.${statusOf(device)}`),
      groups.get(device.groupId)?.name ?? '',
    ],
    [translate, groups],
  );
  const anchored = useMemo(() => new Set(anchors.keys()), [anchors]);

  useEffect(
    () =>
      inIdleSlices((more) => searchIndex.current.warm(liveStore.getState().devices, extras, more)),
    [extras, viewVersion],
  );

  const value = useMemo(() => {
    const view = computeDeviceView(
      liveStore.getState(),
      { filters: viewFilters, sort, extras, anchored },
      nameOrder.current,
      searchIndex.current,
    );
    return { ...view, anchors, groups, loaded: viewVersion > 0, search: viewFilters.search };
    // viewVersion is the trigger: the store itself is read outside React state.
  }, [viewFilters, sort, extras, anchored, anchors, groups, viewVersion]);

  return <DeviceViewContext.Provider value={value}>{children}</DeviceViewContext.Provider>;
};

export const useDeviceView = (): DeviceViewValue => {
  const value = useContext(DeviceViewContext);
  if (!value) throw new Error('useDeviceView must be used below <DeviceViewProvider>');
  return value;
};
