import L from 'leaflet';
import Supercluster from 'supercluster';
import type { Device } from '../../../model/device';
import { createInputYield } from '../../live/inputPriority';
import type { Position } from '../../../model/position';
import type { MarkerPrefs } from './labels';
import { drawCluster, drawMarker } from './markerDrawing';
import { isAnimating, type MarkerMotion, positionAt, retarget, still } from './markerState';

/** Below this zoom nearby markers merge into clusters (when clustering is on). */
const CLUSTER_MAX_ZOOM = 15;
/**
 * Rebuilding the cluster index for 10,000 points costs tens of milliseconds, so drifting
 * positions refresh it only this often; a change of which devices show rebuilds it at once.
 */
const CLUSTER_REBUILD_MS = 10_000;
const MEMBERSHIP_REBUILD_DELAY_MS = 200;
const HIT_RADIUS = 18;

/** Idle time (at most a second away), or a plain timeout where idle callbacks are missing. */
const whenIdle = (callback: () => void): (() => void) => {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(callback, { timeout: 1_000 });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(callback, 0);
  return () => clearTimeout(handle);
};

interface Marker {
  id: number;
  device: Device;
  position: Position;
  motion: MarkerMotion;
}

export type Hit =
  | { kind: 'marker'; id: number; x: number; y: number }
  | {
      kind: 'cluster';
      clusterId: number;
      count: number;
      x: number;
      y: number;
      lat: number;
      lng: number;
    };

interface MarkerLayerCallbacks {
  onHover: (hit: Hit | null) => void;
  onClick: (hit: Hit) => void;
}

interface MarkerData {
  devices: ReadonlyMap<number, Device>;
  positions: ReadonlyMap<number, Position>;
  ids: readonly number[];
  prefs: MarkerPrefs;
  selectedId: number | null;
  plateMissing: string;
}

/**
 * Every device marker on ONE canvas over the map: no DOM node or React component per device.
 * Markers glide to new fixes, rotate with the course, carry a status ring, label and accuracy
 * circle, and merge into supercluster clusters below `CLUSTER_MAX_ZOOM`. The map container gets
 * `data-markers` (devices on the map) and `data-drawn` (glyphs in the last frame).
 */
export class MarkerLayer extends L.Layer {
  private canvas: HTMLCanvasElement | null = null;
  private markers = new Map<number, Marker>();
  private data: MarkerData | null = null;
  private index: Supercluster<{ id: number }> | null = null;
  private indexBuiltAt = -Infinity;
  private indexDirty = true;
  private frame = 0;
  private hits: Hit[] = [];
  private hovered: Hit | null = null;
  private rebuildTimer: ReturnType<typeof setTimeout> | undefined;
  private cancelIdleRebuild: (() => void) | undefined;
  private readonly yieldToInput = createInputYield();

  constructor(private readonly callbacks: MarkerLayerCallbacks) {
    super();
  }

  onAdd(map: L.Map): this {
    const canvas = L.DomUtil.create('canvas', 'frota-markers');
    Object.assign(canvas.style, {
      position: 'absolute',
      inset: '0',
      zIndex: '450',
      pointerEvents: 'none',
    });
    map.getContainer().appendChild(canvas);
    this.canvas = canvas;
    map.on('move resize viewreset zoomend', this.requestDraw, this);
    map.on('zoomstart', this.hideDuringZoom, this);
    map.on('mousemove', this.handleMove, this);
    map.on('click', this.handleClick, this);
    map.on('mouseout', this.clearHover, this);
    this.requestDraw();
    return this;
  }

  onRemove(map: L.Map): this {
    map.off('move resize viewreset zoomend', this.requestDraw, this);
    map.off('zoomstart', this.hideDuringZoom, this);
    map.off('mousemove', this.handleMove, this);
    map.off('click', this.handleClick, this);
    map.off('mouseout', this.clearHover, this);
    cancelAnimationFrame(this.frame);
    clearTimeout(this.rebuildTimer);
    this.cancelIdleRebuild?.();
    this.canvas?.remove();
    this.canvas = null;
    return this;
  }

