import type { Device, DeviceStatus } from '../../model/device';
import type { Position } from '../../model/position';
import { isMoving } from './deviceState';

type StatusFilter = 'all' | DeviceStatus;

export interface DeviceFilters {
  status: StatusFilter;
  motionOnly: boolean;
  hiddenCategories: string[];
  /** Show only this device (reports and "show only" use it). */
  onlyId: number | null;
}

export const DEFAULT_FILTERS: DeviceFilters = {
  status: 'all',
  motionOnly: false,
  hiddenCategories: [],
  onlyId: null,
};

export interface StatusCounts {
  all: number;
  online: number;
  offline: number;
  unknown: number;
  moving: number;
}

export const statusOf = (device: Device): DeviceStatus => device.status ?? 'unknown';

const categoryOf = (device: Device): string => device.category || 'default';

/**
 * The filters every view shares before the status buttons: only-one and categories (the search,
 * kept apart so a keystroke reruns only itself, is applied by `searchFleet`).
 */
export const passesBaseFilters = (device: Device, filters: DeviceFilters): boolean => {
  if (filters.onlyId !== null && device.id !== filters.onlyId) return false;
  return !filters.hiddenCategories.includes(categoryOf(device));
};

/**
 * The status and motion buttons, which the counters themselves ignore. `moving` when the caller
 * has judged it already (the device view does, for the counters).
 */
export const passesStatusFilters = (
  device: Device,
  position: Position | undefined,
  filters: DeviceFilters,
  now: number,
  moving?: boolean,
): boolean => {
  if (filters.status !== 'all' && statusOf(device) !== filters.status) return false;
  return !filters.motionOnly || (moving ?? isMoving(device, position, now));
};

export const emptyCounts = (): StatusCounts => ({
  all: 0,
  online: 0,
  offline: 0,
  unknown: 0,
  moving: 0,
});

export const countDevice = (counts: StatusCounts, status: DeviceStatus, moving: boolean): void => {
  counts.all += 1;
  counts[status] += 1;
  if (moving) counts.moving += 1;
};
