import { markerColors } from '../tint';
import { iconFor } from './categoryIcons';

export const ICON_SIZE = 32;
const OUTLINE = 'rgba(255, 255, 255, 0.9)';
const DARK = '#263238';

const sprites = new Map<string, HTMLCanvasElement>();
const paths = new Map<string, Path2D>();

const pathOf = (data: string): Path2D => {
  let path = paths.get(data);
  if (!path) {
    path = new Path2D(data);
    paths.set(data, path);
  }
  return path;
};

/**
 * The icon of a category in a device's two tints, drawn once and cached per colour key (as the
 * original cached its composed images) so each frame only blits bitmaps.
 */
export const spriteFor = (
  category: string | null | undefined,
  attributes: Record<string, unknown> | undefined,
  ratio: number,
): HTMLCanvasElement => {
  const color = String(attributes?.['tarkan.color'] ?? '');
  const extra = String(attributes?.['tarkan.color_extra'] ?? '');
  const key = `${category}|${color}|${extra}|${ratio}`;
  const cached = sprites.get(key);
  if (cached) return cached;
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = Math.ceil(ICON_SIZE * ratio);
  const ctx = canvas.getContext('2d');
  if (ctx) {
    const { primary, secondary } = markerColors(attributes);
    const icon = iconFor(category);
    ctx.scale(ratio, ratio);
    ctx.lineJoin = 'round';
    const layers: [string | undefined, string][] = [
      [icon.primary, primary],
      [icon.secondary, secondary],
      [icon.dark, DARK],
    ];
    layers.forEach(([data, fill]) => {
      if (!data) return;
      const path = pathOf(data);
      ctx.strokeStyle = OUTLINE;
      ctx.lineWidth = 2;
      ctx.stroke(path);
      ctx.fillStyle = fill;
      ctx.fill(path);
    });
  }
  sprites.set(key, canvas);
  return canvas;
};
