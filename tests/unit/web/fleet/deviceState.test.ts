import { computeFleet, FleetStage, NameOrder, SLICED_FROM } from '../../../../src/fleet/deviceView';
import { DEFAULT_FILTERS, type DeviceFilters } from '../../../../src/fleet/filters';
import { MOTION_FRESH_MS } from '../../../../src/fleet/deviceState';
import type { DeviceSort } from '../../../../src/fleet/sort';
import { runSteps } from '../../../../src/live/steps';
import { LiveStore } from '../../../../src/live/store';
import type { Device, DeviceStatus } from '../../../../model/device';
import { device, position } from '../liveFixtures';

const NOW = Date.parse('2026-01-01T10:00:00.000Z');
const BY_NAME: DeviceSort = { key: 'name', dir: 'asc' };

/** A store whose frames and refresh delays run when the test says. */
const manualStore = () => {
  const frames: (() => void)[] = [];
  const delays: (() => void)[] = [];
  const store = new LiveStore({
    schedule: (run) => frames.push(run),
    delay: (run) => delays.push(run),
  });
  /** Applies what was queued and lets the refresh delay pass. */
  const settle = () => {
    frames.splice(0).forEach((run) => run());
    delays.splice(0).forEach((run) => run());
  };
  return { store, settle };
};

/** A deterministic pseudo-random walk, so a failure replays. */
const random = (seed: number) => () => {
  seed = (seed * 1103515245 + 12345) % 2 ** 31;
  return seed / 2 ** 31;
};

const STATUSES: DeviceStatus[] = ['online', 'offline', 'unknown'];

describe('fleet stage between refreshes', () => {
  it('gives what a whole new computation gives, refresh after refresh', () => {
    const { store, settle } = manualStore();
    const next = random(7);
    const count = 300;
    store.enqueue({
      devices: Array.from({ length: count }, (_, i) =>
        device(i + 1, { name: `Vehicle ${String(next()).slice(2, 6)}`, category: 'car' }),
      ),
      positions: Array.from({ length: count }, (_, i) => position(i + 1)),
    });
    settle();
    const stage = new FleetStage();
    const inputs: { filters: DeviceFilters; sort: DeviceSort }[] = [
      { filters: DEFAULT_FILTERS, sort: BY_NAME },
      { filters: { ...DEFAULT_FILTERS, motionOnly: true }, sort: BY_NAME },
      { filters: { ...DEFAULT_FILTERS, status: 'online' }, sort: { key: 'name', dir: 'desc' } },
      { filters: { ...DEFAULT_FILTERS, hiddenCategories: ['truck'] }, sort: BY_NAME },
    ];
    let fix = 0;
    for (let round = 0; round < 60; round++) {
      const now = NOW + round * 10_000;
      // A few fixes and status changes per refresh, now and then a new category or name.
      const devices: Device[] = [];
      for (let k = 0; k < 5; k++) {
        const id = 1 + Math.floor(next() * count);
        const current = store.getState().devices.get(id)!;
        devices.push({
          ...current,
          status: STATUSES[Math.floor(next() * 3)],
          category: next() < 0.05 ? 'truck' : current.category,
          name: next() < 0.02 ? `Renamed ${round}` : current.name,
        });
      }
      const positions = Array.from({ length: 8 }, () => {
        const id = 1 + Math.floor(next() * count);
        fix += 1;
        return position(id, {
          id: 1_000_000 + fix,
          fixTime: new Date(now - next() * 1.1 * MOTION_FRESH_MS).toISOString(),
          attributes: { motion: next() < 0.6 },
        });
      });
      store.enqueue({ devices, positions });
      settle();
      const input = inputs[Math.floor(round / 15)];
      const state = store.getState();
      expect(stage.compute(state, input, now)).toEqual(
        computeFleet(state, { ...input, now }, new NameOrder()),
      );
    }
    // Most refreshes took the short way.
    expect(stage.patches).toBeGreaterThan(20);
  });

  it('judges only the changed devices in name order, and everything when it must', () => {
    const { store, settle } = manualStore();
    store.enqueue({
      devices: [device(1), device(2), device(3, { status: 'offline' })],
      positions: [1, 2, 3].map((id) =>
        position(id, { fixTime: new Date(NOW).toISOString(), attributes: { motion: true } }),
      ),
    });
    settle();
    const stage = new FleetStage();
    const input = { filters: DEFAULT_FILTERS, sort: BY_NAME };
    const first = stage.compute(store.getState(), input, NOW);
    expect(first.entries.map((entry) => entry.moving)).toEqual([true, true, false]);

    store.enqueue({ devices: [device(2, { status: 'offline' })] });
    settle();
    const second = stage.compute(store.getState(), input, NOW + 1_000);
    // The unchanged entries are the same objects: only device 2 was judged again.
    expect(second.entries[0]).toBe(first.entries[0]);
    expect(second.entries[2]).toBe(first.entries[2]);
    expect(second.entries[1]).toMatchObject({ id: 2, status: 'offline', moving: false });
    // The earlier fleet is left as it was.
    expect(first.entries[1]).toMatchObject({ status: 'online' });

    // Device 1's fix goes stale: the whole fleet is judged again.
    store.enqueue({ devices: [device(3)] });
    settle();
    const stale = stage.compute(store.getState(), input, NOW + MOTION_FRESH_MS + 1);
    expect(stale.entries[0]).toMatchObject({ id: 1, moving: false });
    expect(stale.entries[0]).not.toBe(first.entries[0]);

    // A device that came: everything again, in name order.
    store.enqueue({ devices: [device(4, { name: 'A first' })] });
    settle();
    expect(store.getState().viewChanged).toBeNull();
    expect(stage.compute(store.getState(), input, NOW).entries.map((entry) => entry.id)).toEqual([
      4, 1, 2, 3,
    ]);
  });
});

