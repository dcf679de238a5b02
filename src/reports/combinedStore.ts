import { createUiStore } from '../common/uiStore';

/**
 * The combined report's routes on the live map: one `[lat, lon]` line per device (the event
 * markers go through `routeStore`). A module store so the map layer and the panel share it.
 */
interface CombinedState {
  lines: readonly (readonly [number, number])[][];
}

const store = createUiStore<CombinedState>({ lines: [] });

export const useCombinedLines = () => store.use().lines;

export const combinedStore = {
  show: (lines: CombinedState['lines']) => store.set({ lines }),
  clear: () => store.set({ lines: [] }),
};