  /** The filtered devices to show; called when the view (filters, membership) changes. */
  setData(data: MarkerData): void {
    const now = performance.now();
    const next = new Map<number, Marker>();
    // Filtering (a search keystroke) mostly keeps markers: update those in place, no new objects.
    let kept = 0;
    for (const id of data.ids) {
      const device = data.devices.get(id);
      const position = data.positions.get(id);
      if (!device || !position) continue;
      const current = this.markers.get(id);
      if (current) {
        current.motion = retarget(current.motion, position.latitude, position.longitude, now);
        current.device = device;
        current.position = position;
        next.set(id, current);
        kept += 1;
      } else {
        next.set(id, {
          id,
          device,
          position,
          motion: still(position.latitude, position.longitude),
        });
      }
    }
    const membershipChanged = kept !== next.size || next.size !== this.markers.size;
    this.markers = next;
    this.data = data;
    this.indexDirty = true;
    if (membershipChanged) this.scheduleRebuild();
    this._map?.getContainer().setAttribute('data-markers', String(next.size));
    this.requestDraw();
  }

  /** New fixes and device records from a store flush: glide the markers that moved. */
  update(
    ids: Iterable<number>,
    devices: ReadonlyMap<number, Device>,
    positions: ReadonlyMap<number, Position>,
  ): void {
    const now = performance.now();
    let changed = false;
    for (const id of ids) {
      const marker = this.markers.get(id);
      const position = positions.get(id);
      if (!marker || !position) continue;
      marker.motion = retarget(marker.motion, position.latitude, position.longitude, now);
      marker.position = position;
      marker.device = devices.get(id) ?? marker.device;
      changed = true;
    }
    if (changed) {
      this.indexDirty = true;
      this.requestDraw();
    }
  }

  /** Where the marker is drawn now (follow keeps this centred). */
  currentLatLng(id: number): L.LatLng | null {
    const marker = this.markers.get(id);
    if (!marker) return null;
    const [lat, lng] = positionAt(marker.motion, performance.now());
    return L.latLng(lat, lng);
  }

  clusterExpansionZoom(clusterId: number): number {
    return this.index?.getClusterExpansionZoom(clusterId) ?? CLUSTER_MAX_ZOOM;
  }

  /** Device names in a cluster for its tooltip (at most `limit`). */
  clusterNames(clusterId: number, limit: number): string[] {
    if (!this.index) return [];
    return this.index
      .getLeaves(clusterId, limit)
      .map((leaf) => this.markers.get(leaf.properties.id)?.device.name ?? '')
      .filter(Boolean);
  }

  deviceOf(id: number): Device | undefined {
    return this.markers.get(id)?.device;
  }

  /**
   * Typing in the search changes membership per keystroke: rebuild once typing pauses, in idle
   * time rather than in a drawing frame (a keystroke or a frame does not wait for it).
   */
  private scheduleRebuild(): void {
    clearTimeout(this.rebuildTimer);
    this.cancelIdleRebuild?.();
    this.rebuildTimer = setTimeout(() => {
      this.cancelIdleRebuild = whenIdle(() => {
        this.cancelIdleRebuild = undefined;
        this.indexBuiltAt = -Infinity;
        const map = this._map;
        if (map && this.useClusters(map.getZoom())) this.ensureIndex(performance.now());
        this.requestDraw();
      });
    }, MEMBERSHIP_REBUILD_DELAY_MS);
  }

  private requestDraw(): void {
    if (this.frame || !this.canvas) return;
    const frame = () => {
      this.frame = this.yieldToInput() ? requestAnimationFrame(frame) : 0;
      if (!this.frame) this.draw();
    };
    this.frame = requestAnimationFrame(frame);
  }

  private hideDuringZoom(): void {
    if (this.canvas) this.canvas.style.visibility = 'hidden';
  }

  private useClusters(zoom: number): boolean {
    return Boolean(this.data?.prefs.clusters) && zoom < CLUSTER_MAX_ZOOM && this.markers.size > 1;
  }

  private ensureIndex(now: number): Supercluster<{ id: number }> {
    if (!this.index || (this.indexDirty && now - this.indexBuiltAt > CLUSTER_REBUILD_MS)) {
      const index = new Supercluster<{ id: number }>({
        radius: 60,
        minZoom: 3,
        maxZoom: CLUSTER_MAX_ZOOM - 1,
      });
      const points = [...this.markers.values()].map((marker) => ({
        type: 'Feature' as const,
        properties: { id: marker.id },
        geometry: {
          type: 'Point' as const,
          coordinates: [marker.motion.toLng, marker.motion.toLat],
        },
      }));
      index.load(points);
      this.index = index;
      this.indexBuiltAt = now;
      this.indexDirty = false;
    }
    return this.index;
  }

