/**
 * The 24 device categories a device may have (Traccar's `category` field): the names only, so the
 * server can validate them and the web app can draw an icon for each.
 */
export const CATEGORIES = [
  'default',
  'arrow',
  'person',
  'animal',
  'bicycle',
  'motorcycle',
  'scooter',
  'car',
  'pickup',
  'van',
  'truck',
  'truck1',
  'truck2',
  'tractor',
  'boat',
  'ship',
  'bus',
  'train',
  'trolleybus',
  'tram',
  'crane',
  'plane',
  'helicopter',
  'offroad',
] as const;

export type Category = (typeof CATEGORIES)[number];

export const isCategory = (value: unknown): value is Category =>
  typeof value === 'string' && (CATEGORIES as readonly string[]).includes(value);
