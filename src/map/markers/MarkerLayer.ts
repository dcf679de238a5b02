import L from 'leaflet';
import type { Device } from '../../../model/device';
import { createInputYield } from '../../live/inputPriority';
import { PIECE, runInSlices, runSteps, type Steps } from '../../live/steps';
import { hasLocation, type Position } from '../../../model/position';
import type { MarkerPrefs } from './labels';
import { type Box, BoxGrid, overlaps } from './boxGrid';
import { LabelSpace } from './labelSpace';
import {
  clusterBox,
  drawCluster,
  drawMarker,
  drawMarkerLabel,
  markerBox,
  markerExtent,
  type MarkerStyle,
  type PlacedLabel,
  writeLabel,
} from './markerDrawing';
import {
  CLUSTER_MAX_ZOOM,
  CLUSTER_STRIDE,
  type HitQuery,
  type IndexHit,
  type IndexResult,
  JUMP,
  type ViewQuery,
} from './indexProtocol';
import { MarkerIndexClient } from './markerIndexClient';
import { frameInterval, moveKind, pixelDistance, shouldFold } from './markerPacing';
import {
  ANIMATION_MS,
  isAnimating,
  type MarkerMotion,
  positionAt,
  retarget,
  still,
} from './markerState';

const HIT_RADIUS = 18;
/** Member lists from this size are walked in slices (`setMembers`). */
const SLICED_FROM = 20_000;
/** Device names a cluster's tooltip lists. */
export const CLUSTER_NAMES = 12;
/**
 * The index answers for the view plus half of it on every side, so panning draws from the
 * answer at hand and asks again only near its edge.
 */
const VIEW_PAD = 0.5;

