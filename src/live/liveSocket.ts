import type { Device } from '../../model/device';
import type { Position } from '../../model/position';
import { dataProvider } from '../dataProvider';
import { isEmptyMessage, parseMessage } from './parseMessage';
import { attachLogsSender, deliverProtocolLogs } from './protocolLogs';
import { openReconnectingSocket } from './reconnectingSocket';
import { registerSocket } from '../authProvider/socketRegistry';
import type { LiveStore } from './store';

/** The first reconnection comes within this long of the socket closing… */
export const RECONNECT_BASE_MS = 5000;
/** …each further failed one waits up to twice as long, up to this. */
export const RECONNECT_MAX_MS = 60_000;

/**
 * How long to wait before reconnection `attempt` (1 for the first after a close): exponential
 * backoff with jitter, a random time in the upper half of `min(base · 2^(attempt−1), max)`. A
 * restarted server is not met by every open browser at the same instant (all of them used to come
 * back exactly 5 s later), nor retried every few seconds while it stays down; the jitter spreads
 * them, and the lower half stays out so no client hammers it at once.
 */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** (Math.max(1, attempt) - 1));
  return ceiling / 2 + (random() * ceiling) / 2;
}

/**
 * Close codes of a server instance that is stopping (WebSocket's "service restart", and "going
 * away"): the session is still good and another instance is up behind the balancer, so the
 * client reconnects within `RESTART_RECONNECT_MS` instead of backing off (docs/scaling.md,
 * "Health, readiness and draining").
 */
export const RESTART_CLOSE_CODES: ReadonlySet<number> = new Set([1012, 1001]);
/** Clients told of a restart come back spread over this long, not all in the same instant. */
export const RESTART_RECONNECT_MS = 1000;

/** More unknown devices than this at once are loaded with one full resync, not one by one. */
export const MAX_SINGLE_LOADS = 20;

interface LiveSocketDeps {
  url?: string;
  loadDevices?: () => Promise<Device[]>;
  loadPositions?: () => Promise<Position[]>;
  loadDevice?: (id: number) => Promise<Device | undefined>;
  onStatus?: (connected: boolean) => void;
  /** The signed-in user's account was saved, here or elsewhere. */
  onUserChanged?: () => void;
  /** The server settings or a brand were saved, here or elsewhere. */
  onServerChanged?: () => void;
  /** The WebSocket class (tests pass a fake). */
  WebSocket?: typeof WebSocket;
  /** The jitter's source of randomness (tests pass a fixed one). */
  random?: () => number;
}

const socketUrl = (location: Location = window.location): string =>
  `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/socket`;

/** How long a (re)connection waits for the socket's greeting before asking REST for positions. */
export const GREETING_WAIT_MS = 10_000;

/**
 * Opens `/api/socket` into the store. Every connection, the first included, loads the devices
 * over REST and takes the positions from the socket's greeting (its first messages: every latest
 * position, as Traccar sends), applied together as one resync; so fixes missed while
 * disconnected are not lost (the original did not resync), and a big fleet's positions are
 * fetched and parsed once, not twice. Should the greeting not come (a socket that cannot open),
 * REST supplies the positions. Positions of devices the store does not know fetch that device.
 */
export const startLiveSocket = (store: LiveStore, deps: LiveSocketDeps = {}): (() => void) => {
  const loadDevices = deps.loadDevices ?? dataProvider.getDevices;
  const loadPositions = deps.loadPositions ?? dataProvider.getLatestPositions;
  const loadDevice = deps.loadDevice ?? dataProvider.getDevice;
  const requested = new Set<number>();
  let stopped = false;
  // Until the first resync, positions of devices not yet known wait for it instead of asking for
  // thousands of devices one by one.
  let loaded = false;
  /** The current connection's greeting while it is awaited: it resolves that connection's resync. */
  let awaiting: {
    /** The parts of the greeting received so far (a big fleet's comes in several messages). */
    parts: Position[][];
    greet: (positions: Position[]) => void;
    fallback: () => void;
    cancel: () => void;
  } | null = null;

  const resync = async (positions: Promise<Position[]>) => {
    try {
      const [devices, latest] = await Promise.all([loadDevices(), positions]);
      if (!stopped) store.resync(devices, latest);
    } catch (error) {
      console.info('live: resync failed', error);
    } finally {
      loaded = true;
    }
  };

  /**
   * The positions of a (re)connection: its greeting, or REST's list if the greeting is late or
   * the connection closed before it came.
   */
  const connectionPositions = (): Promise<Position[]> => {
    awaiting?.fallback();
    return new Promise<Position[]>((resolve, reject) => {
      const settle = () => {
        clearTimeout(timer);
        if (awaiting === entry) awaiting = null;
      };
      const entry = {
        parts: [] as Position[][],
        greet: (positions: Position[]) => {
          settle();
          resolve(positions);
        },
        fallback: () => {
          settle();
          loadPositions().then(resolve, reject);
        },
        cancel: settle,
      };
      const timer = setTimeout(entry.fallback, GREETING_WAIT_MS);
      awaiting = entry;
    });
  };

  const unsubscribe = store.subscribe(({ unknownDeviceIds }) => {
    if (!loaded) return;
    const fresh = unknownDeviceIds.filter((id) => !requested.has(id));
    fresh.forEach((id) => requested.add(id));
    if (fresh.length > MAX_SINGLE_LOADS) {
      void resync(loadPositions());
      return;
    }
    fresh.forEach((id) => {
      loadDevice(id)
        .then((device) => device && !stopped && store.enqueue({ devices: [device] }))
        .catch(() => requested.delete(id));
    });
  });

  const random = deps.random ?? Math.random;
  let openedBefore = false;
  const socket = openReconnectingSocket({
    url: deps.url ?? socketUrl(),
    WebSocket: deps.WebSocket,
    // A restarting instance's clients come back at once, spread over a second; an attempt that
    // fails closes with another code, so an outage still backs off.
    delayAfter: (code, failures) =>
      RESTART_CLOSE_CODES.has(code)
        ? random() * RESTART_RECONNECT_MS
        : reconnectDelay(failures, random),
    onOpen: () => {
      deps.onStatus?.(true);
      if (openedBefore) void resync(connectionPositions());
      openedBefore = true;
      attachLogsSender((text) => socket.send(text));
    },
    onClose: () => {
      attachLogsSender(null);
      deps.onStatus?.(false);
    },
    onMessage: (data) => {
      const { logs, complete, userChanged, serverChanged, more, ...message } = parseMessage(data);
      if (logs?.length) deliverProtocolLogs(logs);
      if (userChanged) deps.onUserChanged?.();
      if (serverChanged) deps.onServerChanged?.();
      if (complete && !awaiting) {
        // The whole set: devices missing from it (lost while updates could not reach us) go.
        store.resync(message.devices ?? [], message.positions ?? []);
        return;
      }
      if (awaiting && message.positions) {
        // The connection's first positions: the greeting, applied with the devices' load once
        // its last part is in. Each part was parsed in a task of its own.
        const { positions, ...rest } = message;
        awaiting.parts.push(positions);
        if (!more) awaiting.greet(awaiting.parts.flat());
        if (!isEmptyMessage(rest)) store.enqueue(rest);
        return;
      }
      if (!isEmptyMessage(message)) store.enqueue(message);
    },
  });
  void resync(connectionPositions());

  const stop = () => {
    stopped = true;
    awaiting?.cancel();
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
