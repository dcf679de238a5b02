import { isCategory, type Category } from '../../../model/category';

/**
 * The icon of each device category (`model/category.ts`), drawn as SVG path data in a 32×32 box
 * facing north, so the canvas layer (Path2D) and the list (<svg>) share one drawing and nothing is
 * downloaded.
 * `primary` and `secondary` take the device's two tints; `dark` is detail (wheels, windows).
 */
interface IconLayers {
  primary: string;
  secondary?: string;
  dark?: string;
}

const rect = (x: number, y: number, w: number, h: number, r = 0): string => {
  const q = Math.min(r, w / 2, h / 2);
  return (
    `M${x + q} ${y}H${x + w - q}Q${x + w} ${y} ${x + w} ${y + q}V${y + h - q}` +
    `Q${x + w} ${y + h} ${x + w - q} ${y + h}H${x + q}Q${x} ${y + h} ${x} ${y + h - q}` +
    `V${y + q}Q${x} ${y} ${x + q} ${y}Z`
  );
};

const circle = (cx: number, cy: number, r: number): string =>
  `M${cx - r} ${cy}A${r} ${r} 0 1 0 ${cx + r} ${cy}A${r} ${r} 0 1 0 ${cx - r} ${cy}Z`;

/** Four wheels at the corners of a body. */
const wheels = (x: number, y: number, w: number, h: number, size = 3): string =>
  [
    rect(x - 1, y + 2, 2, size + 2, 1),
    rect(x + w - 1, y + 2, 2, size + 2, 1),
    rect(x - 1, y + h - size - 4, 2, size + 2, 1),
    rect(x + w - 1, y + h - size - 4, 2, size + 2, 1),
  ].join('');

