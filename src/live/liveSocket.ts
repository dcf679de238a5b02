import ReconnectingWebSocket from 'reconnecting-websocket';
import type { Device } from '../../model/device';
import type { Position } from '../../model/position';
import { dataProvider } from '../dataProvider';
import { isEmptyMessage, parseMessage } from './parseMessage';
import { attachLogsSender, deliverProtocolLogs } from './protocolLogs';
import { registerSocket } from './socketRegistry';
import type { LiveStore } from './store';

/** Reconnect 5 s after the socket closes. */
export const RECONNECT_MS = 5000;

/** More unknown devices than this at once are loaded with one full resync, not one by one. */
export const MAX_SINGLE_LOADS = 20;

interface LiveSocketDeps {
  url?: string;
  loadDevices?: () => Promise<Device[]>;
  loadPositions?: () => Promise<Position[]>;
  loadDevice?: (id: number) => Promise<Device | undefined>;
  onStatus?: (connected: boolean) => void;
  /** The WebSocket class (tests pass a fake). */
  WebSocket?: typeof WebSocket;
}

const socketUrl = (location: Location = window.location): string =>
  `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/socket`;

/**
 * Opens `/api/socket` into the store. The first connection follows a REST load of devices and
 * positions; every reconnection resyncs both, so fixes missed during the gap are not lost (the
 * original did not). Positions of devices the store does not know fetch that device once.
 */
export const startLiveSocket = (store: LiveStore, deps: LiveSocketDeps = {}): (() => void) => {
  const loadDevices = deps.loadDevices ?? dataProvider.getDevices;
  const loadPositions = deps.loadPositions ?? dataProvider.getLatestPositions;
  const loadDevice = deps.loadDevice ?? dataProvider.getDevice;
  const requested = new Set<number>();
  let stopped = false;
  // The socket's greeting (every latest position) can beat the first load of the devices: their
  // positions then wait for that load instead of asking for thousands of devices one by one.
  let loaded = false;

  const resync = async () => {
    try {
      const [devices, positions] = await Promise.all([loadDevices(), loadPositions()]);
      if (!stopped) store.resync(devices, positions);
    } catch (error) {
      console.info('live: resync failed', error);
    } finally {
      loaded = true;
    }
  };

  const unsubscribe = store.subscribe(({ unknownDeviceIds }) => {
    if (!loaded) return;
    const fresh = unknownDeviceIds.filter((id) => !requested.has(id));
    fresh.forEach((id) => requested.add(id));
    if (fresh.length > MAX_SINGLE_LOADS) {
      void resync();
      return;
    }
    fresh.forEach((id) => {
      loadDevice(id)
        .then((device) => device && !stopped && store.enqueue({ devices: [device] }))
        .catch(() => requested.delete(id));
    });
  });

  const socket = new ReconnectingWebSocket(deps.url ?? socketUrl(), [], {
    minReconnectionDelay: RECONNECT_MS,
    maxReconnectionDelay: RECONNECT_MS,
    reconnectionDelayGrowFactor: 1,
    connectionTimeout: 10_000,
    WebSocket: deps.WebSocket,
  });
  let openedBefore = false;
  socket.onopen = () => {
    deps.onStatus?.(true);
    if (openedBefore) void resync();
    openedBefore = true;
    attachLogsSender((text) => socket.send(text));
  };
  socket.onclose = () => {
    attachLogsSender(null);
    deps.onStatus?.(false);
  };
  socket.onmessage = (event: MessageEvent) => {
    const { logs, ...message } = parseMessage(event.data);
    if (logs?.length) deliverProtocolLogs(logs);
    if (!isEmptyMessage(message)) store.enqueue(message);
  };
  void resync();

  const stop = () => {
    stopped = true;
    attachLogsSender(null);
    unsubscribe();
    socket.close();
  };
  registerSocket({ close: stop });
  return () => {
    registerSocket(null);
    stop();
  };
};