interface Marker {
  id: number;
  device: Device;
  position: Position;
  motion: MarkerMotion;
  /** The still-layer drawing that last placed it on screen. */
  seenIn: number;
  /** Since when it has been on screen without a break. */
  shownAt: number;
  /** Its glide's speed on screen, pixels per ms. */
  speed: number;
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
      expansionZoom: number;
      /** The first `CLUSTER_NAMES` device names inside. */
      names: string[];
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
 * Whether an answer for one view fits another: the same cluster level (clusters merge per whole
 * zoom level), or both unclustered at any zoom.
 */
const sameLevel = (
  a: Pick<ViewQuery, 'zoom' | 'clusters'>,
  b: Pick<ViewQuery, 'zoom' | 'clusters'>,
): boolean => {
  const clustered = (view: Pick<ViewQuery, 'zoom' | 'clusters'>) =>
    view.clusters && Math.floor(view.zoom) < CLUSTER_MAX_ZOOM;
  if (clustered(a) !== clustered(b)) return false;
  return !clustered(a) || Math.floor(a.zoom) === Math.floor(b.zoom);
};

/** The same devices, in any order (`set` holds `a`'s); most refreshes keep even the order. */
const sameIds = (a: readonly number[], b: readonly number[], set: ReadonlySet<number>): boolean => {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  let i = 0;
  while (i < a.length && a[i] === b[i]) i += 1;
  for (; i < b.length; i++) if (!set.has(b[i])) return false;
  return true;
};

/** Each id of either set once, without a set of both (a resync holds the whole fleet twice). */
function* changedIds(changed: {
  positions: ReadonlySet<number>;
  devices: ReadonlySet<number>;
}): Generator<number> {
  yield* changed.positions;
  for (const id of changed.devices) if (!changed.positions.has(id)) yield id;
}

const samePrefs = (a: MarkerPrefs, b: MarkerPrefs): boolean =>
  a === b ||
  (a.labels === b.labels &&
    a.statusRing === b.statusRing &&
    a.accuracy === b.accuracy &&
    a.clusters === b.clusters);

/** What the still layer drew, where: enough to paint a part of it again. */
type StillGlyph =
  | { kind: 'cluster'; order: number; x: number; y: number; count: number }
  | {
      kind: 'marker';
      order: number;
      marker: Marker;
      x: number;
      y: number;
      /** What its drawing covers but the label. */
      extent: Box;
      /** Its boxes in the still layer's glyph grid and label space. */
      grid: number[];
      space: number[];
      label: PlacedLabel | null;
      labelOrder: number;
    };

const union = (a: Box, b: Box | undefined): Box =>
  b
    ? {
        left: Math.min(a.left, b.left),
        top: Math.min(a.top, b.top),
        right: Math.max(a.right, b.right),
        bottom: Math.max(a.bottom, b.bottom),
      }
    : a;

const sameHit = (a: Hit | null, b: Hit | null): boolean => {
  if (!a || !b) return a === b;
  if (a.kind === 'marker') return b.kind === 'marker' && a.id === b.id;
  return b.kind === 'cluster' && a.clusterId === b.clusterId;
};

/**
 * Every device marker on two canvases over the map: no DOM node or React component per device.
 * A Web Worker (`markerIndex.ts`) clusters the shown devices and answers what falls in the
 * view and what is under the pointer; this layer only draws. The still layer holds clusters
 * and markers at rest and is redrawn when the view, the answer or the settings change; the
 * moving layer above it holds the markers that moved since, gliding to new fixes at a frame
 * rate that drops as more move at once (`markerPacing.ts`). Markers rotate with the course and
 * carry a status ring, label and accuracy circle. The map container gets `data-markers`
 * (devices on the map) and `data-drawn` (glyphs in the last drawing). docs/live-map.md.
 */
export class MarkerLayer extends L.Layer {
  private still: HTMLCanvasElement | null = null;
  private moving: HTMLCanvasElement | null = null;
  private markers = new Map<number, Marker>();
  /** The devices the view shows, with or without a position. */
  private memberIds = new Set<number>();
  private data: MarkerData | null = null;
  /** The worker's client while the layer is on a map. */
  private index: MarkerIndexClient | null = null;
  private result: IndexResult | null = null;
  private view: ViewQuery | null = null;
  private viewSeq = 0;
  /** Markers drawn on the moving layer instead of the still one. */
  private readonly movers = new Set<number>();
  private drawing = 0;
  private stillDirty = true;
  private movingDirty = false;
  private stillDrawnAt = -Infinity;
  private movingDrawnAt = -Infinity;
  private movingCostMs = 0;
  /** The fastest glide on screen, pixels per ms: it sets the moving layer's pace. */
  private fastest = 0;
  private showLabels = false;
  /** What the still layer's drawing covers, so labels (there and above) keep clear of it. */
  private readonly stillSpace = new LabelSpace();
  private readonly movingSpace = new LabelSpace(this.stillSpace);
  /** The still layer's glyphs by the area they cover, and its markers by device id. */
  private readonly stillGlyphs = new BoxGrid<StillGlyph>();
  private readonly onStill = new Map<number, StillGlyph & { kind: 'marker' }>();
  private stillZoom = 0;
  /** Waiting for the index's answer at a new zoom: nothing is drawn meanwhile. */
  private awaiting = false;
  private frame = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private prepareTimer: ReturnType<typeof setTimeout> | undefined;
  private pointer: L.Point | null = null;
  private hovered: Hit | null = null;
  private readonly yieldToInput = createInputYield();
  /** Stops member steps still running (`setMembers`). */
  private cancelMembers = () => {};
  /** Members whose first fix `update` placed while member steps ran. */
  private placedMeanwhile: Set<number> | null = null;

  constructor(private readonly callbacks: MarkerLayerCallbacks) {
    super();
  }

