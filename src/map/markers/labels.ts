import type { Device } from '../../../model/device';

export type LabelMode = 'none' | 'name' | 'plate' | 'both';

export interface MarkerPrefs {
  labels: LabelMode;
  statusRing: boolean;
  accuracy: boolean;
  clusters: boolean;
}

export const DEFAULT_MARKER_PREFS: MarkerPrefs = {
  labels: 'name',
  statusRing: true,
  accuracy: false,
  clusters: true,
};

/** The plate lives in the device attribute `placa` (Tarkan's key). */
export const plateOf = (device: Device): string | null => {
  const plate = device.attributes?.placa;
  return typeof plate === 'string' && plate.trim() ? plate.trim() : null;
};

/** "name", "plate" or "name - plate"; a missing plate reads `missing` ("N/A"). */
export const labelText = (device: Device, mode: LabelMode, missing: string): string => {
  if (mode === 'none') return '';
  const plate = plateOf(device) ?? missing;
  if (mode === 'name') return device.name;
  if (mode === 'plate') return plate;
  return `${device.name} - ${plate}`;
};

export const STATUS_COLORS = {
  online: '#2e7d32',
  offline: '#d32f2f',
  unknown: '#f9a825',
} as const;

/**
 * The status colours as words on a light surface, even a selected (grey) one: darker shades of
 * the marker colours, which stay readable at the 4.5:1 contrast WCAG AA asks of small text.
 */
export const STATUS_TEXT_COLORS = {
  online: '#1b5e20',
  offline: '#c62828',
  unknown: '#7a5600',
} as const;

/** The words written on a marker colour (a status chip): white, but dark on the light yellow. */
export const STATUS_ON_COLORS = {
  online: '#ffffff',
  offline: '#ffffff',
  unknown: 'rgba(0, 0, 0, 0.87)',
} as const;
