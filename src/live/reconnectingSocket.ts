/**
 * A WebSocket that opens again after it closes, waiting as `delayAfter` says: the live socket's
 * waits depend on why it closed (a restarting server instance, or an outage) and on how many
 * attempts in a row have failed, which a general-purpose reconnecting client does not expose.
 */
export interface ReconnectingSocketOptions {
  url: string;
  /** How long to wait before the next attempt. `failures` counts the closes since a connection
   *  last stayed open `STABLE_AFTER_MS`, this one included (1 after a long-lived connection). */
  delayAfter: (closeCode: number, failures: number) => number;
  onOpen: () => void;
  onClose: () => void;
  onMessage: (data: unknown) => void;
  /** The WebSocket class (tests pass a fake). */
  WebSocket?: typeof WebSocket;
}

/** An attempt still not open after this long is given up and counts as a failure. */
export const CONNECT_TIMEOUT_MS = 10_000;
/** A connection open this long is a success: the next close starts the count again. */
export const STABLE_AFTER_MS = 5_000;

export interface ReconnectingSocket {
  /** Sends on the open connection; dropped while there is none. */
  send(text: string): void;
  /** Closes for good. */
  close(): void;
}

export function openReconnectingSocket(options: ReconnectingSocketOptions): ReconnectingSocket {
  const Socket = options.WebSocket ?? WebSocket;
  let current: WebSocket | null = null;
  let failures = 0;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const connect = () => {
    const socket = new Socket(options.url);
    current = socket;
    timer = setTimeout(() => socket.close(), CONNECT_TIMEOUT_MS);
    socket.onopen = () => {
      if (socket !== current) return;
      clearTimeout(timer);
      timer = setTimeout(() => (failures = 0), STABLE_AFTER_MS);
      options.onOpen();
    };
    socket.onmessage = (event: MessageEvent) => {
      if (socket === current) options.onMessage(event.data);
    };
    socket.onclose = (event: CloseEvent) => {
      if (socket !== current) return;
      clearTimeout(timer);
      current = null;
      options.onClose();
      if (stopped) return;
      failures += 1;
      timer = setTimeout(connect, options.delayAfter(event.code, failures));
    };
  };
  connect();

  return {
    send: (text) => {
      if (current?.readyState === Socket.OPEN) current.send(text);
    },
    close: () => {
      stopped = true;
      clearTimeout(timer);
      current?.close();
    },
  };
}