  onAdd(map: L.Map): this {
    const index = new MarkerIndexClient({
      onResult: (result) => this.receive(result),
      onRestart: () => this.resendAll(),
    });
    this.index = index;
    const canvas = (z: string) => {
      const element = L.DomUtil.create('canvas', 'frota-markers');
      Object.assign(element.style, { position: 'absolute', inset: '0', zIndex: z });
      element.style.pointerEvents = 'none';
      map.getContainer().appendChild(element);
      return element;
    };
    this.still = canvas('450');
    this.moving = canvas('451');
    map.on('move resize viewreset zoomend', this.viewChanged, this);
    map.on('zoomstart', this.hideDuringZoom, this);
    map.on('mousemove', this.handleMove, this);
    map.on('click', this.handleClick, this);
    map.on('mouseout', this.clearHover, this);
    this.result = null;
    this.view = null;
    this.resendAll();
    this.viewChanged();
    // A canvas's first drawing allocates its backing store (20–35 ms at a desktop's size): done
    // in a task of its own while the fleet's positions are still on their way, so the first
    // drawing of the markers is not one long task with it.
    clearTimeout(this.prepareTimer);
    this.prepareTimer = setTimeout(() => {
      const size = map.getSize();
      const ratio = window.devicePixelRatio || 1;
      for (const canvas of [this.still, this.moving]) {
        // A browser out of canvas memory has no context to give: the first drawing will say so.
        if (canvas) this.resize(canvas, size, ratio)?.clearRect(0, 0, size.x, size.y);
      }
    });
    return this;
  }

  onRemove(map: L.Map): this {
    this.cancelMembers();
    map.off('move resize viewreset zoomend', this.viewChanged, this);
    map.off('zoomstart', this.hideDuringZoom, this);
    map.off('mousemove', this.handleMove, this);
    map.off('click', this.handleClick, this);
    map.off('mouseout', this.clearHover, this);
    cancelAnimationFrame(this.frame);
    clearTimeout(this.timer);
    clearTimeout(this.prepareTimer);
    this.frame = 0;
    this.timer = undefined;
    this.still?.remove();
    this.moving?.remove();
    this.still = null;
    this.moving = null;
    this.view = null;
    this.result = null;
    this.index?.close();
    this.index = null;
    return this;
  }

  /**
   * The filtered devices to show, the marker settings and the selection. The device view calls
   * this after every refresh (twice a second while positions arrive) with a new list, mostly of
   * the same devices: only a change of which devices show walks the markers; fixes and device
   * records reach them through `update`.
   */
  setData(data: MarkerData): void {
    const previous = this.data;
    this.data = data;
    const sameMembers = previous !== null && sameIds(previous.ids, data.ids, this.memberIds);
    if (!sameMembers) this.setMembers(data);
    if (previous?.prefs.clusters !== data.prefs.clusters) this.viewChanged();
    const sameStyle =
      previous !== null &&
      samePrefs(previous.prefs, data.prefs) &&
      previous.selectedId === data.selectedId &&
      previous.plateMissing === data.plateMissing;
    if (sameMembers && sameStyle) return;
    this.stillDirty = true;
    this.request();
  }

  private setMembers(data: MarkerData): void {
    this.cancelMembers();
    this.memberIds = new Set(data.ids);
    const steps = this.memberSteps(data);
    if (data.ids.length < SLICED_FROM) {
      this.placeMembers(runSteps(steps), data.ids);
      return;
    }
    // 100,000 new markers took a fifth of a second in one task: they come in slices instead,
    // while the markers already placed stay as they are.
    const meanwhile = new Set<number>();
    this.placedMeanwhile = meanwhile;
    const cancel = runInSlices(steps, (next) => {
      this.cancelMembers();
      // A member's first fix that `update` placed after the steps had passed it.
      meanwhile.forEach((id) => {
        const marker = this.markers.get(id);
        if (marker && !next.has(id)) next.set(id, marker);
      });
      this.placeMembers(next, data.ids);
      this.stillDirty = true;
      this.request();
    });
    this.cancelMembers = () => {
      cancel();
      this.placedMeanwhile = null;
      this.cancelMembers = () => {};
    };
  }

