import Supercluster, { type ClusterProperties, type PointFeature } from 'supercluster';
import {
  CLUSTER_MAX_ZOOM,
  CLUSTER_RADIUS,
  CLUSTER_STRIDE,
  type HitQuery,
  type IndexHit,
  type IndexResult,
  mercatorX,
  mercatorY,
  POSITION_STRIDE,
  REBUILD_MS,
  type ViewQuery,
  worldSize,
} from './indexProtocol';
import { ANIMATION_MS } from './markerState';

export * from './indexProtocol';

/**
 * The marker index: what the map's Web Worker runs (`markerIndex.worker.ts`), kept free of any
 * worker or DOM API so tests call it directly. It holds every shown device's position (and the
 * glide the map draws it on), clusters them with supercluster, answers which clusters and
 * single markers fall in the view, and finds what is under the pointer. The main thread only
 * draws. Times are the main thread's `performance.now()`, passed in: a worker's clock starts
 * elsewhere.
 */

const REBUILD_COST_FACTOR = 10;

/** Web Mercator y in [0, 1] back to latitude. */
const mercatorLatitude = (y: number): number =>
  (360 * Math.atan(Math.exp((1 - 2 * y) * Math.PI))) / Math.PI - 90;

const clusteredAt = (view: ViewQuery): boolean =>
  view.clusters && Math.floor(view.zoom) < CLUSTER_MAX_ZOOM;

export class MarkerIndex {
  private slotOf = new Map<number, number>();
  private fromLat: Float64Array = new Float64Array(1024);
  private fromLng: Float64Array = new Float64Array(1024);
  private toLat: Float64Array = new Float64Array(1024);
  private toLng: Float64Array = new Float64Array(1024);
  private start: Float64Array = new Float64Array(1024);
  private size = 0;

  private members = new Set<number>();
  private membersChanged = false;
  private moved = false;
  private index: Supercluster<{ id: number }> | null = null;
  private indexStale = true;
  private builtAt = -Infinity;
  private buildMs = 0;
  private view: ViewQuery | null = null;
  private viewChanged = false;
  private last: IndexResult | null = null;
  private version = 0;

  /** Index builds so far (tests check that drift waits and membership does not). */
  builds = 0;

  constructor(private readonly clock: () => number = () => performance.now()) {}

  /**
   * A batch of fixes: `ids[i]` moves to the `POSITION_STRIDE` numbers at `coords[3i]`. A glide
   * start retargets from wherever the marker is drawn at that time, exactly as the map does
   * (`markerState.retarget`), so the pointer finds a gliding marker where it is drawn.
   */
  applyPositions(ids: Int32Array, coords: Float64Array): void {
    for (let i = 0; i < ids.length; i++) {
      const id = ids[i];
      const lat = coords[i * POSITION_STRIDE];
      const lng = coords[i * POSITION_STRIDE + 1];
      const glideStart = coords[i * POSITION_STRIDE + 2];
      let slot = this.slotOf.get(id);
      if (slot === undefined) {
        slot = this.allocate(id);
        this.place(slot, lat, lng, lat, lng, -Infinity);
        if (this.members.has(id)) this.membersChanged = true;
        continue;
      }
      if (this.toLat[slot] === lat && this.toLng[slot] === lng) continue;
      if (Number.isNaN(glideStart)) {
        this.place(slot, lat, lng, lat, lng, -Infinity);
      } else {
        const t = this.progress(slot, glideStart);
        this.place(
          slot,
          this.fromLat[slot] + (this.toLat[slot] - this.fromLat[slot]) * t,
          this.fromLng[slot] + (this.toLng[slot] - this.fromLng[slot]) * t,
          lat,
          lng,
          glideStart,
        );
      }
      if (this.members.has(id)) this.moved = true;
    }
  }

  /** The devices shown (filters, search): they replace the previous set. */
  setMembers(ids: Int32Array): void {
    this.members = new Set(ids);
    this.membersChanged = true;
  }

