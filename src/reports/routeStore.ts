import { createUiStore } from '../common/uiStore';
import type { Position } from '../../model/position';

/** A marker a report puts on the map (trip ends, stops, events). Labels are plain text. */
export interface ReportMarker {
  lat: number;
  lon: number;
  kind: 'start' | 'end' | 'stop' | 'event';
  label: string;
}

/**
 * What the report panels show on the live map: a route (history, or a trip/stop segment), its
 * playback cursor, and report markers. A module store like `mapUi`, so the layer inside the
 * map and the panels outside it share it without a context.
 */
interface RouteState {
  positions: readonly Position[];
  showPoints: boolean;
  markers: readonly ReportMarker[];
  cursor: number | null;
  /** Bumped to ask the layer to fit the route (or the markers) in view. */
  fit: number;
  /** Width of the report panel over the map's left side, kept clear when fitting. */
  inset: number;
  /** Height of a phone's report sheet over the map's bottom, kept clear when fitting. */
  bottomInset: number;
}

const EMPTY: RouteState = {
  positions: [],
  showPoints: false,
  markers: [],
  cursor: null,
  fit: 0,
  inset: 0,
  bottomInset: 0,
};
const store = createUiStore<RouteState>(EMPTY);
const { set, get } = store;
let routeShownAt = 0;
export const getRouteShownAt = () => routeShownAt;

/** A route as typed columns: one pass over the positions, shared by the map, chart and playback. */
interface RouteColumns {
  lat: Float64Array;
  lon: Float64Array;
}

const columnCache = new WeakMap<readonly Position[], RouteColumns>();
const timeCache = new WeakMap<readonly Position[], Float64Array>();

/** Latitudes and longitudes of a route, computed once per positions array. */
export const routeColumns = (positions: readonly Position[]): RouteColumns => {
  let columns = columnCache.get(positions);
  if (!columns) {
    const n = positions.length;
    columns = { lat: new Float64Array(n), lon: new Float64Array(n) };
    for (let i = 0; i < n; i++) {
      columns.lat[i] = positions[i].latitude;
      columns.lon[i] = positions[i].longitude;
    }
    columnCache.set(positions, columns);
  }
  return columns;
};

/**
 * Fix times (epoch ms) of a route, parsed once per positions array (playback and chart share
 * them); only computed when first asked for, so drawing the map line does not pay for them.
 */
export const routeTimes = (positions: readonly Position[]): Float64Array => {
  let times = timeCache.get(positions);
  if (!times) {
    times = new Float64Array(positions.length);
    for (let i = 0; i < positions.length; i++) times[i] = Date.parse(positions[i].fixTime);
    timeCache.set(positions, times);
  }
  return times;
};

export const useRouteState = store.use;

export const routeStore = {
  showRoute: (positions: readonly Position[], markers: readonly ReportMarker[] = []) => {
    // For bench/routeDraw.bench.mjs: when the route was handed to the map.
    routeShownAt = performance.now();
    set({ positions, markers, cursor: null, fit: get().fit + 1 });
  },
  showMarkers: (markers: readonly ReportMarker[], fit = true) =>
    set({ markers, fit: fit ? get().fit + 1 : get().fit }),
  setShowPoints: (showPoints: boolean) => set({ showPoints }),
  setCursor: (cursor: number | null) => {
    if (cursor !== get().cursor) set({ cursor });
  },
  setInset: (inset: number) => {
    if (inset !== get().inset) set({ inset });
  },
  setBottomInset: (bottomInset: number) => {
    if (bottomInset !== get().bottomInset) set({ bottomInset });
  },
  clear: () =>
    set({ ...EMPTY, fit: get().fit, inset: get().inset, bottomInset: get().bottomInset }),
};