describe('store view changes', () => {
  it('names the devices changed since the previous view version', () => {
    const { store, settle } = manualStore();
    store.enqueue({ devices: [device(1), device(2), device(3)] });
    settle();
    expect(store.getState().viewChanged).toBeNull();
    store.enqueue({ positions: [position(1)] });
    settle();
    expect([...(store.getState().viewChanged ?? [])]).toEqual([1]);
    store.enqueue({ devices: [device(2, { status: 'offline' })] });
    store.enqueue({ positions: [position(3)] });
    settle();
    expect([...(store.getState().viewChanged ?? [])].sort()).toEqual([2, 3]);
  });

  it('names the devices changed over several versions, and nothing it cannot know', () => {
    const { store, settle } = manualStore();
    store.enqueue({ devices: [device(1), device(2), device(3)] });
    settle();
    const loaded = store.getState().viewVersion;
    expect([...(store.getState().changedSince(loaded) ?? [0])]).toEqual([]);
    store.enqueue({ positions: [position(1)] });
    settle();
    store.enqueue({ devices: [device(3, { status: 'offline' })] });
    settle();
    const { changedSince } = store.getState();
    expect([...(changedSince(loaded) ?? [])].sort()).toEqual([1, 3]);
    expect([...(changedSince(loaded + 1) ?? [])]).toEqual([3]);
    // Before the fleet was loaded (devices came): unknown.
    expect(changedSince(loaded - 1)).toBeNull();
    expect(changedSince(loaded + 5)).toBeNull();
    store.enqueue({ removedDevices: [2] });
    settle();
    expect(store.getState().changedSince(loaded)).toBeNull();
  });
});

describe('a big fleet judged in steps', () => {
  const bigFleet = (count: number) => {
    const { store, settle } = manualStore();
    const next = random(11);
    store.enqueue({
      devices: Array.from({ length: count }, (_, i) =>
        device(i + 1, { name: `Unit ${Math.floor(next() * count)}` }),
      ),
      positions: Array.from({ length: count }, (_, i) =>
        position(i + 1, {
          fixTime: new Date(NOW - next() * MOTION_FRESH_MS).toISOString(),
          attributes: { motion: next() < 0.5 },
        }),
      ),
    });
    settle();
    return { store, settle };
  };
  const input = { filters: DEFAULT_FILTERS, sort: BY_NAME };

  it('leaves a small fleet to one go and hands a big one over as steps with the same result', () => {
    const small = bigFleet(SLICED_FROM - 1);
    expect('fleet' in new FleetStage().begin(small.store.getState(), input, NOW)).toBe(true);

    const { store } = bigFleet(SLICED_FROM * 3);
    const begun = new FleetStage().begin(store.getState(), input, NOW);
    if (!('steps' in begun)) throw new Error('a big fleet from scratch should come as steps');
    let yields = 0;
    let result = begun.steps.next();
    for (; !result.done; result = begun.steps.next()) yields += 1;
    expect(yields).toBeGreaterThan(10);
    expect(result.value).toEqual(computeFleet(store.getState(), { ...input, now: NOW }));
  });

  it('goes on through the refreshes that come while its steps run, then catches up with only those devices', () => {
    const { store, settle } = bigFleet(SLICED_FROM * 2);
    const stage = new FleetStage();
    const begun = stage.begin(store.getState(), input, NOW);
    if (!('steps' in begun)) throw new Error('a big fleet from scratch should come as steps');
    // Two refreshes land before the steps are done.
    begun.steps.next();
    store.enqueue({ devices: [{ ...store.getState().devices.get(5)!, status: 'offline' }] });
    settle();
    const fix = { id: 99_999, fixTime: new Date(NOW).toISOString(), serverTime: 'later' };
    store.enqueue({ positions: [position(9, { ...fix, attributes: { motion: false } })] });
    settle();
    // Asked again meanwhile: the same steps go on, rather than starting over at every refresh.
    const again = stage.begin(store.getState(), input, NOW);
    expect('steps' in again && again.steps).toBe(begun.steps);
    runSteps(begun.steps);
    const state = store.getState();
    const caughtUp = stage.begin(state, input, NOW);
    expect(caughtUp).toEqual({ fleet: computeFleet(state, { ...input, now: NOW }) });
    expect(stage.patches).toBe(1);
  });
});
