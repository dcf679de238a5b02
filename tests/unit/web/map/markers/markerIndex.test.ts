import {
  CLUSTER_STRIDE,
  type HitQuery,
  type IndexResult,
  JUMP,
  MarkerIndex,
  POSITION_STRIDE,
  REBUILD_MS,
  type ViewQuery,
} from '../../../../../src/map/markers/markerIndex';
import { ANIMATION_MS } from '../../../../../src/map/markers/markerState';

/** São Paulo; a degree of longitude here is about 100 km. */
const LAT = -23.55;
const LNG = -46.63;

const batch = (entries: [id: number, lat: number, lng: number, glideStart?: number][]) => ({
  ids: Int32Array.from(entries.map(([id]) => id)),
  coords: Float64Array.from(
    entries.flatMap(([, lat, lng, glideStart = JUMP]) => [lat, lng, glideStart]),
  ),
});

const view = (zoom: number, clusters = true, seq = 1): ViewQuery => ({
  seq,
  west: LNG - 1,
  south: LAT - 1,
  east: LNG + 1,
  north: LAT + 1,
  zoom,
  clusters,
});

const clustersOf = (result: IndexResult) => {
  const list = [];
  for (let i = 0; i < result.clusters.length; i += CLUSTER_STRIDE) {
    list.push({
      id: result.clusters[i],
      count: result.clusters[i + 1],
      lat: result.clusters[i + 2],
      lng: result.clusters[i + 3],
    });
  }
  return list;
};

/** Ten devices within a few metres of each other, and device 99 alone 20 km east. */
const fleet = () => {
  const index = new MarkerIndex(() => 0);
  const group: [number, number, number][] = Array.from({ length: 10 }, (_, i) => [
    i + 1,
    LAT + i * 0.00001,
    LNG,
  ]);
  const { ids, coords } = batch([...group, [99, LAT, LNG + 0.2]]);
  index.applyPositions(ids, coords);
  index.setMembers(Int32Array.from([...group.map(([id]) => id), 99]));
  return index;
};

const hitQuery = (lat: number, lng: number, zoom: number, now = 0): HitQuery => ({
  latitude: lat,
  longitude: lng,
  zoom,
  radius: 18,
  now,
  leaves: 12,
});

