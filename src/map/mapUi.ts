import type L from 'leaflet';
import { createUiStore } from '../common/uiStore';
import { liveStore } from '../live/liveStore';

/** A bound on a live trail of our own (the original grew it without limit). */
const MAX_TRAIL_POINTS = 1000;

interface MapUiState {
  followId: number | null;
  trailId: number | null;
  trail: readonly [number, number][];
  streetView: boolean;
}

const store = createUiStore<MapUiState>({
  followId: null,
  trailId: null,
  trail: [],
  streetView: false,
});
const { set } = store;
let map: L.Map | null = null;

export const useMapUi = store.use;

/** Appends a fix to a trail, dropping the oldest beyond the bound. */
export const growTrail = (
  trail: readonly [number, number][],
  point: [number, number],
  max = MAX_TRAIL_POINTS,
): [number, number][] => {
  const last = trail[trail.length - 1];
  if (last && last[0] === point[0] && last[1] === point[1]) return trail as [number, number][];
  const next = [...trail, point];
  return next.length > max ? next.slice(next.length - max) : next;
};

export const mapUi = {
  setMap: (instance: L.Map | null) => {
    map = instance;
  },
  getMap: () => map,
  follow: (id: number | null) => set({ followId: id }),
  trail: (id: number | null) => {
    const position = id ? liveStore.getState().positions.get(id) : undefined;
    set({ trailId: id, trail: position ? [[position.latitude, position.longitude]] : [] });
  },
  toggleStreetView: () => set({ streetView: !store.get().streetView }),
  zoomTo: (id: number, zoom = 16) => {
    const position = liveStore.getState().positions.get(id);
    if (map && position)
      map.flyTo([position.latitude, position.longitude], Math.max(zoom, map.getZoom()));
  },
};

liveStore.subscribe(({ positions }) => {
  const { trailId, followId, trail } = store.get();
  if (trailId && positions.has(trailId)) {
    const position = liveStore.getState().positions.get(trailId);
    if (position) set({ trail: growTrail(trail, [position.latitude, position.longitude]) });
  }
  if (followId && positions.has(followId) && map) {
    const position = liveStore.getState().positions.get(followId);
    if (position)
      map.panTo([position.latitude, position.longitude], { animate: true, duration: 0.5 });
  }
});