  private *memberSteps(data: MarkerData): Steps<Map<number, Marker>> {
    const next = new Map<number, Marker>();
    const { ids } = data;
    for (let index = 0; index < ids.length; index++) {
      if (index % PIECE === PIECE - 1) yield;
      const id = ids[index];
      const device = data.devices.get(id);
      const position = data.positions.get(id);
      if (!device || !position || !hasLocation(position)) continue;
      const current = this.markers.get(id);
      if (current) {
        // Filtering (a search keystroke) mostly keeps markers: update those in place.
        current.device = device;
        if (current.position !== position) this.move(current, position, performance.now());
        next.set(id, current);
      } else {
        next.set(id, this.create(device, position));
      }
    }
    return next;
  }

  private placeMembers(next: Map<number, Marker>, ids: readonly number[]): void {
    this.markers = next;
    // Members without a position yet join the map with their first fix (`update`).
    this.index?.members(ids);
    this._map?.getContainer().setAttribute('data-markers', String(next.size));
  }

  private create(device: Device, position: Position): Marker {
    const { latitude, longitude } = position;
    this.index?.position(device.id, latitude, longitude, JUMP);
    return {
      id: device.id,
      device,
      position,
      motion: still(latitude, longitude),
      seenIn: -1,
      shownAt: 0,
      speed: 0,
    };
  }

  /**
   * New fixes and device records from a store flush (the ids of each that changed): glide the
   * markers that moved in view.
   */
  update(
    changed: { positions: ReadonlySet<number>; devices: ReadonlySet<number> },
    devices: ReadonlyMap<number, Device>,
    positions: ReadonlyMap<number, Position>,
  ): void {
    // Before the first `setData` no device is shown: the fleet's first load is for it to place.
    if (this.memberIds.size === 0) return;
    const now = performance.now();
    let added = false;
    for (const id of changedIds(changed)) {
      const marker = this.markers.get(id);
      const position = positions.get(id);
      if (!position || !hasLocation(position)) continue;
      if (!marker) {
        // A shown device's first fix: the index adds it with its position.
        const device = devices.get(id);
        if (!device || !this.memberIds.has(id)) continue;
        this.markers.set(id, this.create(device, position));
        this.placedMeanwhile?.add(id);
        added = true;
        continue;
      }
      marker.device = devices.get(id) ?? marker.device;
      if (marker.position !== position) this.move(marker, position, now);
      else if (this.onScreen(marker)) this.redrawMoving(marker);
    }
    if (added) {
      this._map?.getContainer().setAttribute('data-markers', String(this.markers.size));
    }
  }

  deviceOf(id: number): Device | undefined {
    return this.markers.get(id)?.device;
  }

  /**
   * A marker on screen for a while glides to its fix (on the moving layer); any other takes its
   * new place at once, and only one on screen costs a redraw.
   */
  private move(marker: Marker, position: Position, now: number): void {
    marker.position = position;
    const { latitude, longitude } = position;
    if (marker.motion.toLat === latitude && marker.motion.toLng === longitude) {
      if (this.onScreen(marker)) this.redrawMoving(marker);
      return;
    }
    const map = this._map;
    if (map && this.onScreen(marker)) {
      const [lat, lng] = positionAt(marker.motion, now);
      const distance = pixelDistance(lat, lng, latitude, longitude, map.getZoom());
      if (moveKind(distance, now - marker.shownAt) === 'glide') {
        marker.motion = retarget(marker.motion, latitude, longitude, now);
        marker.speed = distance / ANIMATION_MS;
        this.fastest = Math.max(this.fastest, marker.speed);
        this.index?.position(marker.id, latitude, longitude, now);
      } else {
        marker.motion = still(latitude, longitude);
        this.index?.position(marker.id, latitude, longitude, JUMP);
      }
      this.redrawMoving(marker);
    } else {
      marker.motion = still(latitude, longitude);
      this.index?.position(marker.id, latitude, longitude, JUMP);
    }
  }

  private onScreen(marker: Marker): boolean {
    return marker.seenIn === this.drawing && this.drawing > 0;
  }

  private redrawMoving(marker: Marker): void {
    this.movers.add(marker.id);
    this.movingDirty = true;
    this.request();
  }

