import {
  createContext,
  memo,
  type ReactNode,
  useContext,
  useDeferredValue,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslate } from 'react-admin';
import { liveStore, useLiveSelector } from '../live/liveStore';
import type { LiveState } from '../live/store';
import { type Group, useAnchors, useGroups } from '../live/useReferenceData';
import type { Device } from '../../model/device';
import type { Geofence } from '../../model/geofence';
import { type DeviceView, type Fleet, FleetStage, searchFleet } from './deviceView';
import { runInSlices } from '../live/steps';
import { statusOf } from './filters';
import { inIdleSlices } from './idleSlices';
import { type SearchExtras, SearchIndex } from './search';
import { useDeviceFilters, useDeviceSearch, useDeviceSort } from './usePrefs';

interface DeviceViewValue extends DeviceView {
  anchors: Map<number, Geofence>;
  groups: Map<number, Group>;
  /** Whether the live data has arrived at least once. */
  loaded: boolean;
  /** The search text this view was filtered with. */
  search: string;
}

const DeviceViewContext = createContext<DeviceViewValue | null>(null);

const selectViewVersion = (state: LiveState) => state.viewVersion;

const EMPTY_FLEET: Fleet = { entries: [] };

interface SearchedViewProps {
  fleet: Fleet;
  extras: SearchExtras;
  anchors: Map<number, Geofence>;
  groups: Map<number, Group>;
  loaded: boolean;
  children: ReactNode;
}

/**
 * The second stage, and the only part a search keystroke re-renders: it matches the text against
 * haystacks kept warm in idle time and walks the prepared fleet, then the context consumers
 * (list, counters, title, markers a frame later) follow in the same frame as the box.
 */
const SearchedView = memo(function SearchedView({
  fleet,
  extras,
  anchors,
  groups,
  loaded,
  children,
}: SearchedViewProps) {
  const search = useDeviceSearch();
  const index = useRef(new SearchIndex());
  // Warming after live changes may rebuild a haystack (a rename, a status change): the result
  // follows through this revision.
  const [revision, setRevision] = useState(0);

  useEffect(
    () =>
      inIdleSlices((more) => {
        const done = index.current.warm(liveStore.getState().devices, extras, more);
        if (done) setRevision(index.current.revision);
        return done;
      }),
    [fleet, extras],
  );

  const value = useMemo(() => {
    const { devices, viewVersion } = liveStore.getState();
    const matched = index.current.matching(devices, search, extras, viewVersion);
    return { ...searchFleet(fleet, matched), anchors, groups, loaded, search };
    // revision is a trigger: the index itself lives in a ref.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fleet, search, extras, anchors, groups, loaded, revision]);

  return <DeviceViewContext.Provider value={value}>{children}</DeviceViewContext.Provider>;
});

/**
 * Filters and sorts the live devices once for the list, the counters and the map, in two
 * stages. The fleet stage (every filter but the search, the sort) reruns when those change or
 * when the store's view version moves (500 ms after live updates), never on every socket frame;
 * a refresh in name order judges only the devices that changed (`FleetStage`), and a big fleet
 * judged from scratch is judged in slices, the last result shown meanwhile. The search stage
 * (SearchedView) reruns on a keystroke, in the same frame as the box, without touching the fleet
 * stage.
 */
export const DeviceViewProvider = ({ children }: { children: ReactNode }) => {
  const translate = useTranslate();
  const [filters] = useDeviceFilters();
  const [sort] = useDeviceSort();
  const anchors = useAnchors();
  const groupList = useGroups();
  // Deferred: the store's flush (the socket's first message applied, markers updated) ends its
  // task, and the fleet is filtered and sorted in a render of its own, so neither is one long task.
  const viewVersion = useDeferredValue(useLiveSelector(selectViewVersion));
  const stage = useRef(new FleetStage());
  const { status, motionOnly, hiddenCategories, onlyId } = filters;

  const groups = useMemo(() => new Map(groupList.map((group) => [group.id, group])), [groupList]);
  const extras = useMemo(
    () => (device: Device) => [
      translate(`devices.status.${statusOf(device)}`),
      groups.get(device.groupId)?.name ?? '',
    ],
    [translate, groups],
  );
  const anchored = useMemo(() => new Set(anchors.keys()), [anchors]);

  // Cheap refreshes (a patch, a small fleet) come back at once; a big fleet from scratch is
  // computed in slices while the last fleet stays shown (steps.ts).
  const [sliced, setSliced] = useState<{ steps: unknown; fleet: Fleet } | null>(null);
  const begun = useMemo(
    () =>
      stage.current.begin(liveStore.getState(), {
        filters: { status, motionOnly, hiddenCategories, onlyId },
        sort,
        anchored,
      }),
    // viewVersion is the trigger: the store itself is read outside React state. A finished
    // slice run is one too: the refreshes that came while it ran are then caught up.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [status, motionOnly, hiddenCategories, onlyId, sort, anchored, viewVersion, sliced],
  );
  // Stopped by a refresh, the same steps resume in the next run (FleetStage.begin).
  const steps = 'steps' in begun ? begun.steps : null;
  useEffect(() => {
    if (!steps) return;
    return runInSlices(steps, (fleet) => setSliced({ steps, fleet }));
  }, [steps]);
  // The last fleet computed, whichever way: a big fleet's steps keep it on screen until they end.
  // A run's result counts in the render it arrives in, unless a fleet computed then is newer.
  const shown = useRef({ fleet: EMPTY_FLEET, loaded: false });
  const seenSliced = useRef<typeof sliced>(null);
  if ('fleet' in begun) shown.current = { fleet: begun.fleet, loaded: viewVersion > 0 };
  else if (sliced && sliced !== seenSliced.current) {
    shown.current = { fleet: sliced.fleet, loaded: viewVersion > 0 };
  }
  seenSliced.current = sliced;
  const { fleet, loaded } = shown.current;

  return (
    <SearchedView fleet={fleet} extras={extras} anchors={anchors} groups={groups} loaded={loaded}>
      {children}
    </SearchedView>
  );
};

export const useDeviceView = (): DeviceViewValue => {
  const value = useContext(DeviceViewContext);
  if (!value) throw new Error('useDeviceView must be used below <DeviceViewProvider>');
  return value;
};
