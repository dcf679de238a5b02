import {
  GREETING_WAIT_MS,
  MAX_SINGLE_LOADS,
  RECONNECT_BASE_MS,
  RECONNECT_MAX_MS,
  RESTART_RECONNECT_MS,
  reconnectDelay,
  startLiveSocket,
} from '../../../../src/live/liveSocket';
import { closeSocket } from '../../../../src/authProvider/socketRegistry';
import { LiveStore } from '../../../../src/live/store';
import { FakeSocket } from '../fakeSocket';
import { device, position } from '../liveFixtures';

const immediate = () => new LiveStore({ schedule: (run) => run(), delay: () => undefined });

describe('live socket', () => {
  beforeEach(() => {
    FakeSocket.instances = [];
    vi.useFakeTimers();
  });
  afterEach(() => {
    closeSocket();
    vi.useRealTimers();
  });

  it('loads the devices, takes the positions from the greeting, reconnects after 5 s and resyncs', async () => {
    const store = immediate();
    const loadDevices = vi.fn(async () => [device(1)]);
    const loadPositions = vi.fn(async () => [position(1)]);
    startLiveSocket(store, {
      url: 'ws://test/api/socket',
      loadDevices,
      loadPositions,
      loadDevice: async (id) => device(id),
      WebSocket: FakeSocket as unknown as typeof WebSocket,
      random: () => 1,
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(loadDevices).toHaveBeenCalledTimes(1);
    // The devices wait for the greeting: the fleet is applied whole.
    expect(store.getState().synced).toBe(false);

    const first = FakeSocket.instances[0];
    first.open();
    first.message({ positions: [position(1, { latitude: 5, fixTime: '2026-01-01T11:00:00Z' })] });
    await vi.advanceTimersByTimeAsync(0);
    expect(store.getState().synced).toBe(true);
    expect(store.getState().devices.has(1)).toBe(true);
    expect(store.getState().positions.get(1)?.latitude).toBe(5);

    // A position for a device the store does not know fetches that device.
    first.message({ positions: [position(7)] });
    await vi.advanceTimersByTimeAsync(0);
    expect(store.getState().devices.has(7)).toBe(true);

    first.close(1006);
    await vi.advanceTimersByTimeAsync(RECONNECT_BASE_MS - 100);
    expect(FakeSocket.instances).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(200);
    expect(FakeSocket.instances).toHaveLength(2);
    loadDevices.mockResolvedValueOnce([device(1), device(2)]);
    FakeSocket.instances[1].open();
    FakeSocket.instances[1].message({
      positions: [position(1, { latitude: 1 }), position(2, { latitude: 2 })],
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(loadDevices).toHaveBeenCalledTimes(2);
    // Every latest position came with the greetings: REST was never asked for them.
    expect(loadPositions).not.toHaveBeenCalled();
    expect([...store.getState().devices.keys()].sort()).toEqual([1, 2]);
    // The newer live fix survives the older greeting.
    expect(store.getState().positions.get(1)?.latitude).toBe(5);
    expect(store.getState().positions.get(2)?.latitude).toBe(2);
  });

  it('applies a greeting sent in parts once its last part is in, without asking REST', async () => {
    const store = immediate();
    const loadPositions = vi.fn(async () => [position(1)]);
    startLiveSocket(store, {
      url: 'ws://test/api/socket',
      loadDevices: async () => [device(1), device(2), device(3)],
      loadPositions,
      loadDevice: async (id) => device(id),
      WebSocket: FakeSocket as unknown as typeof WebSocket,
    });
    const socket = FakeSocket.instances[0];
    socket.open();
    socket.message({ positions: [position(1), position(2)], more: true });
    await vi.advanceTimersByTimeAsync(0);
    // A part that says more follow is not the fleet: nothing is applied yet.
    expect(store.getState().synced).toBe(false);
    expect(store.getState().positions.size).toBe(0);

    socket.message({ positions: [position(3, { latitude: 3 })] });
    await vi.advanceTimersByTimeAsync(0);
    expect(store.getState().synced).toBe(true);
    expect([...store.getState().positions.keys()].sort()).toEqual([1, 2, 3]);
    expect(store.getState().positions.get(3)?.latitude).toBe(3);
    expect(loadPositions).not.toHaveBeenCalled();

    // After the greeting, positions are live updates again.
    socket.message({ positions: [position(2, { latitude: 9, fixTime: '2030-01-01T00:00:00Z' })] });
    await vi.advanceTimersByTimeAsync(0);
    expect(store.getState().positions.get(2)?.latitude).toBe(9);
  });

  it('takes a complete message as the whole set: a device missing from it leaves the store', async () => {
    const store = immediate();
    startLiveSocket(store, {
      url: 'ws://test/api/socket',
      loadDevices: async () => [device(1), device(2)],
      loadPositions: async () => [],
      loadDevice: async (id) => device(id),
      WebSocket: FakeSocket as unknown as typeof WebSocket,
      random: () => 1,
    });
    await vi.advanceTimersByTimeAsync(0);
    const socket = FakeSocket.instances[0];
    socket.open();
    socket.message({ positions: [position(1), position(2)] });
    await vi.advanceTimersByTimeAsync(0);
    expect([...store.getState().devices.keys()].sort()).toEqual([1, 2]);

    // A plain message merges: device 2 stays.
    socket.message({
      devices: [device(1)],
      positions: [position(1, { latitude: 3, fixTime: '2026-01-01T11:00:00Z' })],
    });
    await vi.advanceTimersByTimeAsync(0);
    expect([...store.getState().devices.keys()].sort()).toEqual([1, 2]);
    // The server's resync after its link to the other instances came back: device 2 went
    // meanwhile, device 3 came.
    socket.message({
      devices: [device(1), device(3)],
      positions: [position(1, { latitude: 4, fixTime: '2026-01-01T11:05:00Z' }), position(3)],
      complete: true,
    });
    await vi.advanceTimersByTimeAsync(0);
    expect([...store.getState().devices.keys()].sort()).toEqual([1, 3]);
    expect(store.getState().positions.has(2)).toBe(false);
    expect(store.getState().positions.get(1)?.latitude).toBe(4);
  });

  it("reports that the user's account, or the server settings, were saved, and leaves the map as it is", async () => {
    const store = immediate();
    const onUserChanged = vi.fn();
    const onServerChanged = vi.fn();
    startLiveSocket(store, {
      url: 'ws://test/api/socket',
      loadDevices: async () => [device(1)],
      loadPositions: async () => [],
      WebSocket: FakeSocket as unknown as typeof WebSocket,
      random: () => 1,
      onUserChanged,
      onServerChanged,
    });
    await vi.advanceTimersByTimeAsync(0);
    const socket = FakeSocket.instances[0];
    socket.open();
    socket.message({ positions: [position(1)] });
    await vi.advanceTimersByTimeAsync(0);
    socket.message({ devices: [device(1)] });
    expect(onUserChanged).not.toHaveBeenCalled();
    socket.message({ userChanged: true });
    expect(onUserChanged).toHaveBeenCalledTimes(1);
    expect(onServerChanged).not.toHaveBeenCalled();
    socket.message({ serverChanged: true });
    expect(onServerChanged).toHaveBeenCalledTimes(1);
    expect(onUserChanged).toHaveBeenCalledTimes(1);
    expect([...store.getState().devices.keys()]).toEqual([1]);
    expect(store.getState().positions.get(1)).toBeDefined();
  });

  it('asks REST for the positions when the greeting does not come, or its socket closes first', async () => {
    const store = immediate();
    const loadPositions = vi.fn(async () => [position(1, { latitude: 9 })]);
    startLiveSocket(store, {
      url: 'ws://test/api/socket',
      loadDevices: async () => [device(1)],
      loadPositions,
      WebSocket: FakeSocket as unknown as typeof WebSocket,
      random: () => 1,
    });
    // Open, but silent.
    FakeSocket.instances[0].open();
    await vi.advanceTimersByTimeAsync(GREETING_WAIT_MS - 100);
    expect(store.getState().synced).toBe(false);
    await vi.advanceTimersByTimeAsync(200);
    expect(loadPositions).toHaveBeenCalledTimes(1);
    expect(store.getState().positions.get(1)?.latitude).toBe(9);
    // Later positions are live updates, not a greeting.
    FakeSocket.instances[0].message({
      positions: [position(1, { latitude: 3, fixTime: '2026-01-01T12:00:00Z' })],
    });
    expect(store.getState().positions.get(1)?.latitude).toBe(3);

    // A reconnection whose socket drops before greeting: the next one's open asks REST for it.
    FakeSocket.instances[0].close(1006);
    await vi.advanceTimersByTimeAsync(RECONNECT_BASE_MS + 100);
    FakeSocket.instances[1].open();
    FakeSocket.instances[1].close(1006);
    // Closed before it stayed up: a second attempt in a row, which waits longer.
    await vi.advanceTimersByTimeAsync(reconnectDelay(2, () => 1) + 100);
    FakeSocket.instances[2].open();
    await vi.advanceTimersByTimeAsync(0);
    expect(loadPositions).toHaveBeenCalledTimes(2);
  });

  it('leaves a greeting that beats the first load to that load, and a burst to one resync', async () => {
    const store = immediate();
    let answer: (devices: ReturnType<typeof device>[]) => void = () => undefined;
    const loadDevices = vi.fn(
      () => new Promise<ReturnType<typeof device>[]>((resolve) => (answer = resolve)),
    );
    const loadDevice = vi.fn(async (id: number) => device(id));
    startLiveSocket(store, {
      url: 'ws://test/api/socket',
      loadDevices,
      loadPositions: async () => [],
      loadDevice,
      WebSocket: FakeSocket as unknown as typeof WebSocket,
      random: () => 1,
    });
    await vi.advanceTimersByTimeAsync(0);
    const socket = FakeSocket.instances[0];
    socket.open();
    const fleet = Array.from({ length: 50 }, (_, i) => i + 1);
    socket.message({ positions: fleet.map((id) => position(id)) });
    answer(fleet.map((id) => device(id)));
    await vi.advanceTimersByTimeAsync(0);
    expect(loadDevice).not.toHaveBeenCalled();
    expect(store.getState().devices.size).toBe(50);
    expect(store.getState().positions.size).toBe(50);

    // After the load: a few new devices are fetched one by one, many at once by one resync.
    socket.message({ positions: [position(51)] });
    await vi.advanceTimersByTimeAsync(0);
    expect(loadDevice).toHaveBeenCalledTimes(1);
    const burst = Array.from({ length: MAX_SINGLE_LOADS + 1 }, (_, i) => i + 100);
    socket.message({ positions: burst.map((id) => position(id)) });
    answer([...fleet, 51, ...burst].map((id) => device(id)));
    await vi.advanceTimersByTimeAsync(0);
    expect(loadDevice).toHaveBeenCalledTimes(1);
    expect(loadDevices).toHaveBeenCalledTimes(2);
    expect(store.getState().devices.size).toBe(50 + 1 + burst.length);
  });

  it('closes for good on logout', async () => {
    startLiveSocket(immediate(), {
      url: 'ws://test/api/socket',
      loadDevices: async () => [],
      loadPositions: async () => [],
      WebSocket: FakeSocket as unknown as typeof WebSocket,
      random: () => 1,
    });
    await vi.advanceTimersByTimeAsync(0);
    FakeSocket.instances[0].open();
    closeSocket();
    expect(FakeSocket.instances[0].readyState).toBe(3);
    await vi.advanceTimersByTimeAsync(RECONNECT_BASE_MS * 2);
    expect(FakeSocket.instances).toHaveLength(1);
  });

  it('backs off exponentially with jitter, so clients do not all come back at once', async () => {
    const firstReconnection = async (random: () => number) => {
      FakeSocket.instances = [];
      const stop = startLiveSocket(immediate(), {
        url: 'ws://test/api/socket',
        loadDevices: async () => [],
        loadPositions: async () => [],
        loadDevice: async (id) => device(id),
        WebSocket: FakeSocket as unknown as typeof WebSocket,
        random,
      });
      await vi.advanceTimersByTimeAsync(0);
      FakeSocket.instances[0].open();
      FakeSocket.instances[0].close(1006);
      let waited = 0;
      while (FakeSocket.instances.length < 2 && waited < RECONNECT_MAX_MS) {
        await vi.advanceTimersByTimeAsync(100);
        waited += 100;
      }
      stop();
      return waited;
    };
    // Two clients dropped by the same restart come back at different moments, both within 5 s.
    const early = await firstReconnection(() => 0);
    const late = await firstReconnection(() => 0.9);
    expect(early).toBeLessThanOrEqual(RECONNECT_BASE_MS / 2 + 100);
    expect(late).toBeGreaterThan(early + 1_000);
    expect(late).toBeLessThanOrEqual(RECONNECT_BASE_MS);
  });

  it('reconnects within a second when its server instance restarts, and resyncs', async () => {
    const loadDevices = vi.fn(async () => [device(1)]);
    const statuses: boolean[] = [];
    const stop = startLiveSocket(immediate(), {
      url: 'ws://test/api/socket',
      loadDevices,
      loadPositions: async () => [],
      loadDevice: async (id) => device(id),
      onStatus: (connected) => statuses.push(connected),
      WebSocket: FakeSocket as unknown as typeof WebSocket,
      random: () => 1,
    });
    await vi.advanceTimersByTimeAsync(0);
    FakeSocket.instances[0].open();
    FakeSocket.instances[0].message({ positions: [] });
    await vi.advanceTimersByTimeAsync(10_000);
    // "Service restart": the balancer has another instance for it.
    FakeSocket.instances[0].close(1012);
    await vi.advanceTimersByTimeAsync(RESTART_RECONNECT_MS - 100);
    await vi.advanceTimersByTimeAsync(100);
    expect(FakeSocket.instances).toHaveLength(2);
    FakeSocket.instances[1].open();
    FakeSocket.instances[1].message({ positions: [] });
    await vi.advanceTimersByTimeAsync(0);
    expect(loadDevices).toHaveBeenCalledTimes(2);
    expect(statuses).toEqual([true, false, true]);

    // That new socket failing in turn is an outage like any: the usual backoff applies.
    FakeSocket.instances[1].close(1006);
    await vi.advanceTimersByTimeAsync(RESTART_RECONNECT_MS + 100);
    expect(FakeSocket.instances).toHaveLength(2);
    stop();
  });

  it('doubles the wait with each failed attempt, up to a minute', () => {
    const top = (attempt: number) => reconnectDelay(attempt, () => 1);
    expect([1, 2, 3, 4, 5, 6, 10].map(top)).toEqual([
      5_000, 10_000, 20_000, 40_000, 60_000, 60_000, 60_000,
    ]);
    // The jitter takes the upper half: never sooner than half the ceiling.
    expect(reconnectDelay(3, () => 0)).toBe(10_000);
    expect(reconnectDelay(3, () => 0.5)).toBe(15_000);
  });

  it('keeps failing attempts apart by ever longer waits while the server stays down', async () => {
    const stop = startLiveSocket(immediate(), {
      url: 'ws://test/api/socket',
      loadDevices: async () => [],
      loadPositions: async () => [],
      loadDevice: async (id) => device(id),
      WebSocket: FakeSocket as unknown as typeof WebSocket,
      random: () => 1,
    });
    await vi.advanceTimersByTimeAsync(0);
    FakeSocket.instances[0].open();
    FakeSocket.instances[0].close(1006);
    const starts: number[] = [];
    let elapsed = 0;
    while (starts.length < 4 && elapsed < 5 * RECONNECT_MAX_MS) {
      await vi.advanceTimersByTimeAsync(100);
      elapsed += 100;
      // Each new socket fails at once (the server is down).
      while (FakeSocket.instances.length - 1 > starts.length) {
        starts.push(elapsed);
        FakeSocket.instances[FakeSocket.instances.length - 1].close(1006);
      }
    }
    stop();
    const gaps = starts.map((at, i) => at - (i === 0 ? 0 : starts[i - 1]));
    expect(gaps.map((gap) => Math.round(gap / 1000))).toEqual([5, 10, 20, 40]);
  });
});
