import type { Device } from '../../../model/device';
import type { Position } from '../../../model/position';
import { labelText, type MarkerPrefs, STATUS_COLORS } from './labels';
import { ICON_SIZE, spriteFor } from './sprites';

const EARTH_CIRCUMFERENCE = 40075016.686;
const HALF = ICON_SIZE / 2;

interface MarkerStyle {
  prefs: MarkerPrefs | undefined;
  selectedId: number | null;
  plateMissing: string;
  zoom: number;
  ratio: number;
  showLabels: boolean;
}

/** A blue disc with the number of devices it holds, larger for bigger clusters. */
export const drawCluster = (ctx: CanvasRenderingContext2D, x: number, y: number, count: number) => {
  const radius = count < 10 ? 15 : count < 100 ? 18 : count < 1000 ? 22 : 26;
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

const drawAccuracy = (
  ctx: CanvasRenderingContext2D,
  position: Position,
  x: number,
  y: number,
  zoom: number,
) => {
  const metresPerPixel =
    (EARTH_CIRCUMFERENCE * Math.cos((position.latitude * Math.PI) / 180)) / 2 ** (zoom + 8);
  const radius = position.accuracy / metresPerPixel;
  if (radius <= HALF / 2) return;
  ctx.beginPath();
  ctx.arc(x, y, radius, 0, Math.PI * 2);
  ctx.fillStyle = 'rgba(25, 118, 210, 0.12)';
  ctx.fill();
  ring(ctx, x, y, radius, 'rgba(25, 118, 210, 0.5)', 1);
};

const drawLabel = (ctx: CanvasRenderingContext2D, text: string, x: number, y: number) => {
  ctx.font = '600 11px Roboto, Arial, sans-serif';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'top';
  ctx.lineWidth = 3;
  ctx.strokeStyle = 'rgba(255, 255, 255, 0.95)';
  ctx.strokeText(text, x, y + HALF + 4);
  ctx.fillStyle = '#212121';
  ctx.fillText(text, x, y + HALF + 4);
};

/** One device: accuracy circle, status ring, selection ring, rotated icon, label (text only). */
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
  if (style.showLabels && prefs) {
    const text = labelText(device, prefs.labels, style.plateMissing);
    if (text) drawLabel(ctx, text, x, y);
  }
};
