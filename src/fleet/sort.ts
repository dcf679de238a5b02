import type { Device } from '../../model/device';
import type { Position } from '../../model/position';
import { type StateKey, STATE_KEYS, stateOf } from './deviceState';
import { keyedOrderSteps, nameKeyer } from './nameKeys';
import { runSteps, sortInSteps, type Steps } from '../live/steps';

type SortKey = 'name' | 'lastUpdate' | StateKey;
type SortDir = 'asc' | 'desc';

export interface DeviceSort {
  key: SortKey;
  dir: SortDir;
}

export const DEFAULT_SORT: DeviceSort = { key: 'name', dir: 'asc' };

/** The state header cycles motion → anchor → locked → ignition → driver → alert → back to name. */
export const nextStateSort = (current: DeviceSort): DeviceSort => {
  const index = STATE_KEYS.indexOf(current.key as StateKey);
  if (index === -1) return { key: STATE_KEYS[0], dir: 'asc' };
  if (index === STATE_KEYS.length - 1) return DEFAULT_SORT;
  return { key: STATE_KEYS[index + 1], dir: current.dir };
};

/** Clicking the same column flips the direction; another column starts ascending. */
export const toggleSort = (current: DeviceSort, key: 'name' | 'lastUpdate'): DeviceSort =>
  current.key === key ? { key, dir: current.dir === 'asc' ? 'desc' : 'asc' } : { key, dir: 'asc' };

export interface SortRow {
  device: Device;
  position: Position | undefined;
}

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

export const compareNames = (a: Device, b: Device): number =>
  collator.compare(a.name, b.name) || a.id - b.id;

const keyOf = nameKeyer(collator);

/**
 * `devices` in `compareNames` order, sorted by keys where every name has one (nameKeys.ts),
 * yielding between pieces (steps.ts).
 */
export function* sortByNameSteps(devices: readonly Device[]): Steps<Device[]> {
  const names = new Array<string>(devices.length);
  const ids = new Array<number>(devices.length);
  for (let i = 0; i < devices.length; i++) {
    names[i] = devices[i].name;
    ids[i] = devices[i].id;
  }
  const order = yield* keyedOrderSteps(keyOf, names, ids);
  if (!order) return yield* sortInSteps([...devices], compareNames);
  const sorted = new Array<Device>(order.length);
  for (let i = 0; i < order.length; i++) sorted[i] = devices[order[i]];
  return sorted;
}

/** Position of each device in name order; lets big lists skip the collator (see deviceView). */
export interface NameRank {
  get(id: number): number | undefined;
}

const timeOf = (row: SortRow) => (row.device.lastUpdate ? Date.parse(row.device.lastUpdate) : NaN);

/** -1/1 ordering where a missing value always sorts last, whatever the direction. */
const missingLast = (a: number, b: number, dir: SortDir): number | null => {
  const aMissing = Number.isNaN(a);
  const bMissing = Number.isNaN(b);
  if (aMissing || bMissing) return aMissing === bMissing ? 0 : aMissing ? 1 : -1;
  return dir === 'asc' ? a - b : b - a;
};

/** 0 = true, 1 = false, NaN = unknown: "asc" shows true first, as in the original. */
const stateRank = (row: SortRow, key: StateKey, anchored?: ReadonlySet<number>): number => {
  const value = stateOf({ ...row, anchored }, key);
  return value === undefined ? NaN : value ? 0 : 1;
};

const compareRows = (
  sort: DeviceSort,
  anchored?: ReadonlySet<number>,
  nameRank?: NameRank,
): ((a: SortRow, b: SortRow) => number) => {
  const byName = nameRank
    ? (a: SortRow, b: SortRow) =>
        (nameRank.get(a.device.id) ?? 0) - (nameRank.get(b.device.id) ?? 0)
    : (a: SortRow, b: SortRow) => compareNames(a.device, b.device);
  if (sort.key === 'name') {
    return sort.dir === 'asc' ? byName : (a, b) => byName(b, a);
  }
  if (sort.key === 'lastUpdate') {
    return (a, b) => missingLast(timeOf(a), timeOf(b), sort.dir) || byName(a, b);
  }
  const key = sort.key;
  return (a, b) =>
    missingLast(stateRank(a, key, anchored), stateRank(b, key, anchored), sort.dir) || byName(a, b);
};

/** `rows` in the list's order, yielding between pieces (steps.ts). */
export const sortRowsSteps = <T extends SortRow>(
  rows: T[],
  sort: DeviceSort,
  anchored?: ReadonlySet<number>,
  nameRank?: NameRank,
): Steps<T[]> => sortInSteps(rows, compareRows(sort, anchored, nameRank));

/** `rows` in the list's order, in one go. */
export const sortRows = <T extends SortRow>(
  rows: T[],
  sort: DeviceSort,
  anchored?: ReadonlySet<number>,
  nameRank?: NameRank,
): T[] => runSteps(sortRowsSteps(rows, sort, anchored, nameRank));