  private draw(): void {
    const map = this._map;
    const canvas = this.canvas;
    if (!map || !canvas) return;
    canvas.style.visibility = 'visible';
    const ratio = window.devicePixelRatio || 1;
    const size = map.getSize();
    if (
      canvas.width !== Math.round(size.x * ratio) ||
      canvas.height !== Math.round(size.y * ratio)
    ) {
      canvas.width = Math.round(size.x * ratio);
      canvas.height = Math.round(size.y * ratio);
      canvas.style.width = `${size.x}px`;
      canvas.style.height = `${size.y}px`;
    }
    const ctx = canvas.getContext('2d');
    if (!ctx) return;
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    ctx.clearRect(0, 0, size.x, size.y);
    const now = performance.now();
    const zoom = map.getZoom();
    const bounds = map.getBounds().pad(0.05);
    const hits: Hit[] = [];
    const singles: { marker: Marker; x: number; y: number }[] = [];
    let animating = false;

    const place = (marker: Marker) => {
      const [lat, lng] = positionAt(marker.motion, now);
      animating ||= isAnimating(marker.motion, now);
      if (!bounds.contains([lat, lng])) return;
      const point = map.latLngToContainerPoint([lat, lng]);
      singles.push({ marker, x: point.x, y: point.y });
      hits.push({ kind: 'marker', id: marker.id, x: point.x, y: point.y });
    };

    if (this.useClusters(zoom)) {
      const index = this.ensureIndex(now);
      const box: [number, number, number, number] = [
        bounds.getWest(),
        bounds.getSouth(),
        bounds.getEast(),
        bounds.getNorth(),
      ];
      for (const feature of index.getClusters(box, Math.floor(zoom))) {
        const props = feature.properties as {
          cluster?: boolean;
          cluster_id?: number;
          point_count?: number;
          id?: number;
        };
        if (props.cluster && props.cluster_id !== undefined) {
          const [lng, lat] = feature.geometry.coordinates;
          const point = map.latLngToContainerPoint([lat, lng]);
          const count = props.point_count ?? 0;
          drawCluster(ctx, point.x, point.y, count);
          hits.push({
            kind: 'cluster',
            clusterId: props.cluster_id,
            count,
            x: point.x,
            y: point.y,
            lat,
            lng,
          });
        } else if (props.id !== undefined) {
          const marker = this.markers.get(props.id);
          if (marker) place(marker);
        }
      }
    } else {
      this.markers.forEach(place);
      if (this.indexDirty) this.index = null;
    }

    const showLabels = this.data?.prefs.labels !== 'none' && (zoom >= 12 || singles.length < 150);
    singles.sort(
      (a, b) =>
        (a.marker.id === this.data?.selectedId ? 1 : 0) -
        (b.marker.id === this.data?.selectedId ? 1 : 0),
    );
    const style = {
      prefs: this.data?.prefs,
      selectedId: this.data?.selectedId ?? null,
      plateMissing: this.data?.plateMissing ?? '',
      zoom,
      ratio,
      showLabels,
    };
    singles.forEach(({ marker, x, y }) =>
      drawMarker(ctx, marker.device, marker.position, x, y, style),
    );
    this.hits = hits;
    map.getContainer().setAttribute('data-drawn', String(hits.length));
    if (animating) this.requestDraw();
  }

  private hitAt(point: L.Point): Hit | null {
    let best: Hit | null = null;
    let bestDistance = HIT_RADIUS * HIT_RADIUS;
    for (const hit of this.hits) {
      const dx = hit.x - point.x;
      const dy = hit.y - point.y;
      const distance = dx * dx + dy * dy;
      if (distance <= bestDistance) {
        best = hit;
        bestDistance = distance;
      }
    }
    return best;
  }

  private handleMove(event: L.LeafletMouseEvent): void {
    const hit = this.hitAt(event.containerPoint);
    const container = this._map?.getContainer();
    if (container) container.style.cursor = hit ? 'pointer' : '';
    const same =
      hit?.kind === this.hovered?.kind &&
      (hit?.kind === 'marker'
        ? hit.id === (this.hovered as Extract<Hit, { kind: 'marker' }>).id
        : hit?.clusterId === (this.hovered as Extract<Hit, { kind: 'cluster' }> | null)?.clusterId);
    if (same && hit) return;
    this.hovered = hit;
    this.callbacks.onHover(hit);
  }

  private clearHover(): void {
    this.hovered = null;
    this.callbacks.onHover(null);
  }

  private handleClick(event: L.LeafletMouseEvent): void {
    const hit = this.hitAt(event.containerPoint);
    if (hit) this.callbacks.onClick(hit);
  }
}
