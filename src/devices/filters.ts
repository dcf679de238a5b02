import type { Device, DeviceStatus } from '../model/device';
import type { Position } from '../model/position';
import { isMoving } from './deviceState';
import { matchesSearch, type SearchExtras } from './search';

export type StatusFilter = 'all' | DeviceStatus;

export interface DeviceFilters {
  status: StatusFilter;
  motionOnly: boolean;
  hiddenCategories: string[];
  /** Show only this device (reports and "show only" use it). */
  onlyId: number | null;
  search: string;
}

export const DEFAULT_FILTERS: DeviceFilters = {
  status: 'all',
  motionOnly: false,
  hiddenCategories: [],
  onlyId: null,
  search: '',
};

export interface StatusCounts {
  all: number;
  online: number;
  offline: number;
  unknown: number;
  moving: number;
}

export const statusOf = (device: Device): DeviceStatus => device.status ?? 'unknown';

export const categoryOf = (device: Device): string => device.category || 'default';

/** The filters every view shares before the status buttons: only-one, categories and search. */
export const passesBaseFilters = (
  device: Device,
  filters: DeviceFilters,
  extras?: SearchExtras,
): boolean => {
  if (filters.onlyId !== null && device.id !== filters.onlyId) return false;
  if (filters.hiddenCategories.includes(categoryOf(device))) return false;
  return matchesSearch(device, filters.search, extras);
};

/** The status and motion buttons, which the counters themselves ignore. */
export const passesStatusFilters = (
  device: Device,
  position: Position | undefined,
  filters: DeviceFilters,
): boolean => {
  if (filters.status !== 'all' && statusOf(device) !== filters.status) return false;
  return !filters.motionOnly || isMoving(position);
};

export const emptyCounts = (): StatusCounts => ({
  all: 0,
  online: 0,
  offline: 0,
  unknown: 0,
  moving: 0,
});

export const countDevice = (
  counts: StatusCounts,
  device: Device,
  position: Position | undefined,
): void => {
  counts.all += 1;
  counts[statusOf(device)] += 1;
  if (isMoving(position)) counts.moving += 1;
};