  private receive(result: IndexResult): void {
    // Answers for an older view still help while panning, but never across a cluster level.
    if (this.view && !sameLevel(result.view, this.view)) return;
    this.result = result;
    this.stillDirty = true;
    this.request();
  }

  /** A new index (the layer added again, or the worker restarted on this thread): all again. */
  private resendAll(): void {
    const index = this.index;
    if (!index) return;
    this.markers.forEach((marker) =>
      index.position(marker.id, marker.motion.toLat, marker.motion.toLng, JUMP),
    );
    index.members([...this.markers.keys()]);
    if (this.view) index.view(this.view);
  }

  private viewChanged(): void {
    const map = this._map;
    if (!map) return;
    this.stillDirty = true;
    this.request();
    const zoom = map.getZoom();
    const clusters = this.data?.prefs.clusters ?? true;
    const bounds = map.getBounds();
    const view = this.view;
    if (
      view &&
      sameLevel(view, { zoom, clusters }) &&
      L.latLngBounds([view.south, view.west], [view.north, view.east]).contains(bounds)
    ) {
      return;
    }
    const padded = bounds.pad(VIEW_PAD);
    this.view = {
      seq: ++this.viewSeq,
      west: padded.getWest(),
      south: padded.getSouth(),
      east: padded.getEast(),
      north: padded.getNorth(),
      zoom,
      clusters,
    };
    this.index?.view(this.view);
  }

  private hideDuringZoom(): void {
    if (this.still) this.still.style.visibility = 'hidden';
    if (this.moving) this.moving.style.visibility = 'hidden';
  }

  /** One animation frame for whatever is due, no sooner than the moving layer's pace allows. */
  private request(): void {
    // The still layer (the view moved, a new answer) does not wait for the moving layer's pace.
    if (this.timer && this.stillDirty) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    if (this.frame || this.timer || !this.still) return;
    const wait = this.stillDirty
      ? 0
      : this.movingDrawnAt +
        frameInterval(this.movers.size, this.fastest, this.movingCostMs) -
        performance.now();
    const frame = () => {
      this.frame = 0;
      if (this.yieldToInput()) {
        this.frame = requestAnimationFrame(frame);
        return;
      }
      this.drawDue();
    };
    // A few milliseconds early is fine: the frame callback lands on the next display frame.
    if (wait > 8) {
      this.timer = setTimeout(() => {
        this.timer = undefined;
        this.frame = requestAnimationFrame(frame);
      }, wait - 8);
    } else {
      this.frame = requestAnimationFrame(frame);
    }
  }

  private drawDue(): void {
    const now = performance.now();
    const settled = this.countSettled(now);
    if (this.stillDirty || shouldFold(settled, now - this.stillDrawnAt)) this.drawStill(now);
    else if (this.movingDirty || settled < this.movers.size) this.drawMoving(now);
    if (this.movingDirty || this.countSettled(now) < this.movers.size) this.request();
  }

  private countSettled(now: number): number {
    let settled = 0;
    for (const id of this.movers) {
      const marker = this.markers.get(id);
      if (!marker || !isAnimating(marker.motion, now)) settled += 1;
    }
    return settled;
  }

  /** The canvas at the map's size in device pixels, and its 2D context. */
  private resize(
    canvas: HTMLCanvasElement,
    size: L.Point,
    ratio: number,
  ): CanvasRenderingContext2D | null {
    const width = Math.round(size.x * ratio);
    const height = Math.round(size.y * ratio);
    if (canvas.width !== width || canvas.height !== height) {
      canvas.width = width;
      canvas.height = height;
      canvas.style.width = `${size.x}px`;
      canvas.style.height = `${size.y}px`;
    }
    return canvas.getContext('2d');
  }

  private fit(canvas: HTMLCanvasElement, size: L.Point, ratio: number): CanvasRenderingContext2D {
    canvas.style.visibility = 'visible';
    const ctx = this.resize(canvas, size, ratio)!;
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    ctx.clearRect(0, 0, size.x, size.y);
    return ctx;
  }

