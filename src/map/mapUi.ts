import type L from 'leaflet';
import { useSyncExternalStore } from 'react';
import { liveStore } from '../live/liveStore';

/** A bound on a live trail of our own (the original grew it without limit). */
const MAX_TRAIL_POINTS = 1000;

interface MapUiState {
  followId: number | null;
  trailId: number | null;
  trail: readonly [number, number][];
  streetView: boolean;
}

let state: MapUiState = { followId: null, trailId: null, trail: [], streetView: false };
let map: L.Map | null = null;
const listeners = new Set<() => void>();

const set = (patch: Partial<MapUiState>) => {
  state = { ...state, ...patch };
  listeners.forEach((listener) => listener());
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

const getMapUi = () => state;

export const useMapUi = (): MapUiState => useSyncExternalStore(subscribe, getMapUi, getMapUi);

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
  toggleStreetView: () => set({ streetView: !state.streetView }),
  zoomTo: (id: number, zoom = 16) => {
    const position = liveStore.getState().positions.get(id);
    if (map && position)
      map.flyTo([position.latitude, position.longitude], Math.max(zoom, map.getZoom()));
  },
};

liveStore.subscribe(({ positions }) => {
  const { trailId, followId } = state;
  if (trailId && positions.has(trailId)) {
    const position = liveStore.getState().positions.get(trailId);
    if (position) set({ trail: growTrail(state.trail, [position.latitude, position.longitude]) });
  }
  if (followId && positions.has(followId) && map) {
    const position = liveStore.getState().positions.get(followId);
    if (position)
      map.panTo([position.latitude, position.longitude], { animate: true, duration: 0.5 });
  }
});
