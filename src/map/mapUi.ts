import type L from 'leaflet';
import { createUiStore } from '../common/uiStore';
import { liveStore } from '../live/liveStore';
import { hasLocation, type Position } from '../../model/position';

/**
 * The least zoom a device opened from the list is shown at: the street grid of a city, the
 * official Traccar app's default for a selected device.
 */
const REVEAL_ZOOM = 10;
/** Keeps a device opened from the list this far (a share of the view) from the map's edges. */
const REVEAL_MARGIN = 0.15;

/** Room left around a framed fleet, so markers and their labels are not cut at the edges (px). */
const FRAME_PADDING = 48;
/** The closest a framed fleet is shown: a single vehicle among its streets. */
const FRAME_MAX_ZOOM = 15;
/** The top leaves room for the status counters over the map as well (px). */
const FRAME_PADDING_TOP = 72;

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
/** How much of the map's left a side panel covers (px): what the user sees is right of it. */
let inset = 0;
/** How much of the map's bottom a phone's bottom sheet covers (px): what the user sees is above. */
let insetBottom = 0;
/**
 * The device just zoomed to, while the panel it opens may still be on its way: a marker click
 * flies to the device and opens its panel at once, and the panel only says how much it covers
 * once it is drawn. On a slow phone or laptop that takes more than a second (its code is loaded
 * on first use), so the first panel to arrive is waited for longer than later changes.
 */
let focus: { id: number; zoom: number; at: number; panelArrived: boolean } | null = null;
/** How long after a zoom a panel that opens or closes moves the device to the new middle (ms). */
const FOCUS_MS = 1000;
/** How long after a zoom the first panel to arrive still moves the device (ms). */
const FIRST_PANEL_MS = 10_000;
/**
 * The fleet just framed, while the panel the page opens with may still be on its way: framed
 * again, clear of the panel, when it arrives.
 */
let framed: { corners: Corners; at: number } | null = null;
/** A user who moves the map meanwhile has looked elsewhere: their panel must not undo it. */
const forgetFocus = () => {
  focus = null;
  framed = null;
};

/** South-west and north-east corners of what is framed. */
type Corners = [[number, number], [number, number]];

/**
 * The corners around the located `points` (null: none), read in one plain loop: Leaflet's own
 * bounds, or an array of pairs, build an object per point, which for a fleet of tens of thousands
 * is a long task as the map opens.
 */
const cornersOf = (points: Iterable<Pick<Position, 'latitude' | 'longitude'>>): Corners | null => {
  let south = Infinity;
  let west = Infinity;
  let north = -Infinity;
  let east = -Infinity;
  for (const point of points) {
    const { latitude, longitude } = point;
    if (!Number.isFinite(latitude) || !Number.isFinite(longitude) || !hasLocation(point)) continue;
    if (latitude < south) south = latitude;
    if (latitude > north) north = latitude;
    if (longitude < west) west = longitude;
    if (longitude > east) east = longitude;
  }
  if (south === Infinity) return null;
  return [
    [south, west],
    [north, east],
  ];
};

/** Shows every point in the part of the map no panel covers. */
function fitCorners(corners: Corners): void {
  map?.fitBounds(corners, {
    paddingTopLeft: [inset + FRAME_PADDING, FRAME_PADDING_TOP],
    paddingBottomRight: [FRAME_PADDING, insetBottom + FRAME_PADDING],
    maxZoom: FRAME_MAX_ZOOM,
    animate: false,
  });
}

/**
 * A panel arrived, left or changed size: what was just framed or zoomed to moves to the middle of
 * what is left uncovered, unless the user has moved the map since.
 */
function insetsChanged(left: number, bottom: number): void {
  const changed = left !== inset || bottom !== insetBottom;
  const arrived = left > inset || bottom > insetBottom;
  inset = left;
  insetBottom = bottom;
  markCentre();
  if (changed && framed && Date.now() - framed.at < FIRST_PANEL_MS) fitCorners(framed.corners);
  if (!changed || !focus) return;
  // A panel closing (the list giving way to the device's panel) is not the one awaited.
  const arrives = arrived && !focus.panelArrived;
  const since = Date.now() - focus.at;
  if (since < FOCUS_MS || (arrives && since < FIRST_PANEL_MS)) flyToDevice(focus.id, focus.zoom);
  if (arrives) focus.panelArrived = true;
}

