import type { LiveState } from '../live/store';
import type { Device, DeviceStatus } from '../../model/device';
import { fixTimeMs } from '../live/fixTime';
import { isMoving, MOTION_FRESH_MS } from './deviceState';
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
import {
  type DeviceSort,
  type NameRank,
  sortByNameSteps,
  sortRowsSteps,
  type SortRow,
} from './sort';
import { PIECE, runSteps, type Steps } from '../live/steps';

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
 * Sorting 10,000 names costs more than a frame even by keys (nameKeys.ts), and names rarely
 * change: the name order is kept between views and rebuilt only when a device is added, removed
 * or renamed.
 */
export class NameOrder {
  private names = new Map<number, string>();
  private rank: NameRank = new Map();
  private sortedIds: number[] = [];

  get(devices: ReadonlyMap<number, Device>): NameRank {
    return runSteps(this.steps(devices));
  }

  /** `get`, yielding between pieces (steps.ts). */
  *steps(devices: ReadonlyMap<number, Device>): Steps<NameRank> {
    if (yield* this.isCurrent(devices)) return this.rank;
    const sorted = yield* sortByNameSteps([...devices.values()]);
    // Plain loops: with 100,000 devices, a pair array per device was garbage collected in the
    // same task.
    const names = new Map<number, string>();
    const ids = new Array<number>(sorted.length);
    for (let index = 0; index < sorted.length; index++) {
      const device = sorted[index];
      names.set(device.id, device.name);
      ids[index] = device.id;
      if (index % PIECE === PIECE - 1) yield;
    }
    this.names = names;
    this.sortedIds = ids;
    // Only another sort than by name reads ranks: the default view, and the map's first load
    // with it, do not build a map of the whole fleet for nothing.
    let built: Map<number, number> | null = null;
    this.rank = {
      get: (id) => {
        if (!built) {
          built = new Map();
          for (let index = 0; index < ids.length; index++) built.set(ids[index], index);
        }
        return built.get(id);
      },
    };
    return this.rank;
  }

  /** Device ids in ascending name order (call `get` first). */
  ids(): readonly number[] {
    return this.sortedIds;
  }

  /** Whether the order already has this device under its current name. */
  has(device: Device): boolean {
    return this.names.get(device.id) === device.name;
  }