  private markerStyle(zoom: number, ratio: number) {
    return {
      prefs: this.data?.prefs,
      selectedId: this.data?.selectedId ?? null,
      plateMissing: this.data?.plateMissing ?? '',
      zoom,
      ratio,
      showLabels: this.showLabels,
    };
  }

  /**
   * The still layer: clusters and resting markers from the index's answer, the selected marker
   * last (on top). Markers gliding now stay on the moving layer; settled ones come back here.
   */
  private drawStill(now: number): void {
    const map = this._map;
    const canvas = this.still;
    const result = this.result;
    if (!map || !canvas || !this.moving) return;
    this.stillDirty = false;
    this.stillDrawnAt = now;
    const zoom = map.getZoom();
    if (!result || !sameLevel(result.view, { zoom, clusters: this.data?.prefs.clusters ?? true })) {
      // The answer for this zoom is on its way and redraws both layers.
      this.awaiting = true;
      this.hideDuringZoom();
      return;
    }
    this.awaiting = false;
    const ratio = window.devicePixelRatio || 1;
    const size = map.getSize();
    const ctx = this.fit(canvas, size, ratio);
    const bounds = map.getBounds().pad(0.05);
    this.drawing += 1;
    let drawn = 0;

    const { clusters, singles } = result;
    const space = this.stillSpace;
    space.clear();
    this.stillGlyphs.clear();
    this.onStill.clear();
    this.stillZoom = zoom;
    let order = 0;
    for (let i = 0; i < clusters.length; i += CLUSTER_STRIDE) {
      const lat = clusters[i + 2];
      const lng = clusters[i + 3];
      if (!bounds.contains([lat, lng])) continue;
      const point = map.latLngToContainerPoint([lat, lng]);
      const count = clusters[i + 1];
      drawCluster(ctx, point.x, point.y, count);
      const box = clusterBox(point.x, point.y, count);
      space.take(box);
      this.stillGlyphs.add(box, { kind: 'cluster', order: order++, x: point.x, y: point.y, count });
      drawn += 1;
    }

    const placed: { marker: Marker; x: number; y: number }[] = [];
    let singlesInView = 0;
    for (let i = 0; i < singles.length; i++) {
      const marker = this.markers.get(singles[i]);
      if (!marker) continue;
      const [lat, lng] = positionAt(marker.motion, now);
      if (!bounds.contains([lat, lng])) continue;
      if (marker.seenIn !== this.drawing - 1) marker.shownAt = now;
      marker.seenIn = this.drawing;
      drawn += 1;
      singlesInView += 1;
      if (this.movers.has(marker.id) && isAnimating(marker.motion, now)) continue;
      this.movers.delete(marker.id);
      const point = map.latLngToContainerPoint([lat, lng]);
      placed.push({ marker, x: point.x, y: point.y });
    }
    // Off screen or clustered now: nothing left to draw apart.
    for (const id of this.movers) {
      if (this.markers.get(id)?.seenIn !== this.drawing) this.movers.delete(id);
    }

    this.showLabels = this.data?.prefs.labels !== 'none' && (zoom >= 12 || singlesInView < 150);
    const style = this.markerStyle(zoom, ratio);
    const selectedId = style.selectedId;
    let selected: StillGlyph | undefined;
    const glyphs: (StillGlyph & { kind: 'marker' })[] = [];
    for (const { marker, x, y } of placed) {
      const glyph: StillGlyph & { kind: 'marker' } = {
        kind: 'marker',
        order: 0,
        marker,
        x,
        y,
        extent: markerExtent(marker.position, x, y, style),
        grid: [],
        space: [space.take(markerBox(x, y))],
        label: null,
        labelOrder: 0,
      };
      glyph.grid.push(this.stillGlyphs.add(glyph.extent, glyph));
      glyphs.push(glyph);
      this.onStill.set(marker.id, glyph);
      if (marker.id === selectedId) selected = glyph;
      else {
        glyph.order = order++;
        drawMarker(ctx, marker.device, marker.position, x, y, style);
      }
    }
    if (selected?.kind === 'marker') {
      selected.order = order++;
      drawMarker(
        ctx,
        selected.marker.device,
        selected.marker.position,
        selected.x,
        selected.y,
        style,
      );
    }
    if (this.showLabels) {
      // Labels over every icon; where two would overlap the selected device's wins, then the
      // older device (by id), so the same labels show from one drawing to the next.
      glyphs.sort((a, b) => (a === selected ? -1 : b === selected ? 1 : a.marker.id - b.marker.id));
      for (const glyph of glyphs) {
        const { marker, x, y } = glyph;
        glyph.label = drawMarkerLabel(ctx, marker.device, x, y, style, space, glyph === selected);
        glyph.labelOrder = order++;
        if (glyph.label) {
          glyph.space.push(glyph.label.handle);
          glyph.grid.push(this.stillGlyphs.add(glyph.label.box, glyph));
        }
      }
    }
    map.getContainer().setAttribute('data-drawn', String(drawn));
    this.drawMoving(now);
  }

