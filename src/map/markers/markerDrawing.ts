import type { Device } from '../../../model/device';
import type { Position } from '../../../model/position';
import type { Box, LabelSpace } from './labelSpace';
import { labelText, type MarkerPrefs, STATUS_COLORS } from './labels';
import { ICON_SIZE, spriteFor } from './sprites';

const EARTH_CIRCUMFERENCE = 40075016.686;
const HALF = ICON_SIZE / 2;

export interface MarkerStyle {
  prefs: MarkerPrefs | undefined;
  selectedId: number | null;
  plateMissing: string;
  zoom: number;
  ratio: number;
  showLabels: boolean;
}

const clusterRadius = (count: number) =>
  count < 10 ? 15 : count < 100 ? 18 : count < 1000 ? 22 : 26;

/** A blue disc with the number of devices it holds, larger for bigger clusters. */
export const drawCluster = (ctx: CanvasRenderingContext2D, x: number, y: number, count: number) => {
  const radius = clusterRadius(count);
  ctx.beginPath();
  ctx.arc(x, y, radius + 4, 0, Math.PI * 2);
  ctx.fillStyle = 'rgba(25, 118, 210, 0.25)';
  ctx.fill();
  ctx.beginPath();
  ctx.arc(x, y, radius, 0, Math.PI * 2);
  ctx.fillStyle = '#1976d2';
  ctx.fill();
  ctx.fillStyle = '#fff';
  ctx.font = 'bold 12px Roboto, Arial, sans-serif';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(String(count), x, y);
};

const ring = (
  ctx: CanvasRenderingContext2D,
  x: number,
  y: number,
  radius: number,
  color: string,
  width: number,
) => {
  ctx.beginPath();
  ctx.arc(x, y, radius, 0, Math.PI * 2);
  ctx.strokeStyle = color;
  ctx.lineWidth = width;
  ctx.stroke();
};

/** The accuracy circle's radius in pixels, 0 when it is hidden under the icon. */
const accuracyRadius = (position: Position, zoom: number): number => {
  const metresPerPixel =
    (EARTH_CIRCUMFERENCE * Math.cos((position.latitude * Math.PI) / 180)) / 2 ** (zoom + 8);
  const radius = position.accuracy / metresPerPixel;
  return radius > HALF / 2 ? radius : 0;
};

const drawAccuracy = (
  ctx: CanvasRenderingContext2D,
  position: Position,
  x: number,
  y: number,
  zoom: number,
) => {
  const radius = accuracyRadius(position, zoom);
  if (!radius) return;
  ctx.beginPath();
  ctx.arc(x, y, radius, 0, Math.PI * 2);
  ctx.fillStyle = 'rgba(25, 118, 210, 0.12)';
  ctx.fill();
  ring(ctx, x, y, radius, 'rgba(25, 118, 210, 0.5)', 1);
};

const LABEL_FONT = '600 11px Roboto, Arial, sans-serif';
const LABEL_HEIGHT = 14;
/** Label widths by text: measuring is the costly part of placing a label every frame. */
const widths = new Map<string, number>();

const labelWidth = (ctx: CanvasRenderingContext2D, text: string): number => {
  let width = widths.get(text);
  if (width === undefined) {
    if (widths.size > 100_000) widths.clear();
    width = ctx.measureText(text).width;
    widths.set(text, width);
  }
  return width;
};

/** All a marker's drawing covers but its label: icon, rings and accuracy circle. */
export const markerExtent = (position: Position, x: number, y: number, style: MarkerStyle): Box => {
  const accuracy =
    style.prefs?.accuracy && position.accuracy > 0 ? accuracyRadius(position, style.zoom) + 1 : 0;
  // The selection ring reaches HALF + 6; a rotated icon's corners, HALF × √2.
  const reach = Math.max(HALF + 8, accuracy);
  return { left: x - reach, top: y - reach, right: x + reach, bottom: y + reach };
};

/** The room a marker's icon and rings take, which labels keep clear of. */
export const markerBox = (x: number, y: number): Box => ({
  left: x - HALF - 3,
  top: y - HALF - 3,
  right: x + HALF + 3,
  bottom: y + HALF + 3,
});