describe('marker index (the map worker)', () => {
  it('answers clusters and single markers in view below zoom 15, single markers above', () => {
    const index = fleet();
    index.setView(view(12));
    const clustered = index.update()!;
    expect(clustersOf(clustered)).toEqual([expect.objectContaining({ count: 10 })]);
    expect([...clustered.singles]).toEqual([99]);

    index.setView(view(16, true, 2));
    const close = index.update()!;
    expect(close.clusters).toHaveLength(0);
    expect([...close.singles].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 99]);

    // Clustering off: every marker, whatever the zoom.
    index.setView(view(12, false, 3));
    expect(index.update()!.singles).toHaveLength(11);
  });

  it('shows only the members and only what is in the view', () => {
    const index = fleet();
    index.setMembers(Int32Array.from([1, 99]));
    index.setView(view(16));
    expect([...index.update()!.singles].sort((a, b) => a - b)).toEqual([1, 99]);
    index.setView({ ...view(16, true, 2), east: LNG + 0.1 });
    expect([...index.update()!.singles]).toEqual([1]);
  });

  it('answers again only when the answer changes', () => {
    const index = fleet();
    index.setView(view(16));
    expect(index.update()).not.toBeNull();
    expect(index.update()).toBeNull();
    // A move inside the view changes nothing drawn from the answer.
    const inside = batch([[99, LAT, LNG + 0.3]]);
    index.applyPositions(inside.ids, inside.coords);
    expect(index.update()).toBeNull();
    // Leaving the view does.
    const gone = batch([[99, LAT, LNG + 2]]);
    index.applyPositions(gone.ids, gone.coords);
    expect([...index.update()!.singles]).not.toContain(99);
  });

  it('re-clusters at once for new members, and for drift only every few seconds', () => {
    let now = 0;
    const index = new MarkerIndex(() => now);
    const first = batch([
      [1, LAT, LNG],
      [2, LAT, LNG + 0.00001],
    ]);
    index.applyPositions(first.ids, first.coords);
    index.setMembers(Int32Array.from([1, 2]));
    index.setView(view(12));
    expect(clustersOf(index.update()!)).toEqual([expect.objectContaining({ count: 2 })]);
    expect(index.builds).toBe(1);

    // Device 2 drives 20 km away: still one cluster until the rebuild is due.
    const drive = batch([[2, LAT, LNG + 0.2]]);
    index.applyPositions(drive.ids, drive.coords);
    now = 1_000;
    expect(index.update()).toBeNull();
    expect(index.nextUpdateAt()).toBe(REBUILD_MS);
    now = REBUILD_MS;
    const drifted = index.update()!;
    expect(index.builds).toBe(2);
    expect(drifted.clusters).toHaveLength(0);
    expect([...drifted.singles].sort()).toEqual([1, 2]);
    expect(index.nextUpdateAt()).toBeNull();

    // A search narrows the members: at once.
    now = REBUILD_MS + 10;
    index.setMembers(Int32Array.from([1]));
    expect([...index.update()!.singles]).toEqual([1]);
    expect(index.builds).toBe(3);
  });

  it('waits longer between rebuilds when a build is slow', () => {
    let now = 0;
    // Every reading of the clock is 400 ms later: a build takes 400 ms.
    const index = new MarkerIndex(() => (now += 400));
    const points = batch([[1, LAT, LNG]]);
    index.applyPositions(points.ids, points.coords);
    index.setMembers(Int32Array.from([1]));
    index.setView(view(12));
    index.update();
    const moved = batch([[1, LAT + 0.01, LNG]]);
    index.applyPositions(moved.ids, moved.coords);
    const builtAt = 400;
    expect(index.nextUpdateAt()).toBe(builtAt + 400 * 10);
  });

  it('hits the nearest cluster, with its expansion zoom and device ids', () => {
    const index = fleet();
    index.setView(view(12));
    const [cluster] = clustersOf(index.update()!);
    const hit = index.hit(hitQuery(cluster.lat, cluster.lng + 0.0001, 12));
    expect(hit).toMatchObject({ kind: 'cluster', clusterId: cluster.id, count: 10 });
    expect(hit?.kind === 'cluster' && hit.expansionZoom).toBeGreaterThan(12);
    expect(hit?.kind === 'cluster' && [...hit.leaves].sort((a, b) => a - b)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
    ]);
    // The tooltip names a few.
    const few = index.hit({ ...hitQuery(cluster.lat, cluster.lng, 12), leaves: 3 });
    expect(few?.kind === 'cluster' && few.leaves).toHaveLength(3);
    // Device 99 alone, and nothing between them.
    expect(index.hit(hitQuery(LAT, LNG + 0.2, 12))).toMatchObject({ kind: 'marker', id: 99 });
    expect(index.hit(hitQuery(LAT, LNG + 0.1, 12))).toBeNull();
  });

  it('finds a gliding marker where the map draws it at that moment', () => {
    const index = fleet();
    index.setView(view(16));
    index.update();
    // Device 99 glides 0.01° (about 1,000 px at zoom 16) east, starting at t = 1000.
    const glide = batch([[99, LAT, LNG + 0.21, 1_000]]);
    index.applyPositions(glide.ids, glide.coords);
    index.update();
    const midway = LNG + 0.205;
    expect(index.hit(hitQuery(LAT, midway, 16, 1_000 + ANIMATION_MS / 2))).toMatchObject({
      kind: 'marker',
      id: 99,
    });
    expect(index.hit(hitQuery(LAT, LNG + 0.21, 16, 1_000 + ANIMATION_MS / 2))).toBeNull();
    expect(index.hit(hitQuery(LAT, LNG + 0.21, 16, 1_000 + ANIMATION_MS))).toMatchObject({
      id: 99,
    });
    // A new fix mid-glide starts from where it is drawn, as the map's retarget does.
    const turn = batch([[99, LAT + 0.01, LNG + 0.205, 1_000 + ANIMATION_MS / 2]]);
    index.applyPositions(turn.ids, turn.coords);
    expect(index.hit(hitQuery(LAT, midway, 16, 1_000 + ANIMATION_MS / 2))).toMatchObject({
      id: 99,
    });
    // A jump lands at once.
    const jump = batch([[99, LAT, LNG + 0.22]]);
    index.applyPositions(jump.ids, jump.coords);
    expect(index.hit(hitQuery(LAT, LNG + 0.22, 16, 1_000 + ANIMATION_MS / 2))).toMatchObject({
      id: 99,
    });
  });

  it('hits nothing before its first answer and among non-members', () => {
    const index = fleet();
    expect(index.hit(hitQuery(LAT, LNG + 0.2, 16))).toBeNull();
    index.setMembers(Int32Array.from([1]));
    index.setView(view(16));
    index.update();
    expect(index.hit(hitQuery(LAT, LNG + 0.2, 16))).toBeNull();
  });

  it('takes a batch of 50,000 fixes and clusters them off the page', () => {
    const count = 50_000;
    const ids = new Int32Array(count);
    const coords = new Float64Array(count * POSITION_STRIDE);
    for (let i = 0; i < count; i++) {
      ids[i] = i + 1;
      coords[i * POSITION_STRIDE] = LAT + ((i % 250) - 125) * 0.002;
      coords[i * POSITION_STRIDE + 1] = LNG + (Math.floor(i / 250) - 100) * 0.002;
      coords[i * POSITION_STRIDE + 2] = JUMP;
    }
    const index = new MarkerIndex();
    index.applyPositions(ids, coords);
    index.setMembers(ids);
    index.setView(view(12));
    const result = index.update()!;
    const total =
      clustersOf(result).reduce((sum, cluster) => sum + cluster.count, 0) + result.singles.length;
    expect(total).toBe(count);
  });
});