  /** The moving layer: markers that moved since the still layer was drawn, where they are now. */
  private drawMoving(now: number): void {
    const map = this._map;
    const canvas = this.moving;
    if (!map || !canvas || this.awaiting) return;
    const started = performance.now();
    this.movingDirty = false;
    this.movingDrawnAt = now;
    const ratio = window.devicePixelRatio || 1;
    const ctx = this.fit(canvas, map.getSize(), ratio);
    this.fastest = 0;
    if (!this.movers.size) return;
    const style = this.markerStyle(map.getZoom(), ratio);
    this.takeOffStill(style);
    const space = this.movingSpace;
    space.clear();
    const drawnHere: { marker: Marker; x: number; y: number }[] = [];
    for (const id of this.movers) {
      const marker = this.markers.get(id);
      if (!marker) continue;
      if (isAnimating(marker.motion, now)) this.fastest = Math.max(this.fastest, marker.speed);
      const [lat, lng] = positionAt(marker.motion, now);
      const point = map.latLngToContainerPoint([lat, lng]);
      drawMarker(ctx, marker.device, marker.position, point.x, point.y, style);
      space.take(markerBox(point.x, point.y));
      drawnHere.push({ marker, x: point.x, y: point.y });
    }
    // A still label a gliding icon passes over is written again above it: labels stay readable.
    const covered = new Set<PlacedLabel>();
    for (const { x, y } of drawnHere) {
      const icon = markerBox(x, y);
      for (const glyph of this.stillGlyphs.find(icon)) {
        const label = glyph.kind === 'marker' ? glyph.label : null;
        if (label && overlaps(label.box, icon)) covered.add(label);
      }
    }
    covered.forEach((label) => writeLabel(ctx, label));
    if (style.showLabels) {
      // Gliding labels keep clear of the still layer's icons and labels, and of each other.
      for (const { marker, x, y } of drawnHere) {
        const always = marker.id === style.selectedId;
        drawMarkerLabel(ctx, marker.device, x, y, style, space, always);
      }
    }
    // A running average: one slow frame (a new sprite) does not halve the frame rate.
    this.movingCostMs = this.movingCostMs * 0.8 + (performance.now() - started) * 0.2;
  }

