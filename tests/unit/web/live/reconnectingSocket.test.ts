import {
  CONNECT_TIMEOUT_MS,
  STABLE_AFTER_MS,
  openReconnectingSocket,
} from '../../../../src/live/reconnectingSocket';
import { FakeSocket } from '../fakeSocket';

describe('reconnecting socket', () => {
  beforeEach(() => {
    FakeSocket.instances = [];
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  const open = (delayAfter: (code: number, failures: number) => number) => {
    const events: string[] = [];
    const socket = openReconnectingSocket({
      url: 'ws://test/api/socket',
      WebSocket: FakeSocket as unknown as typeof WebSocket,
      delayAfter,
      onOpen: () => events.push('open'),
      onClose: () => events.push('close'),
      onMessage: (data) => events.push(`message ${String(data)}`),
    });
    return { socket, events };
  };

  it('gives up an attempt that does not open in time and tries again', async () => {
    const delays: Array<[number, number]> = [];
    open((code, failures) => {
      delays.push([code, failures]);
      return 1_000;
    });
    await vi.advanceTimersByTimeAsync(CONNECT_TIMEOUT_MS - 100);
    expect(FakeSocket.instances[0].readyState).toBe(0);
    await vi.advanceTimersByTimeAsync(100);
    expect(FakeSocket.instances[0].readyState).toBe(3);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(FakeSocket.instances).toHaveLength(2);
    expect(delays).toEqual([[1000, 1]]);
  });

  it('counts closes in a row, and starts again once a connection has lasted', async () => {
    const failures: number[] = [];
    open((_code, count) => {
      failures.push(count);
      return 100;
    });
    for (let i = 0; i < 3; i += 1) {
      FakeSocket.instances[i].open();
      FakeSocket.instances[i].close(1006);
      await vi.advanceTimersByTimeAsync(100);
    }
    FakeSocket.instances[3].open();
    await vi.advanceTimersByTimeAsync(STABLE_AFTER_MS);
    FakeSocket.instances[3].close(1012);
    expect(failures).toEqual([1, 2, 3, 1]);
  });

  it('hears only its current socket, sends only while open, and stays closed once closed', async () => {
    const { socket, events } = open(() => 100);
    socket.send('early');
    const first = FakeSocket.instances[0];
    first.open();
    socket.send('hello');
    first.message('a');
    first.close(1006);
    await vi.advanceTimersByTimeAsync(100);
    // The old socket, still driven, is no longer listened to.
    first.message('stale');
    FakeSocket.instances[1].open();
    FakeSocket.instances[1].message('b');
    socket.close();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(first.sent).toEqual(['hello']);
    expect(events).toEqual(['open', 'message "a"', 'close', 'open', 'message "b"', 'close']);
    expect(FakeSocket.instances).toHaveLength(2);
  });
});
