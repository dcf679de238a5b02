import { mercatorX, mercatorY, worldSize } from './indexProtocol';

/**
 * When the map redraws, and which fixes glide: pure rules the marker layer follows, so the cost
 * of a frame follows what the operator can see move, not the size of the fleet.
 */

/**
 * A marker glides only once it has been on screen this long: one that just came into view or
 * out of a cluster takes its new place at once (nobody was watching it yet).
 */
export const MIN_SHOWN_MS = 400;
/** Moves shorter than this many pixels at the current zoom jump: such a glide is not seen. */
export const MIN_GLIDE_PX = 2;

export type MoveKind = 'glide' | 'jump';

/** How a fix of a marker drawn on the map is shown. */
export const moveKind = (distancePx: number, shownForMs: number): MoveKind =>
  distancePx >= MIN_GLIDE_PX && shownForMs >= MIN_SHOWN_MS ? 'glide' : 'jump';

/** Screen distance between two points at `zoom`, in pixels (Web Mercator, as Leaflet draws). */
export const pixelDistance = (
  latitude1: number,
  longitude1: number,
  latitude2: number,
  longitude2: number,
  zoom: number,
): number => {
  const scale = worldSize(zoom);
  const dx = (mercatorX(longitude2) - mercatorX(longitude1)) * scale;
  const dy = (mercatorY(latitude2) - mercatorY(latitude1)) * scale;
  return Math.hypot(dx, dy);
};

/**
 * A glide frame moves a marker at most about this many pixels: a smooth glide to the eye, and no
 * more frames than that needs. Vehicles seen from a city-wide zoom move a few pixels per fix and
 * glide at the slowest pace; one followed up close moves tens of pixels and gets every frame.
 */
export const MAX_STEP_PX = 1.5;
/** While anything glides, at least 20 frames a second. */
const SLOWEST_MS = 50;
/** Up to this many markers moving at once may glide at the display's full rate. */
export const FULL_RATE_MOVING = 40;
/** Up to this many at 30 frames a second at most; more at 20 (still a glide to the eye). */
export const HALF_RATE_MOVING = 200;
/** A frame of moving markers may take at most this share of the main thread. */
const FRAME_BUDGET_SHARE = 0.2;

/**
 * The least time between two frames of the moving markers: as often as the fastest glide needs
 * (`MAX_STEP_PX` per frame), between 20 and 60 frames a second; fewer as more markers move at
 * once, and never so many that drawing them takes more than a fifth of the main thread.
 * `fastestPxPerMs` is the fastest glide's speed on screen (0: none gliding).
 */
export const frameInterval = (
  moving: number,
  fastestPxPerMs: number,
  frameCostMs: number,
): number => {
  const bySpeed =
    fastestPxPerMs > 0 ? Math.min(MAX_STEP_PX / fastestPxPerMs, SLOWEST_MS) : SLOWEST_MS;
  const byCount = moving <= FULL_RATE_MOVING ? 0 : moving <= HALF_RATE_MOVING ? 1000 / 30 : 50;
  return Math.max(bySpeed, byCount, frameCostMs / FRAME_BUDGET_SHARE);
};

/**
 * Markers drawn apart because they moved stay on the moving layer after their glide, drawn
 * again with every frame of it; at most this often the still layer is redrawn to take them back.
 */
export const FOLD_MS = 1_000;

/** Whether to redraw the still layer now to take back the settled markers. */
export const shouldFold = (settled: number, sinceStillDrawMs: number): boolean =>
  settled > 0 && sinceStillDrawMs >= FOLD_MS;
