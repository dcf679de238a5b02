/**
 * The live protocol logs on the app's one socket: while at least one screen listens, the socket
 * asks the server for `{logs:[…]}` (`{"logs":true}`, again after every reconnection) and turns them
 * off when the last one leaves. The socket client plugs its sender in here, so screens need
 * nothing of the socket itself.
 */

/**
 * One frame as the server logged it (docs/traccar-api.md): a device's message, or one the server
 * sent a connected device (an acknowledgement or a command). Text protocols' data is the text;
 * binary protocols' is lower-case hex.
 */
export interface ProtocolLogRecord {
  host: string;
  protocol: string;
  uniqueId: string;
  /** 0 for a device the server does not know. */
  deviceId: number;
  data: string;
  /** The server sent this frame to the device; false for what the device sent. */
  outgoing: boolean;
}

type Listener = (records: ProtocolLogRecord[]) => void;

const listeners = new Set<Listener>();
let send: ((text: string) => void) | null = null;

const ask = (on: boolean) => send?.(JSON.stringify({ logs: on }));

/** Receives records from now on; the returned function stops (and turns logs off when last). */
export const subscribeProtocolLogs = (listener: Listener): (() => void) => {
  listeners.add(listener);
  if (listeners.size === 1) ask(true);
  return () => {
    if (!listeners.delete(listener)) return;
    if (listeners.size === 0) ask(false);
  };
};

/**
 * The socket client, once its socket is open (null when it closes): a socket that opens while
 * someone listens asks for logs at once.
 */
export const attachLogsSender = (sender: ((text: string) => void) | null): void => {
  send = sender;
  if (listeners.size > 0) ask(true);
};

/** The records of one socket message, handed to every listener. */
export const deliverProtocolLogs = (records: ProtocolLogRecord[]): void => {
  for (const listener of listeners) listener(records);
};

const text = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';

/** The records of a socket message's `logs`, each field read defensively. */
export const readLogRecords = (value: unknown): ProtocolLogRecord[] | undefined => {
  if (!Array.isArray(value)) return undefined;
  return value
    .filter((item): item is Record<string, unknown> => typeof item === 'object' && item !== null)
    .map((item) => ({
      host: text(item.host),
      protocol: text(item.protocol),
      uniqueId: text(item.uniqueId),
      deviceId: typeof item.deviceId === 'number' ? item.deviceId : 0,
      data: text(item.data),
      // Only Frota marks the frames it sends; a record without the key is one it received.
      outgoing: item.outgoing === true,
    }));
};
