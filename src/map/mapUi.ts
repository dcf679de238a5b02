import type L from 'leaflet';
import { createUiStore } from '../common/uiStore';
import { liveStore } from '../live/liveStore';

/**
 * The least zoom a device opened from the list is shown at: the street grid of a city, the
 * official Traccar app's default for a selected device.
 */
const REVEAL_ZOOM = 10;
/** Keeps a device opened from the list this far (a share of the view) from the map's edges. */
const REVEAL_MARGIN = 0.15;

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
  /**
   * Brings a device opened from the list into view: a device at the map's edge, or off it, is a
   * vehicle the user cannot see. The map keeps its zoom and pans only when the device is outside
   * the view's inner part; seen from farther than `REVEAL_ZOOM`, it flies in.
   */
  reveal: (id: number) => {
    const position = liveStore.getState().positions.get(id);
    if (!map || !position) return;
    const at: [number, number] = [position.latitude, position.longitude];
    if (map.getZoom() < REVEAL_ZOOM) map.flyTo(at, REVEAL_ZOOM);
    else if (!map.getBounds().pad(-REVEAL_MARGIN).contains(at))
      map.panTo(at, { animate: true, duration: 0.5 });
  },
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