  /**
   * Clears the still layer where markers now drawn on the moving layer were (a glide's start,
   * a jump's old place), painting again what else the still layer drew there: otherwise a
   * moving marker shows twice until the still layer's next full drawing.
   */
  private takeOffStill(movingStyle: MarkerStyle): void {
    const canvas = this.still;
    if (!canvas) return;
    const style = { ...movingStyle, zoom: this.stillZoom };
    const areas: Box[] = [];
    for (const id of this.movers) {
      const glyph = this.onStill.get(id);
      if (!glyph) continue;
      this.onStill.delete(id);
      glyph.grid.forEach((handle) => this.stillGlyphs.remove(handle));
      glyph.space.forEach((handle) => this.stillSpace.release(handle));
      const area = union(glyph.extent, glyph.label?.box);
      // Anti-aliased edges reach a pixel further.
      areas.push({
        left: Math.floor(area.left) - 1,
        top: Math.floor(area.top) - 1,
        right: Math.ceil(area.right) + 1,
        bottom: Math.ceil(area.bottom) + 1,
      });
    }
    if (!areas.length) return;
    const ctx = canvas.getContext('2d')!;
    for (const area of areas) {
      ctx.save();
      ctx.beginPath();
      ctx.rect(area.left, area.top, area.right - area.left, area.bottom - area.top);
      ctx.clip();
      ctx.clearRect(area.left, area.top, area.right - area.left, area.bottom - area.top);
      const around = [...new Set(this.stillGlyphs.find(area))];
      around.sort((a, b) => a.order - b.order);
      for (const glyph of around) {
        if (glyph.kind === 'cluster') drawCluster(ctx, glyph.x, glyph.y, glyph.count);
        else drawMarker(ctx, glyph.marker.device, glyph.marker.position, glyph.x, glyph.y, style);
      }
      const labelled = around.filter(
        (glyph): glyph is StillGlyph & { kind: 'marker'; label: PlacedLabel } =>
          glyph.kind === 'marker' && glyph.label !== null,
      );
      labelled.sort((a, b) => a.labelOrder - b.labelOrder);
      for (const glyph of labelled) writeLabel(ctx, glyph.label);
      ctx.restore();
    }
  }

  private hitQuery(point: L.Point): HitQuery | null {
    const map = this._map;
    if (!map) return null;
    const latLng = map.containerPointToLatLng(point);
    return {
      latitude: latLng.lat,
      longitude: latLng.lng,
      zoom: map.getZoom(),
      radius: HIT_RADIUS,
      now: performance.now(),
      leaves: CLUSTER_NAMES,
    };
  }

  /** The index's hit, placed where it is drawn now and with the names a tooltip shows. */
  private toHit(hit: IndexHit | null): Hit | null {
    const map = this._map;
    if (!hit || !map) return null;
    if (hit.kind === 'marker') {
      const marker = this.markers.get(hit.id);
      if (!marker) return null;
      const [lat, lng] = positionAt(marker.motion, performance.now());
      const point = map.latLngToContainerPoint([lat, lng]);
      return { kind: 'marker', id: hit.id, x: point.x, y: point.y };
    }
    const point = map.latLngToContainerPoint([hit.latitude, hit.longitude]);
    return {
      kind: 'cluster',
      clusterId: hit.clusterId,
      count: hit.count,
      x: point.x,
      y: point.y,
      lat: hit.latitude,
      lng: hit.longitude,
      expansionZoom: hit.expansionZoom,
      names: hit.leaves.map((id) => this.markers.get(id)?.device.name ?? '').filter(Boolean),
    };
  }

  private handleMove(event: L.LeafletMouseEvent): void {
    this.pointer = event.containerPoint;
    const query = this.hitQuery(event.containerPoint);
    if (!query) return;
    this.index?.hover(query, (answer) => {
      if (!this.pointer) return;
      const hit = this.toHit(answer);
      const container = this._map?.getContainer();
      if (container) container.style.cursor = hit ? 'pointer' : '';
      if (sameHit(hit, this.hovered)) return;
      this.hovered = hit;
      this.callbacks.onHover(hit);
    });
  }

  private clearHover(): void {
    this.pointer = null;
    this.hovered = null;
    this.callbacks.onHover(null);
  }

  private handleClick(event: L.LeafletMouseEvent): void {
    const query = this.hitQuery(event.containerPoint);
    if (!query) return;
    this.index?.click(query, (answer) => {
      const hit = this.toHit(answer);
      if (hit) this.callbacks.onClick(hit);
    });
  }
}
