/** A `tarkan.color` value: `"hue|saturation|brightness"` (CSS hue-rotate, saturate, brightness). */
export interface Tint {
  hue: number;
  saturation: number;
  brightness: number;
}

export const NO_TINT: Tint = { hue: 0, saturation: 1, brightness: 1 };

const numberOr = (text: string | undefined, fallback: number): number => {
  const value = Number.parseFloat(text ?? '');
  return Number.isFinite(value) ? value : fallback;
};

export const parseTint = (value: unknown): Tint => {
  if (typeof value !== 'string' || !value.includes('|')) return NO_TINT;
  const [hue, saturation, brightness] = value.split('|');
  return {
    hue: numberOr(hue, 0),
    saturation: Math.max(0, numberOr(saturation, 1)),
    brightness: Math.max(0, numberOr(brightness, 1)),
  };
};

type Rgb = [number, number, number];

const clamp = (value: number) => Math.round(Math.min(255, Math.max(0, value)));

/**
 * The colour CSS `hue-rotate(h) saturate(s) brightness(b)` gives a base colour (the filter
 * effects spec matrices), so a tinted icon is drawn with a plain fill instead of a canvas filter.
 */
export const applyTint = ([r, g, b]: Rgb, { hue, saturation, brightness }: Tint): Rgb => {
  const a = (hue * Math.PI) / 180;
  const cos = Math.cos(a);
  const sin = Math.sin(a);
  const h = [
    [
      0.213 + cos * 0.787 - sin * 0.213,
      0.715 - cos * 0.715 - sin * 0.715,
      0.072 - cos * 0.072 + sin * 0.928,
    ],
    [
      0.213 - cos * 0.213 + sin * 0.143,
      0.715 + cos * 0.285 + sin * 0.14,
      0.072 - cos * 0.072 - sin * 0.283,
    ],
    [
      0.213 - cos * 0.213 - sin * 0.787,
      0.715 - cos * 0.715 + sin * 0.715,
      0.072 + cos * 0.928 + sin * 0.072,
    ],
  ];
  const rotated = h.map((row) => row[0] * r + row[1] * g + row[2] * b);
  const s = saturation;
  const sat = [
    [0.213 + 0.787 * s, 0.715 - 0.715 * s, 0.072 - 0.072 * s],
    [0.213 - 0.213 * s, 0.715 + 0.285 * s, 0.072 - 0.072 * s],
    [0.213 - 0.213 * s, 0.715 - 0.715 * s, 0.072 + 0.928 * s],
  ];
  const [x, y, z] = rotated.map((value) => Math.min(255, Math.max(0, value)));
  const saturated = sat.map((row) => row[0] * x + row[1] * y + row[2] * z);
  return saturated.map((value) => clamp(Math.min(255, Math.max(0, value)) * brightness)) as Rgb;
};

const toCss = ([r, g, b]: Rgb): string => `rgb(${r}, ${g}, ${b})`;

/** Base colours of the two tintable layers before any tint. */
const PRIMARY_BASE: Rgb = [33, 118, 210];
const SECONDARY_BASE: Rgb = [235, 240, 245];

export const markerColors = (attributes: Record<string, unknown> | undefined) => ({
  primary: toCss(applyTint(PRIMARY_BASE, parseTint(attributes?.['tarkan.color']))),
  secondary: toCss(applyTint(SECONDARY_BASE, parseTint(attributes?.['tarkan.color_extra']))),
});