  setView(view: ViewQuery): void {
    this.view = view;
    this.viewChanged = true;
  }

  /**
   * Brings the index and the view's answer up to date: re-clusters when the shown devices
   * changed, or when they moved and the last build is old enough; answers a new view or a new
   * index. Returns the new answer, or null when the last one still holds.
   */
  update(): IndexResult | null {
    const view = this.view;
    if (!view) return null;
    const now = this.clock();
    const clustered = clusteredAt(view);
    if (this.membersChanged || this.moved) this.indexStale = true;
    let requery = this.viewChanged || this.membersChanged;
    if (clustered) {
      const due =
        !this.index ||
        this.membersChanged ||
        (this.indexStale && now - this.builtAt >= this.rebuildInterval());
      if (due) {
        this.build(now);
        requery = true;
      }
    } else if (this.moved) {
      // Unclustered, the answer is every shown device in the view: cheap to redo, no index.
      requery = true;
    }
    this.membersChanged = false;
    this.moved = false;
    this.viewChanged = false;
    if (!requery) return null;
    const next = clustered ? this.queryClusters(view) : this.queryPoints(view);
    if (
      this.last &&
      this.last.view === view &&
      sameNumbers(this.last.singles, next.singles) &&
      sameNumbers(this.last.clusters, next.clusters)
    ) {
      return null;
    }
    this.version += 1;
    this.last = { view, version: this.version, ...next };
    return this.last;
  }

  /** When `update` should run again to fold drifted positions in (null: nothing pending). */
  nextUpdateAt(): number | null {
    const stale = this.indexStale || this.moved || this.membersChanged;
    if (!this.view || !clusteredAt(this.view) || !stale) return null;
    return this.builtAt + this.rebuildInterval();
  }

  /**
   * The cluster or marker nearest the pointer within `radius` pixels, among what the last
   * answer drew: clusters where the index put them, single markers where they are drawn now.
   */
  hit(query: HitQuery): IndexHit | null {
    const last = this.last;
    if (!last) return null;
    const scale = worldSize(query.zoom);
    const px = mercatorX(query.longitude) * scale;
    const py = mercatorY(query.latitude) * scale;
    const r2 = query.radius * query.radius;
    let best: IndexHit | null = null;
    let bestDistance = r2;
    const { clusters, singles } = last;
    for (let i = 0; i < clusters.length; i += CLUSTER_STRIDE) {
      const dx = mercatorX(clusters[i + 3]) * scale - px;
      const dy = mercatorY(clusters[i + 2]) * scale - py;
      const distance = dx * dx + dy * dy;
      if (distance <= bestDistance) {
        bestDistance = distance;
        best = this.clusterHit(clusters, i, query.leaves);
      }
    }
    // A cheap box in degrees first: only nearby markers are projected.
    const west = ((px - query.radius) / scale - 0.5) * 360;
    const east = ((px + query.radius) / scale - 0.5) * 360;
    const north = mercatorLatitude((py - query.radius) / scale);
    const south = mercatorLatitude((py + query.radius) / scale);
    for (let i = 0; i < singles.length; i++) {
      const slot = this.slotOf.get(singles[i]);
      if (slot === undefined) continue;
      const t = this.progress(slot, query.now);
      const lat = this.fromLat[slot] + (this.toLat[slot] - this.fromLat[slot]) * t;
      const lng = this.fromLng[slot] + (this.toLng[slot] - this.fromLng[slot]) * t;
      if (lat < south || lat > north || lng < west || lng > east) continue;
      const dx = mercatorX(lng) * scale - px;
      const dy = mercatorY(lat) * scale - py;
      const distance = dx * dx + dy * dy;
      if (distance <= bestDistance) {
        bestDistance = distance;
        best = { kind: 'marker', id: singles[i], latitude: lat, longitude: lng };
      }
    }
    return best;
  }

