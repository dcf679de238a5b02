import type { AudienceCache } from './audience';
import type { LiveSocket } from './hub';

/**
 * The live protocol logs (docs/traccar-api.md, `/api/socket`): a socket that sent `{logs:true}`
 * receives `{logs:[{host, protocol, uniqueId, deviceId, data}]}` for each message a device sends
 * (and, marked `outgoing`, each frame the server sends a connected device),
 * until it sends `{logs:false}` or closes. A record of a known device goes to the users who see
 * it; one naming an unknown device to administrators only; one naming no device to nobody.
 *
 * Bounded so a flood of device messages can neither stall a socket nor pile up memory: records
 * wait for delivery at most `maxPending` deep, each socket gets at most one message per
 * `flushMs` carrying at most `maxQueued` records (the rest are dropped), and nothing more is
 * sent to a socket whose outgoing buffer already holds `maxBuffered` bytes.
 */

/** A message as a protocol listener reports it (`protocol/messageLog.ts`). */
export interface LogMessage {
  host: string;
  protocol: string;
  uniqueId: string | null;
  data: string;
  outgoing?: boolean;
}

/** The socket as the logs need it; `bufferedAmount` is what it has not sent yet. */
export interface LogSocket extends LiveSocket {
  readonly bufferedAmount?: number;
}

/** The id of the device with this `uniqueId`, or null for an unknown one. */
export type FindDeviceId = (uniqueId: string) => number | null | Promise<number | null>;

export interface LiveLogsLog {
  error(object: unknown, message?: string): void;
}

export interface LiveLogsOptions {
  flushMs?: number;
  maxQueued?: number;
  maxPending?: number;
  maxBuffered?: number;
  now?: () => number;
}

interface Listener {
  userId: number;
  administrator: boolean;
  queue: string[];
  lastFlush: number;
  timer: NodeJS.Timeout | null;
}

export class LiveLogs {
  private readonly listeners = new Map<LogSocket, Listener>();
  private chain: Promise<void> = Promise.resolve();
  private pending = 0;
  private readonly flushMs: number;
  private readonly maxQueued: number;
  private readonly maxPending: number;
  private readonly maxBuffered: number;
  private readonly now: () => number;
  private readonly startListeners: (() => void)[] = [];

  constructor(
    private readonly audience: Pick<AudienceCache, 'get'>,
    private readonly findDeviceId: FindDeviceId,
    private readonly log: LiveLogsLog,
    options: LiveLogsOptions = {},
  ) {
    this.flushMs = options.flushMs ?? 200;
    this.maxQueued = options.maxQueued ?? 100;
    this.maxPending = options.maxPending ?? 1000;
    this.maxBuffered = options.maxBuffered ?? 1024 * 1024;
    this.now = options.now ?? Date.now;
  }

  /** Whether any socket wants logs: the protocol listeners build no record otherwise. */
  get active(): boolean {
    return this.listeners.size > 0;
  }

  /** The socket receives records from now on (again `true` just refreshes who it is). */
  start(socket: LogSocket, user: { id: number; administrator: boolean }): void {
    const listener = this.listeners.get(socket);
    if (listener) {
      listener.userId = user.id;
      listener.administrator = user.administrator;
      return;
    }
    this.listeners.set(socket, {
      userId: user.id,
      administrator: user.administrator,
      queue: [],
      lastFlush: 0,
      timer: null,
    });
    for (const listener of this.startListeners) listener();
  }

  /** Runs `listener` whenever a socket starts receiving (other instances then send theirs). */
  onStart(listener: () => void): void {
    this.startListeners.push(listener);
  }

  /** The socket receives no more records; what waited for it is dropped. */
  stop(socket: LogSocket): void {
    const listener = this.listeners.get(socket);
    if (!listener) return;
    if (listener.timer) clearTimeout(listener.timer);
    this.listeners.delete(socket);
  }

  /** One received message; returns at once and never throws. */
  record(message: LogMessage): void {
    if (this.listeners.size === 0 || this.pending >= this.maxPending) return;
    this.pending++;
    // Chained so records reach each socket in the order the messages arrived.
    this.chain = this.chain
      .then(() => this.deliver(message))
      .catch((error: unknown) => this.log.error({ err: error }, 'live log delivery failed'))
      .finally(() => this.pending--);
  }

  /** Settles once every record handed over so far is queued on its sockets (tests). */
  async idle(): Promise<void> {
    await this.chain;
  }

  close(): void {
    for (const socket of [...this.listeners.keys()]) this.stop(socket);
  }

  private async deliver(message: LogMessage): Promise<void> {
    if (this.listeners.size === 0 || message.uniqueId === null) return;
    const deviceId = await this.findDeviceId(message.uniqueId);
    const viewers = deviceId === null ? null : new Set(await this.audience.get(deviceId));
    const text = JSON.stringify({
      host: message.host,
      protocol: message.protocol,
      uniqueId: message.uniqueId,
      deviceId: deviceId ?? 0,
      data: message.data,
      // Frota's addition: frames the server sent are shown too; Traccar's clients ignore the key.
      ...(message.outgoing ? { outgoing: true } : {}),
    });
    for (const [socket, listener] of this.listeners) {
      if (viewers ? viewers.has(listener.userId) : listener.administrator) {
        this.enqueue(socket, listener, text);
      }
    }
  }

  private enqueue(socket: LogSocket, listener: Listener, text: string): void {
    if (listener.queue.length >= this.maxQueued) return;
    listener.queue.push(text);
    if (listener.timer) return;
    // A trickle goes out at once; a flood is gathered into one message per window.
    const wait = listener.lastFlush + this.flushMs - this.now();
    if (wait <= 0) {
      this.flush(socket, listener);
    } else {
      listener.timer = setTimeout(() => {
        listener.timer = null;
        this.flush(socket, listener);
      }, wait);
      listener.timer.unref();
    }
  }

  private flush(socket: LogSocket, listener: Listener): void {
    const records = listener.queue;
    listener.queue = [];
    listener.lastFlush = this.now();
    if (records.length === 0 || (socket.bufferedAmount ?? 0) > this.maxBuffered) return;
    try {
      socket.send(`{"logs":[${records.join(',')}]}`, { binary: false });
    } catch {
      // A socket that cannot take data is closing; its close event stops its logs.
    }
  }
}