export const CATEGORY_ICONS: Record<Category, IconLayers> = {
  default: {
    primary: `${circle(16, 17, 10)}M16 2L21 9H11Z`,
    secondary: circle(16, 17, 5),
  },
  arrow: { primary: 'M16 2L27 29L16 23L5 29Z' },
  person: {
    primary: `${rect(7, 13, 18, 9, 4.5)}`,
    secondary: circle(16, 15, 5),
    dark: 'M14 8L16 5L18 8Z',
  },
  animal: {
    primary: `${circle(16, 20, 7)}`,
    secondary: `${circle(9, 11, 3)}${circle(14, 7, 3)}${circle(19, 7, 3)}${circle(24, 11, 3)}`,
  },
  bicycle: {
    primary: rect(15, 8, 2, 16, 1),
    dark: `${rect(14.5, 2, 3, 8, 1.5)}${rect(14.5, 22, 3, 8, 1.5)}${rect(10, 9, 12, 2, 1)}`,
  },
  motorcycle: {
    primary: rect(13, 7, 6, 17, 3),
    secondary: rect(14, 15, 4, 6, 2),
    dark: `${rect(14.5, 2, 3, 6, 1.5)}${rect(14.5, 24, 3, 6, 1.5)}${rect(9, 8, 14, 2, 1)}`,
  },
  scooter: {
    primary: rect(13.5, 10, 5, 16, 2),
    dark: `${rect(15, 3, 2, 6, 1)}${rect(15, 26, 2, 4, 1)}${rect(10, 9, 12, 2, 1)}`,
  },
  car: {
    primary: rect(9, 3, 14, 26, 5),
    secondary: `${rect(11, 9, 10, 5, 2)}${rect(11, 22, 10, 3, 1.5)}`,
    dark: wheels(9, 3, 14, 26),
  },
  pickup: {
    primary: rect(9, 2, 14, 28, 4),
    secondary: rect(11, 7, 10, 4, 1.5),
    dark: `${rect(11, 15, 10, 13, 1)}${wheels(9, 2, 14, 28)}`,
  },
  van: {
    primary: rect(8, 2, 16, 28, 3),
    secondary: rect(10, 5, 12, 4, 1.5),
    dark: `${rect(10, 12, 12, 1.5)}${wheels(8, 2, 16, 28)}`,
  },
  truck: {
    primary: rect(8, 11, 16, 20, 1),
    secondary: rect(9, 1, 14, 8, 2),
    dark: rect(11, 3, 10, 3, 1),
  },
  truck1: {
    primary: rect(11, 12, 10, 18, 1),
    secondary: rect(9, 1, 14, 10, 2),
    dark: `${rect(11, 3, 10, 3, 1)}${circle(16, 21, 3)}`,
  },
  truck2: {
    primary: rect(8, 10, 16, 21, 8),
    secondary: rect(9, 1, 14, 8, 2),
    dark: `${rect(11, 3, 10, 3, 1)}${rect(15, 12, 2, 17, 1)}`,
  },
  tractor: {
    primary: rect(11, 4, 10, 22, 3),
    secondary: rect(12, 16, 8, 6, 1),
    dark: `${rect(5, 17, 5, 11, 2)}${rect(22, 17, 5, 11, 2)}${rect(8, 5, 3, 6, 1)}${rect(21, 5, 3, 6, 1)}`,
  },
  boat: {
    primary: 'M16 2Q25 12 24 30H8Q7 12 16 2Z',
    secondary: rect(12, 16, 8, 8, 2),
  },
  ship: {
    primary: 'M16 1Q26 10 25 31H7Q6 10 16 1Z',
    secondary: `${rect(11, 12, 10, 6, 1)}${rect(11, 20, 10, 7, 1)}`,
    dark: circle(16, 9, 2),
  },
  bus: {
    primary: rect(9, 1, 14, 30, 3),
    secondary: `${rect(11, 3, 10, 4, 1)}${rect(11, 10, 10, 18, 1)}`,
    dark: `${rect(11, 15, 10, 1)}${rect(11, 21, 10, 1)}`,
  },
  train: {
    primary: 'M10 8Q10 1 16 1Q22 1 22 8V31H10Z',
    secondary: rect(12, 4, 8, 4, 2),
    dark: `${rect(10, 15, 12, 1.5)}${rect(10, 23, 12, 1.5)}`,
  },
  trolleybus: {
    primary: rect(9, 4, 14, 27, 3),
    secondary: rect(11, 6, 10, 4, 1),
    dark: `M12 12L9 1H10.5L13.5 12ZM20 12L23 1H21.5L18.5 12Z${rect(11, 16, 10, 1)}`,
  },
  tram: {
    primary: rect(10, 2, 12, 29, 5),
    secondary: `${rect(12, 5, 8, 4, 2)}${rect(12, 24, 8, 4, 2)}`,
    dark: 'M16 11L20 16L16 21L12 16Z',
  },
  crane: {
    primary: rect(9, 14, 14, 17, 2),
    secondary: rect(14, 1, 4, 22, 1),
    dark: `${rect(11, 24, 10, 4, 1)}M13 1H19V4H13Z`,
  },
  plane: {
    primary:
      'M16 1Q18 1 18 5V12L30 19V22L18 18V26L22 29V31L16 29.5L10 31V29L14 26V18L2 22V19L14 12V5Q14 1 16 1Z',
    secondary: rect(15, 4, 2, 4, 1),
  },
  helicopter: {
    primary: `${rect(11, 7, 10, 14, 5)}${rect(15, 20, 2, 10, 1)}`,
    secondary: rect(13, 8, 6, 4, 2),
    dark: `M3 13L29 13L29 15L3 15ZM15 1H17V27H15Z${rect(12, 28, 8, 2, 1)}`,
  },
  offroad: {
    primary: rect(9, 3, 14, 25, 3),
    secondary: `${rect(11, 8, 10, 5, 1)}${rect(11, 19, 10, 3, 1)}`,
    dark: `${wheels(9, 3, 14, 25, 4)}${circle(16, 30, 2)}`,
  },
};

export const iconFor = (category: string | null | undefined): IconLayers =>
  CATEGORY_ICONS[isCategory(category) ? category : 'default'];