/**
 * The map centre that shows `at` in the middle of the part no panel covers, at `zoom`: the device
 * a user zooms to, follows or opens sits in the middle of what they see, not under the panel.
 */
const centreFor = (m: L.Map, at: L.LatLngExpression, zoom: number): L.LatLng =>
  m.unproject(m.project(at, zoom).subtract([inset / 2, -insetBottom / 2]), zoom);

/** Where the map is looking (the middle of the part no panel covers), on its container. */
const markCentre = () => {
  if (!map) return;
  const size = map.getSize();
  const centre = map.containerPointToLatLng([(inset + size.x) / 2, (size.y - insetBottom) / 2]);
  map
    .getContainer()
    .setAttribute('data-center', `${centre.lat.toFixed(6)},${centre.lng.toFixed(6)}`);
};

export const useMapUi = store.use;

function flyToDevice(id: number, zoom: number, jump = false): void {
  const position = liveStore.getState().positions.get(id);
  if (!map || !position) return;
  const centre = centreFor(map, [position.latitude, position.longitude], zoom);
  if (jump) map.setView(centre, zoom, { animate: false });
  else map.flyTo(centre, zoom);
}

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
    map?.off('dragstart', forgetFocus);
    map = instance;
    map?.on('dragstart', forgetFocus);
  },
  getMap: () => map,
  /** A side panel opened (its width) or closed (0) over the map's left. */
  setInset: (px: number) => insetsChanged(px, insetBottom),
  /** A phone's bottom sheet opened (its height) or closed (0) over the map's bottom. */
  setBottomInset: (px: number) => insetsChanged(inset, px),
  markCentre,
  follow: (id: number | null) => {
    // Following centres the device on each fix: a zoom or framing still settling must not undo it.
    focus = null;
    framed = null;
    set({ followId: id });
  },
  trail: (id: number | null) => {
    const position = id ? liveStore.getState().positions.get(id) : undefined;
    set({ trailId: id, trail: position ? [[position.latitude, position.longitude]] : [] });
  },
  toggleStreetView: () => set({ streetView: !store.get().streetView }),
  /**
   * Brings a device opened from the list into view: a device at the map's edge, under the panel
   * or off the map is a vehicle the user cannot see. The map keeps its zoom and pans only when
   * the device is outside the inner part of what the panel leaves visible; seen from farther
   * than `REVEAL_ZOOM`, it flies in.
   */
  reveal: (id: number) => {
    const position = liveStore.getState().positions.get(id);
    if (!map || !position) return;
    framed = null;
    const at: [number, number] = [position.latitude, position.longitude];
    const zoom = map.getZoom();
    if (zoom < REVEAL_ZOOM) {
      map.flyTo(centreFor(map, at, REVEAL_ZOOM), REVEAL_ZOOM);
      return;
    }
    const size = map.getSize();
    const point = map.latLngToContainerPoint(at);
    const seen = { x: size.x - inset, y: size.y - insetBottom };
    const [marginX, marginY] = [seen.x * REVEAL_MARGIN, seen.y * REVEAL_MARGIN];
    const inView =
      point.x >= inset + marginX &&
      point.x <= size.x - marginX &&
      point.y >= marginY &&
      point.y <= seen.y - marginY;
    if (!inView) map.panTo(centreFor(map, at, zoom), { animate: true, duration: 0.5 });
  },
  /**
   * Shows every point in the part of the map no panel covers: a fleet opened with no saved map
   * position. One point (or a few close together) is shown at a street's zoom, not closer.
   */
  frame: (points: Iterable<Pick<Position, 'latitude' | 'longitude'>>) => {
    const corners = cornersOf(points);
    if (!corners) return;
    framed = { corners, at: Date.now() };
    fitCorners(corners);
  },
  /**
   * Zooms to a device, flying there; with `jump`, at once, as the page opens on it (a reload, a
   * link): a flight from wherever the map began would be cut short by a first follow or fix. A
   * panel still on its way then moves it to the middle of what is left.
   */
  zoomTo: (id: number, zoom = 16, jump = false) => {
    if (!map) return;
    const to = Math.max(zoom, map.getZoom());
    framed = null;
    focus = { id, zoom: to, at: Date.now(), panelArrived: false };
    flyToDevice(id, to, jump);
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
    if (position) {
      const at = centreFor(map, [position.latitude, position.longitude], map.getZoom());
      map.panTo(at, { animate: true, duration: 0.5 });
    }
  }
});
