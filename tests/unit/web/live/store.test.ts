import { act, renderHook } from '@testing-library/react';
import { useLiveSelector } from '../../../../src/live/liveStore';
import {
  type FlushChanges,
  LiveStore,
  MAX_EVENTS,
  VIEW_DELAY_MS,
} from '../../../../src/live/store';
import { parseMessage } from '../../../../src/live/parseMessage';
import type { Event } from '../../../../model/event';
import { device, position } from '../liveFixtures';

/** A store whose frame and delay callbacks run only when the test says so. */
const manualStore = () => {
  const frames: (() => void)[] = [];
  const delays: (() => void)[] = [];
  const store = new LiveStore({
    schedule: (run) => frames.push(run),
    delay: (run) => delays.push(run),
  });
  const frame = () => frames.splice(0).forEach((run) => run());
  const elapse = () => delays.splice(0).forEach((run) => run());
  return { store, frames, delays, frame, elapse };
};

const event = (id: number, deviceId = 1): Event => ({
  id,
  type: 'alarm',
  eventTime: '2026-01-01T10:00:00.000Z',
  deviceId,
  positionId: 0,
  geofenceId: 0,
  maintenanceId: 0,
  attributes: {},
});

describe('LiveStore batching', () => {
  it('applies many messages in one flush per frame', () => {
    const { store, frames, frame } = manualStore();
    const listener = vi.fn();
    store.subscribe(listener);
    store.enqueue({ devices: [device(1), device(2)] });
    store.enqueue({ positions: [position(1), position(2)] });
    store.enqueue({
      positions: [position(1, { latitude: 1, fixTime: '2026-01-01T10:00:05.000Z' })],
    });
    expect(frames).toHaveLength(1);
    expect(store.getState().devices.size).toBe(0);
    frame();
    expect(listener).toHaveBeenCalledTimes(1);
    const changes = listener.mock.calls[0][0] as FlushChanges;
    expect([...changes.positions].sort()).toEqual([1, 2]);
    expect(store.getState().positions.get(1)?.latitude).toBe(1);
    expect(store.getState().version).toBe(1);
  });

  it('keeps only the newest queued fix per device and ignores older ones', () => {
    const { store, frame } = manualStore();
    store.enqueue({
      positions: [position(1, { latitude: 5, fixTime: '2026-01-01T10:00:10.000Z' })],
    });
    store.enqueue({
      positions: [position(1, { latitude: 9, fixTime: '2026-01-01T10:00:01.000Z' })],
    });
    frame();
    expect(store.getState().positions.get(1)?.latitude).toBe(5);
    store.enqueue({
      positions: [position(1, { latitude: 7, fixTime: '2026-01-01T09:00:00.000Z' })],
    });
    frame();
    expect(store.getState().positions.get(1)?.latitude).toBe(5);
  });

  it('takes the same stored fix twice (socket greeting and REST load) as no change', () => {
    const { store, frame } = manualStore();
    const listener = vi.fn();
    store.enqueue({ devices: [device(1)], positions: [position(1)] });
    frame();
    store.subscribe(listener);
    store.resync([device(1)], [{ ...position(1) }]);
    frame();
    const changes = listener.mock.calls[0][0] as FlushChanges;
    expect([...changes.positions]).toEqual([]);
    store.enqueue({ positions: [position(1, { id: 1001, fixTime: '2026-01-01T10:00:01.000Z' })] });
    frame();
    expect([...(listener.mock.calls[1][0] as FlushChanges).positions]).toEqual([1]);
  });

  it('hides lazily deleted devices and reports positions of unknown devices', () => {
    const { store, frame } = manualStore();
    const listener = vi.fn();
    store.subscribe(listener);
    store.enqueue({
      devices: [device(1, { uniqueId: 'deleted-123-456' })],
      positions: [position(9)],
    });
    frame();
    expect(store.getState().devices.size).toBe(0);
    expect((listener.mock.calls[0][0] as FlushChanges).unknownDeviceIds).toEqual([9]);
  });

  it('drops the devices a message says the user no longer sees, with their positions', () => {
    const { store, frame } = manualStore();
    store.enqueue({ devices: [device(1), device(2)], positions: [position(1), position(2)] });
    frame();
    const listener = vi.fn();
    store.subscribe(listener);
    store.enqueue({ removedDevices: [1, 7] });
    frame();
    expect([...store.getState().devices.keys()]).toEqual([2]);
    expect([...store.getState().positions.keys()]).toEqual([2]);
    const changes = listener.mock.calls[0][0] as FlushChanges;
    expect([...changes.removed]).toEqual([1]);
    // Devices came or went: the views look at every device again, at once.
    expect(store.getState().viewChanged).toBeNull();
  });

  it('keeps message order within a frame: removed then given back stays, updated then removed goes', () => {
    const { store, frame } = manualStore();
    store.enqueue({ devices: [device(1), device(2)], positions: [position(1), position(2)] });
    frame();
    store.enqueue({ removedDevices: [1] });
    store.enqueue({ devices: [device(1, { name: 'back' })], positions: [position(1)] });
    store.enqueue({ positions: [position(2, { fixTime: '2026-01-01T10:00:09.000Z' })] });
    store.enqueue({ removedDevices: [2] });
    frame();
    expect(store.getState().devices.get(1)?.name).toBe('back');
    expect(store.getState().positions.has(1)).toBe(true);
    expect(store.getState().devices.has(2)).toBe(false);
    expect(store.getState().positions.has(2)).toBe(false);
  });

  it('bounds the event buffer', () => {
    const { store, frame } = manualStore();
    store.enqueue({ events: Array.from({ length: MAX_EVENTS + 20 }, (_, i) => event(i)) });
    frame();
    expect(store.getState().events).toHaveLength(MAX_EVENTS);
    expect(store.getState().events.at(-1)?.id).toBe(MAX_EVENTS + 19);
  });

  it('moves the view version at once for new devices and after the delay for updates', () => {
    const { store, frame, delays, elapse } = manualStore();
    store.enqueue({ devices: [device(1)] });
    frame();
    expect(store.getState().viewVersion).toBe(1);
    store.enqueue({ devices: [device(1, { status: 'offline' })] });
    frame();
    store.enqueue({ positions: [position(1)] });
    frame();
    expect(store.getState().viewVersion).toBe(1);
    expect(delays).toHaveLength(1);
    expect(VIEW_DELAY_MS).toBe(500);
    elapse();
    expect(store.getState().viewVersion).toBe(2);
  });

  it('does nothing for an empty flush', () => {
    const { store, frame } = manualStore();
    const listener = vi.fn();
    store.subscribe(listener);
    store.enqueue({});
    frame();
    expect(listener).not.toHaveBeenCalled();
  });
});