export const clusterBox = (x: number, y: number, count: number): Box => {
  const radius = clusterRadius(count) + 5;
  return { left: x - radius, top: y - radius, right: x + radius, bottom: y + radius };
};

/**
 * Where a label may sit around its marker, in order of preference: under it (the usual place),
 * above, right, left. Each gives the box's left and top for a label `width` wide.
 */
const LABEL_PLACES: ((x: number, y: number, width: number) => [number, number])[] = [
  (x, y, width) => [x - width / 2, y + HALF + 4],
  (x, y, width) => [x - width / 2, y - HALF - 4 - LABEL_HEIGHT],
  (x, y) => [x + HALF + 4, y - LABEL_HEIGHT / 2],
  (x, y, width) => [x - HALF - 4 - width, y - LABEL_HEIGHT / 2],
];

/**
 * The device's label beside its marker, in the first place (under, above, right, left) where it
 * covers no label or marker in `space`, or under it whatever it covers when `always` (the
 * selected device's); the label's box is taken in `space`. Returns what it wrote where, or
 * null when it wrote nothing.
 */
export const drawMarkerLabel = (
  ctx: CanvasRenderingContext2D,
  device: Device,
  x: number,
  y: number,
  style: MarkerStyle,
  space: LabelSpace,
  always = false,
): PlacedLabel | null => {
  if (!style.showLabels || !style.prefs) return null;
  const text = labelText(device, style.prefs.labels, style.plateMissing);
  if (!text) return null;
  ctx.font = LABEL_FONT;
  const textWidth = labelWidth(ctx, text);
  // The halo around the letters is part of the label.
  const width = textWidth + 4;
  let box: Box | undefined;
  for (const place of LABEL_PLACES) {
    const [left, top] = place(x, y, width);
    const candidate = { left, top, right: left + width, bottom: top + LABEL_HEIGHT };
    if (space.fits(candidate)) {
      box = candidate;
      break;
    }
  }
  if (!box && always) {
    const [left, top] = LABEL_PLACES[0](x, y, width);
    box = { left, top, right: left + width, bottom: top + LABEL_HEIGHT };
  }
  if (!box) return null;
  const label = { text, box, handle: space.take(box) };
  writeLabel(ctx, label);
  return label;
};

export interface PlacedLabel {
  text: string;
  box: Box;
  /** Its box in the label space it was placed in. */
  handle: number;
}

/** A label where `drawMarkerLabel` placed it (to paint it again). */
export const writeLabel = (ctx: CanvasRenderingContext2D, { text, box }: PlacedLabel) => {
  ctx.font = LABEL_FONT;
  ctx.textAlign = 'left';
  ctx.textBaseline = 'top';
  ctx.lineWidth = 3;
  ctx.strokeStyle = 'rgba(255, 255, 255, 0.95)';
  ctx.strokeText(text, box.left + 2, box.top);
  ctx.fillStyle = '#212121';
  ctx.fillText(text, box.left + 2, box.top);
};

/** One device: accuracy circle, status ring, selection ring, rotated icon (its label apart). */
export const drawMarker = (
  ctx: CanvasRenderingContext2D,
  device: Device,
  position: Position,
  x: number,
  y: number,
  style: MarkerStyle,
) => {
  const { prefs } = style;
  if (prefs?.accuracy && position.accuracy > 0) drawAccuracy(ctx, position, x, y, style.zoom);
  if (prefs?.statusRing) ring(ctx, x, y, HALF + 1, STATUS_COLORS[device.status ?? 'unknown'], 3);
  if (device.id === style.selectedId) ring(ctx, x, y, HALF + 5, '#ff6f00', 2);
  const sprite = spriteFor(device.category, device.attributes, style.ratio);
  ctx.save();
  ctx.translate(x, y);
  ctx.rotate(((position.course || 0) * Math.PI) / 180);
  ctx.drawImage(sprite, -HALF, -HALF, ICON_SIZE, ICON_SIZE);
  ctx.restore();
};
