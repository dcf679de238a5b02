import type { LiveState } from '../live/store';
import type { Device, DeviceStatus } from '../../model/device';
import { isMoving } from './deviceState';
import {
  countDevice,
  type DeviceFilters,
  emptyCounts,
  passesBaseFilters,
  passesStatusFilters,
  type StatusCounts,
  statusOf,
} from './filters';
import { type SearchExtras, SearchIndex } from './search';
import { compareNames, type DeviceSort, type NameRank, sortRows, type SortRow } from './sort';

export interface DeviceView {
  /** Filtered and sorted device ids: the list rows and the map markers. */
  ids: number[];
  counts: StatusCounts;
}

interface ViewInput {
  filters: DeviceFilters;
  sort: DeviceSort;
  anchored?: ReadonlySet<number>;
  /** The time motion is judged at (defaults to now). */
  now?: number;
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

/** A device in the fleet view, with what a search keystroke needs read once. */
interface FleetEntry {
  id: number;
  status: DeviceStatus;
  moving: boolean;
  /** Passes the status and motion buttons. */
  shown: boolean;
}

/**
 * The fleet after every filter but the search, in display order. It changes with live data
 * and the other filters; a search keystroke only walks it (`searchFleet`).
 */
export interface Fleet {
  entries: FleetEntry[];
}

export const computeFleet = (
  state: Pick<LiveState, 'devices' | 'positions'>,
  input: ViewInput,
  nameOrder: NameOrder = new NameOrder(),
): Fleet => {
  const { filters, sort, anchored, now = Date.now() } = input;
  const rows: (SortRow & { entry: FleetEntry })[] = [];
  const rank = nameOrder.get(state.devices);
  // Walking the devices in name order makes the default sort free.
  nameOrder.ids().forEach((id) => {
    const device = state.devices.get(id);
    if (!device || !passesBaseFilters(device, filters)) return;
    const position = state.positions.get(id);
    const entry = {
      id,
      status: statusOf(device),
      moving: isMoving(device, position, now),
      shown: passesStatusFilters(device, position, filters, now),
    };
    rows.push({ device, position, entry });
  });
  if (sort.key === 'name') {
    if (sort.dir === 'desc') rows.reverse();
  } else {
    sortRows(rows, sort, anchored, rank);
  }
  return { entries: rows.map((row) => row.entry) };
};

/** The rows and counters for a search result (`matched` null: no search). */
export const searchFleet = (fleet: Fleet, matched: ReadonlySet<number> | null): DeviceView => {
  const counts = emptyCounts();
  const ids: number[] = [];
  for (const entry of fleet.entries) {
    if (matched && !matched.has(entry.id)) continue;
    countDevice(counts, entry.status, entry.moving);
    if (entry.shown) ids.push(entry.id);
  }
  return { ids, counts };
};

/** Both stages at once; the provider keeps them apart so a keystroke runs only the second. */
export const computeDeviceView = (
  state: Pick<LiveState, 'devices' | 'positions'>,
  input: ViewInput & { search: string; extras?: SearchExtras },
  nameOrder: NameOrder = new NameOrder(),
  searchIndex: SearchIndex = new SearchIndex(),
): DeviceView => {
  const fleet = computeFleet(state, input, nameOrder);
  return searchFleet(fleet, searchIndex.matching(state.devices, input.search, input.extras));
};
