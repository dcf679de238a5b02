import type { Device } from '../model/device';
import type { LiveState } from '../live/store';
import {
  countDevice,
  type DeviceFilters,
  emptyCounts,
  passesBaseFilters,
  passesStatusFilters,
  type StatusCounts,
} from './filters';
import { type SearchExtras, SearchIndex } from './search';
import { compareNames, type DeviceSort, type NameRank, sortRows, type SortRow } from './sort';

export interface DeviceView {
  /** Filtered and sorted device ids: the list rows and the map markers. */
  ids: number[];
  counts: StatusCounts;
}

export interface ViewInput {
  filters: DeviceFilters;
  sort: DeviceSort;
  extras?: SearchExtras;
  anchored?: ReadonlySet<number>;
}

/**
 * Sorting 10,000 names with a collator costs more than a frame, and names rarely change: the
 * name order is kept between views and rebuilt only when a device is added, removed or renamed.
 */
export class NameOrder {
  private names = new Map<number, string>();
  private rank: Map<number, number> = new Map();
  private sortedIds: number[] = [];

  get(devices: ReadonlyMap<number, Device>): NameRank {
    if (this.isCurrent(devices)) return this.rank;
    const sorted = [...devices.values()].sort(compareNames);
    this.rank = new Map(sorted.map((device, index) => [device.id, index]));
    this.names = new Map(sorted.map((device) => [device.id, device.name]));
    this.sortedIds = sorted.map((device) => device.id);
    return this.rank;
  }

  /** Device ids in ascending name order (call `get` first). */
  ids(): readonly number[] {
    return this.sortedIds;
  }

  private isCurrent(devices: ReadonlyMap<number, Device>): boolean {
    if (devices.size !== this.names.size) return false;
    for (const device of devices.values()) {
      if (this.names.get(device.id) !== device.name) return false;
    }
    return true;
  }
}

export const computeDeviceView = (
  state: Pick<LiveState, 'devices' | 'positions'>,
  input: ViewInput,
  nameOrder: NameOrder = new NameOrder(),
  searchIndex: SearchIndex = new SearchIndex(),
): DeviceView => {
  const { filters, sort, extras, anchored } = input;
  const counts = emptyCounts();
  const rows: SortRow[] = [];
  const rank = nameOrder.get(state.devices);
  // The search runs once over the cached haystacks; the other base filters per device.
  const matched = searchIndex.matching(state.devices, filters.search, extras);
  const others = matched ? { ...filters, search: '' } : filters;
  // Walking the devices in name order makes the default sort free.
  nameOrder.ids().forEach((id) => {
    const device = state.devices.get(id);
    if (!device || (matched && !matched.has(id)) || !passesBaseFilters(device, others, extras)) {
      return;
    }
    const position = state.positions.get(id);
    countDevice(counts, device, position);
    if (passesStatusFilters(device, position, filters)) rows.push({ device, position });
  });
  if (sort.key === 'name') {
    if (sort.dir === 'desc') rows.reverse();
  } else {
    sortRows(rows, sort, anchored, rank);
  }
  return { ids: rows.map((row) => row.device.id), counts };
};
