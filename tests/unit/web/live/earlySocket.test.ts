import { openSocketEarly, takeLiveSocket } from '../../../../src/live/earlySocket';
import { liveStore } from '../../../../src/live/liveStore';
import { FakeSocket } from '../fakeSocket';
import { fakeFetch, jsonResponse } from '../fakeFetch';
import { device, position } from '../liveFixtures';

beforeEach(() => {
  FakeSocket.instances = [];
  vi.stubGlobal('WebSocket', FakeSocket);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the live socket opened as the app starts', () => {
  it('loads the fleet before the frame mounts, and the frame takes it over', async () => {
    const { requests } = fakeFetch({
      'GET /api/devices': () => jsonResponse([device(7)]),
    });
    openSocketEarly();
    // Asked twice (a second start): still one socket.
    openSocketEarly();
    expect(FakeSocket.instances).toHaveLength(1);
    const socket = FakeSocket.instances[0];
    socket.open();
    socket.message({ positions: [position(7)] });
    await vi.waitFor(() => expect(liveStore.getState().synced).toBe(true));
    expect(requests.map((request) => request.path)).toEqual(['/api/devices']);
    expect([...liveStore.getState().devices.keys()]).toEqual([7]);

    // The frame mounts: the same socket, now telling it what the server says changed.
    const onUserChanged = vi.fn();
    const stop = takeLiveSocket({ onUserChanged });
    expect(FakeSocket.instances).toHaveLength(1);
    socket.message({ userChanged: true });
    expect(onUserChanged).toHaveBeenCalledTimes(1);

    // Unmounted (logout): the socket closes, and the next frame opens its own.
    stop();
    expect(socket.readyState).toBe(FakeSocket.CLOSED);
    const again = takeLiveSocket({});
    expect(FakeSocket.instances).toHaveLength(2);
    again();
  });
});