  private *isCurrent(devices: ReadonlyMap<number, Device>): Steps<boolean> {
    if (devices.size !== this.names.size) return false;
    let count = 0;
    for (const device of devices.values()) {
      if (this.names.get(device.id) !== device.name) return false;
      if (++count === PIECE) {
        count = 0;
        yield;
      }
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

/** The fleet stage from scratch, yielding between pieces (steps.ts). */
export function* fleetSteps(
  state: Pick<LiveState, 'devices' | 'positions'>,
  input: ViewInput,
  nameOrder: NameOrder = new NameOrder(),
): Steps<Fleet> {
  const { filters, sort, anchored, now = Date.now() } = input;
  const rank = yield* nameOrder.steps(state.devices);
  // Walking the devices in name order makes the default sort free, and needs no sort rows:
  // with tens of thousands of devices twice a second, every object per device counts.
  const byName = sort.key === 'name';
  const entries: FleetEntry[] = [];
  const rows: (SortRow & { entry: FleetEntry })[] = [];
  const ids = nameOrder.ids();
  for (let index = 0; index < ids.length; index++) {
    if (index % PIECE === PIECE - 1) yield;
    const id = ids[index];
    const device = state.devices.get(id);
    if (!device || !passesBaseFilters(device, filters)) continue;
    const position = state.positions.get(id);
    const moving = isMoving(device, position, now);
    const entry = {
      id,
      status: statusOf(device),
      moving,
      shown: passesStatusFilters(device, position, filters, now, moving),
    };
    if (byName) entries.push(entry);
    else rows.push({ device, position, entry });
  }
  if (byName) {
    if (sort.dir === 'desc') entries.reverse();
    return { entries };
  }
  const sorted = yield* sortRowsSteps(rows, sort, anchored, rank);
  return { entries: sorted.map((row) => row.entry) };
}

/** The fleet stage from scratch, in one go. */
export const computeFleet = (
  state: Pick<LiveState, 'devices' | 'positions'>,
  input: ViewInput,
  nameOrder: NameOrder = new NameOrder(),
): Fleet => runSteps(fleetSteps(state, input, nameOrder));

interface FleetInput {
  filters: DeviceFilters;
  sort: DeviceSort;
  anchored?: ReadonlySet<number>;
}

/**
 * Fleets from this size are computed from scratch in slices (`FleetStage.begin`): below it the
 * whole computation takes a few milliseconds, and a result in the same render is worth more.
 */
export const SLICED_FROM = 2_000;

type FleetState = Pick<LiveState, 'devices' | 'positions' | 'viewVersion' | 'changedSince'>;

/**
 * The fleet stage kept between refreshes. The store refreshes the view twice a second while
 * positions arrive, each time with the few devices that changed (`LiveState.changedSince`): in
 * name order (the default) only their entries are judged again, instead of every device of a
 * fleet of tens of thousands. Anything else (other filters or sort, devices added or removed, a
 * rename, a device leaving or joining the base filters, a moving device's fix going stale)
 * computes the whole fleet as `computeFleet` does, with the same result.
 */
export class FleetStage {
  private last: {
    fleet: Fleet;
    input: FleetInput;
    viewVersion: number;
    /** Entry index per device id. */
    at: Map<number, number>;
    /** Before this time no entry's motion goes stale. */
    freshUntil: number;
  } | null = null;

  /** Refreshes answered by judging only the changed devices (tests check it happens). */
  patches = 0;

  /** The steps handed out and not finished yet, for the input they compute. */
  private running: { input: FleetInput; steps: Steps<Fleet> } | null = null;

  constructor(private readonly nameOrder = new NameOrder()) {}

  /** The fleet for `state` and `input`, in one go. */
  compute(state: FleetState, input: FleetInput, now = Date.now()): Fleet {
    const begun = this.begin(state, input, now);
    return 'fleet' in begun ? begun.fleet : runSteps(begun.steps);
  }

  /**
   * The fleet at once when that is cheap (a patch, a small fleet), else the steps that compute
   * it, for the caller to run in slices; the same steps again while they are unfinished and the
   * input the same (a caller that stopped running them resumes them). Once they finish, the next
   * call catches up with what changed meanwhile.
   */
  begin(
    state: FleetState,
    input: FleetInput,
    now = Date.now(),
  ): { fleet: Fleet } | { steps: Steps<Fleet> } {
    const last = this.last;
    const changed = last ? state.changedSince(last.viewVersion) : null;
    if (
      last &&
      changed &&
      input.sort.key === 'name' &&
      sameFleetInput(last.input, input) &&
      now < last.freshUntil
    ) {
      const next = this.patch(last, state, changed, input.filters, now);
      if (next) return { fleet: next };
    }
    if (state.devices.size < SLICED_FROM)
      return { fleet: runSteps(this.fromScratch(state, input, now)) };
    // Refreshes come twice a second while positions arrive, and a big fleet's steps may take
    // longer: they go on with the same steps, caught up afterwards, rather than start again
    // each time and never finish.
    if (this.running && sameFleetInput(this.running.input, input))
      return { steps: this.running.steps };
    const steps = this.fromScratch(state, input, now);
    this.running = { input, steps };
    return { steps };
  }

  private *fromScratch(state: FleetState, input: FleetInput, now: number): Steps<Fleet> {
    const fleet = yield* fleetSteps(state, { ...input, now }, this.nameOrder);
    const at = new Map<number, number>();
    let freshUntil = Infinity;
    const { entries } = fleet;
    for (let index = 0; index < entries.length; index++) {
      const entry = entries[index];
      at.set(entry.id, index);
      if (entry.moving) freshUntil = Math.min(freshUntil, this.staleAt(state, entry.id));
      if (index % PIECE === PIECE - 1) yield;
    }
    this.last = { fleet, input, viewVersion: state.viewVersion, at, freshUntil };
    this.running = null;
    return fleet;
  }

  /** The last fleet with the changed devices judged again, or null when that is not enough. */
  private patch(
    last: NonNullable<FleetStage['last']>,
    state: Pick<LiveState, 'devices' | 'positions' | 'viewVersion'>,
    changed: ReadonlySet<number>,
    filters: DeviceFilters,
    now: number,
  ): Fleet | null {
    const entries = last.fleet.entries.slice();
    let freshUntil = last.freshUntil;
    for (const id of changed) {
      const device = state.devices.get(id);
      const index = last.at.get(id);
      if (!device || !this.nameOrder.has(device)) return null;
      const included = passesBaseFilters(device, filters);
      if (included !== (index !== undefined)) return null;
      if (index === undefined) continue;
      const position = state.positions.get(id);
      const moving = isMoving(device, position, now);
      entries[index] = {
        id,
        status: statusOf(device),
        moving,
        shown: passesStatusFilters(device, position, filters, now, moving),
      };
      if (moving) freshUntil = Math.min(freshUntil, this.staleAt(state, id));
    }
    const fleet = { entries };
    this.last = { ...last, fleet, viewVersion: state.viewVersion, freshUntil };
    this.patches += 1;
    return fleet;
  }

  /** When a device judged moving stops counting as moving without a new fix. */
  private staleAt(state: Pick<LiveState, 'positions'>, id: number): number {
    const position = state.positions.get(id);
    return position ? fixTimeMs(position) + MOTION_FRESH_MS : -Infinity;
  }
}

const sameFleetInput = (a: FleetInput, b: FleetInput): boolean =>
  a.sort.key === b.sort.key &&
  a.sort.dir === b.sort.dir &&
  a.anchored === b.anchored &&
  a.filters.status === b.filters.status &&
  a.filters.motionOnly === b.filters.motionOnly &&
  a.filters.onlyId === b.filters.onlyId &&
  a.filters.hiddenCategories.join('\u0000') === b.filters.hiddenCategories.join('\u0000');

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
