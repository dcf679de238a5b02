/**
 * What the map and its marker index (`markerIndex.ts`, in a Web Worker) agree on: the constants,
 * the messages' shapes and the projection. Kept apart from the index itself, so the page's own
 * script does not carry supercluster, which only the worker runs.
 */

/** Below this zoom nearby markers merge into clusters (when clustering is on). */
export const CLUSTER_MAX_ZOOM = 15;
/** Cluster radius in screen pixels. */
export const CLUSTER_RADIUS = 60;
/**
 * Moving vehicles shift clusters only a little, so drifting positions re-cluster at most this
 * often (or ten times the last build's cost, for very big fleets on slow machines); a change of
 * which devices show re-clusters at once.
 */
export const REBUILD_MS = 3_000;

/** A batch entry's glide start when the marker jumps (not drawn, or too small a move to see). */
export const JUMP = Number.NaN;
/** Numbers per entry in a positions batch: latitude, longitude, glide start (or `JUMP`). */
export const POSITION_STRIDE = 3;
/** Numbers per cluster in a result: cluster id, point count, latitude, longitude. */
export const CLUSTER_STRIDE = 4;

export interface ViewQuery {
  /** Ties the results to the request (a newer view supersedes older answers). */
  seq: number;
  west: number;
  south: number;
  east: number;
  north: number;
  zoom: number;
  /** Clustering is on (the user's choice); it applies only below `CLUSTER_MAX_ZOOM`. */
  clusters: boolean;
}

export interface IndexResult {
  /** The view request this answers. */
  view: ViewQuery;
  /** Bumped by every result, so the map knows a redraw is due. */
  version: number;
  /** `CLUSTER_STRIDE` numbers per cluster in the view. */
  clusters: Float64Array;
  /** Device ids drawn as single markers (in the view, not inside a cluster). */
  singles: Int32Array;
}

export interface HitQuery {
  latitude: number;
  longitude: number;
  zoom: number;
  /** Pixels around the pointer that still count. */
  radius: number;
  /** Main-thread time: where gliding markers are drawn now. */
  now: number;
  /** Device ids to name for a cluster (its tooltip). */
  leaves: number;
}

export type IndexHit =
  | { kind: 'marker'; id: number; latitude: number; longitude: number }
  | {
      kind: 'cluster';
      clusterId: number;
      count: number;
      latitude: number;
      longitude: number;
      /** The zoom at which the cluster falls apart (a click flies there). */
      expansionZoom: number;
      /** The first `HitQuery.leaves` device ids inside. */
      leaves: number[];
    };

/** Longitude and latitude to Web Mercator in [0, 1], as supercluster and Leaflet project. */
export const mercatorX = (longitude: number): number => longitude / 360 + 0.5;
export const mercatorY = (latitude: number): number => {
  const sin = Math.sin((latitude * Math.PI) / 180);
  const y = 0.5 - (0.25 * Math.log((1 + sin) / (1 - sin))) / Math.PI;
  return y < 0 ? 0 : y > 1 ? 1 : y;
};
/** Pixels per world width at `zoom` (Leaflet's 256-pixel tiles). */
export const worldSize = (zoom: number): number => 256 * 2 ** zoom;