describe('LiveStore resync after a reconnect', () => {
  it('says the fleet is loaded after the first resync, even an empty one', () => {
    const { store, frame } = manualStore();
    const listener = vi.fn();
    store.subscribe(listener);
    store.enqueue({ positions: [position(1)] });
    frame();
    // A socket message alone is not the fleet.
    expect(store.getState().synced).toBe(false);
    store.resync([], []);
    frame();
    expect(store.getState().synced).toBe(true);
    expect(listener).toHaveBeenCalledTimes(2);
    store.resync([], []);
    frame();
    // Later empty resyncs change nothing and tell nobody.
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('replaces the device set and merges positions by fix time', () => {
    const { store, frame } = manualStore();
    store.enqueue({
      devices: [device(1), device(2)],
      positions: [
        position(1, { latitude: 1, fixTime: '2026-01-01T10:00:30.000Z' }),
        position(2, { latitude: 2, fixTime: '2026-01-01T10:00:00.000Z' }),
      ],
    });
    frame();
    store.resync(
      [device(1, { name: 'Renamed' }), device(3)],
      [
        position(1, { latitude: 100, fixTime: '2026-01-01T10:00:10.000Z' }),
        position(3, { latitude: 3 }),
      ],
    );
    frame();
    const state = store.getState();
    expect([...state.devices.keys()].sort()).toEqual([1, 3]);
    expect(state.devices.get(1)?.name).toBe('Renamed');
    // The live fix was newer than the REST one: it stays.
    expect(state.positions.get(1)?.latitude).toBe(1);
    expect(state.positions.has(2)).toBe(false);
    expect(state.positions.get(3)?.latitude).toBe(3);
  });

  it('applies socket updates queued during the resync after it', () => {
    const { store, frame } = manualStore();
    store.resync([device(1)], []);
    store.enqueue({ devices: [device(1, { status: 'offline' })] });
    frame();
    expect(store.getState().devices.get(1)?.status).toBe('offline');
  });
});

describe('useLiveSelector', () => {
  it('re-renders only when the selected value changes', () => {
    const { store, frame } = manualStore();
    let renders = 0;
    const { result } = renderHook(() => {
      renders += 1;
      return useLiveSelector((state) => state.devices.get(1)?.status, undefined, store);
    });
    expect(result.current).toBeUndefined();
    act(() => {
      store.enqueue({ devices: [device(1)] });
      frame();
    });
    expect(result.current).toBe('online');
    const before = renders;
    act(() => {
      store.enqueue({ positions: [position(1)] });
      frame();
    });
    expect(renders).toBe(before);
  });

  it('uses a custom equality to keep the previous value', () => {
    const { store, frame } = manualStore();
    const { result } = renderHook(() =>
      useLiveSelector(
        (state) => [...state.devices.keys()],
        (a, b) => a.length === b.length && a.every((id, i) => id === b[i]),
        store,
      ),
    );
    const first = result.current;
    act(() => {
      store.enqueue({ positions: [position(5)] });
      frame();
    });
    expect(result.current).toBe(first);
  });
});

describe('parseMessage', () => {
  it('reads the socket frames and treats keepalives as empty', () => {
    expect(parseMessage('{}')).toEqual({
      devices: undefined,
      positions: undefined,
      events: undefined,
    });
    expect(parseMessage('not json')).toEqual({});
    expect(
      parseMessage(JSON.stringify({ positions: [position(1), position(2)] })).positions,
    ).toHaveLength(2);
    expect(parseMessage('{"removedDevices":[4,"x",5.5,6]}').removedDevices).toEqual([4, 6]);
  });
});