  private clusterHit(clusters: Float64Array, i: number, leaves: number): IndexHit {
    const clusterId = clusters[i];
    const index = this.index;
    return {
      kind: 'cluster',
      clusterId,
      count: clusters[i + 1],
      latitude: clusters[i + 2],
      longitude: clusters[i + 3],
      expansionZoom: index?.getClusterExpansionZoom(clusterId) ?? CLUSTER_MAX_ZOOM,
      leaves:
        index && leaves > 0
          ? index.getLeaves(clusterId, leaves).map((leaf) => leaf.properties.id)
          : [],
    };
  }

  private rebuildInterval(): number {
    return Math.max(REBUILD_MS, this.buildMs * REBUILD_COST_FACTOR);
  }

  private progress(slot: number, now: number): number {
    return Math.min(1, Math.max(0, (now - this.start[slot]) / ANIMATION_MS));
  }

  private build(now: number): void {
    const points: PointFeature<{ id: number }>[] = [];
    for (const id of this.members) {
      const slot = this.slotOf.get(id);
      if (slot === undefined) continue;
      points.push({
        type: 'Feature',
        properties: { id },
        geometry: { type: 'Point', coordinates: [this.toLng[slot], this.toLat[slot]] },
      });
    }
    const index = new Supercluster<{ id: number }>({
      radius: CLUSTER_RADIUS,
      minZoom: 3,
      maxZoom: CLUSTER_MAX_ZOOM - 1,
    });
    index.load(points);
    this.index = index;
    this.indexStale = false;
    this.builtAt = now;
    this.buildMs = this.clock() - now;
    this.builds += 1;
  }

  private queryClusters(view: ViewQuery): Pick<IndexResult, 'clusters' | 'singles'> {
    const features = this.index!.getClusters(
      [view.west, view.south, view.east, view.north],
      Math.floor(view.zoom),
    );
    let clusterCount = 0;
    for (const feature of features) if ('cluster' in feature.properties) clusterCount += 1;
    const clusters = new Float64Array(clusterCount * CLUSTER_STRIDE);
    const singles = new Int32Array(features.length - clusterCount);
    let c = 0;
    let s = 0;
    for (const feature of features) {
      const properties = feature.properties as Partial<ClusterProperties> & {
        id?: number;
      };
      if (properties.cluster) {
        const [lng, lat] = feature.geometry.coordinates;
        clusters[c++] = properties.cluster_id!;
        clusters[c++] = properties.point_count!;
        clusters[c++] = lat;
        clusters[c++] = lng;
      } else {
        singles[s++] = properties.id!;
      }
    }
    return { clusters, singles };
  }

  private queryPoints(view: ViewQuery): Pick<IndexResult, 'clusters' | 'singles'> {
    const found: number[] = [];
    for (const id of this.members) {
      const slot = this.slotOf.get(id);
      if (slot === undefined) continue;
      const lat = this.toLat[slot];
      const lng = this.toLng[slot];
      if (lat >= view.south && lat <= view.north && lng >= view.west && lng <= view.east) {
        found.push(id);
      }
    }
    return { clusters: new Float64Array(0), singles: Int32Array.from(found) };
  }

  private allocate(id: number): number {
    if (this.size === this.start.length) {
      const grow = (array: Float64Array): Float64Array => {
        const next = new Float64Array(array.length * 2);
        next.set(array);
        return next;
      };
      this.fromLat = grow(this.fromLat);
      this.fromLng = grow(this.fromLng);
      this.toLat = grow(this.toLat);
      this.toLng = grow(this.toLng);
      this.start = grow(this.start);
    }
    const slot = this.size++;
    this.slotOf.set(id, slot);
    return slot;
  }

  private place(
    slot: number,
    fromLat: number,
    fromLng: number,
    toLat: number,
    toLng: number,
    start: number,
  ): void {
    this.fromLat[slot] = fromLat;
    this.fromLng[slot] = fromLng;
    this.toLat[slot] = toLat;
    this.toLng[slot] = toLng;
    this.start[slot] = start;
  }
}

const sameNumbers = (a: ArrayLike<number>, b: ArrayLike<number>): boolean => {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
};
