import type { Redis, RedisOptions } from 'ioredis';
import type { RedisTarget } from '../config';
import { newRedis } from './redis';

/**
 * The instances' message bus: Redis pub/sub, one subscriber connection for every channel and one
 * connection for publishing and commands (docs/scaling.md). Every message is prefixed with its
 * sender's instance id, so an instance skips its own (it already acted on them locally) without
 * parsing them.
 *
 * Redis down: publishing drops messages (the command connection queues nothing, so memory cannot
 * grow while it is away), the subscriber reconnects by itself, and once it is subscribed again
 * the `onResync` listeners run: messages sent meanwhile were missed, so what mirrors other
 * instances must be read again.
 */

export interface BusLog {
  info(object: unknown, message?: string): void;
  warn(object: unknown, message?: string): void;
  error(object: unknown, message?: string): void;
}

/** What the rest of the cluster code needs from the bus (tests substitute their own). */
export interface Bus {
  readonly instanceId: string;
  /** Sends `payload` to the other instances' handlers of `channel`; dropped while Redis is away. */
  publish(channel: string, payload: string): void;
  /** Handles other instances' messages on `channel` (one handler per channel). */
  subscribe(channel: string, handler: (payload: string) => void): void;
  /**
   * `subscribe` with each payload as bytes, nothing decoded. They are the client's, valid during
   * the call only: a handler copies what it keeps.
   */
  subscribeBytes(channel: string, handler: (payload: Buffer) => void): void;
  /** Runs after the subscription came back from a drop (messages may have been missed). */
  onResync(listener: () => void): () => void;
}

const SEPARATOR = '|';

/** Waits between reconnection attempts: quick at first, then every 2 s. */
const retryStrategy = (times: number) => Math.min(times * 100, 2000);

export class RedisBus implements Bus {
  /** Commands (counters) and publishing. */
  readonly redis: Redis;
  private readonly sub: Redis;
  /** Per channel, the handler of a message whose payload starts at `at`. */
  private readonly handlers = new Map<string, (message: Buffer, at: number) => void>();
  private readonly resyncListeners = new Set<() => void>();
  private readonly own: string;
  private readonly ownBytes: Buffer;
  /** The subscriber has been subscribed once: a later subscription is a recovery. */
  private subscribedOnce = false;
  /** Set when the subscriber's connection dropped, cleared when it is subscribed again. */
  private down = false;
  private dropped = 0;
  private closing = false;
  private readyWaiters: (() => void)[] = [];
  private subscribed = false;

  constructor(
    target: RedisTarget,
    readonly instanceId: string,
    /** Namespace of every channel and key, so deployments sharing a Redis stay apart. */
    readonly prefix: string,
    private readonly log: BusLog,
  ) {
    this.own = instanceId + SEPARATOR;
    this.ownBytes = Buffer.from(this.own);
    const common: RedisOptions = {
      retryStrategy,
      connectTimeout: 5000,
      // A command fails at once while disconnected instead of waiting for a reconnection: the
      // callers (throttle, publishing) have a fallback and must not hold a request.
      maxRetriesPerRequest: 0,
    };
    this.redis = newRedis(target, {
      ...common,
      enableOfflineQueue: false,
      connectionName: `frota-${instanceId}`,
    });
    this.sub = newRedis(target, {
      ...common,
      // Subscriptions are renewed by `subscribeAll`, which then knows when they are back.
      autoResubscribe: false,
      connectionName: `frota-${instanceId}-sub`,
    });
    this.redis.on('error', () => {
      // Reported once per outage by the subscriber's handlers below.
    });
    this.sub.on('error', (err: unknown) => {
      if (!this.down && this.subscribedOnce && !this.closing) {
        this.log.warn({ err }, 'redis unreachable');
      }
    });
    this.sub.on('close', () => this.lost());
    this.sub.on('ready', () => void this.subscribeAll());
    // As buffers: a message of this instance's own (Redis echoes each one to its sender too,
    // often a whole batch) is recognised from its first bytes and never decoded.
    this.sub.on('messageBuffer', (channel: Buffer, message: Buffer) =>
      this.receive(channel, message),
    );
  }

  publish(channel: string, payload: string): void {
    if (this.redis.status !== 'ready') {
      this.dropped++;
      return;
    }
    // As bytes: a batch's text, built by joining its parts, is flattened once here and dropped at
    // once; while the client holds the message until it is written, it stays off the JavaScript
    // heap, where every garbage collection in between would have copied it.
    this.redis.publish(this.prefix + channel, Buffer.from(this.own + payload)).catch(() => {
      this.dropped++;
    });
  }

  subscribe(channel: string, handler: (payload: string) => void): void {
    this.listen(channel, (message, at) => handler(message.toString('utf8', at)));
  }

  subscribeBytes(channel: string, handler: (payload: Buffer) => void): void {
    this.listen(channel, (message, at) => handler(message.subarray(at)));
  }

  private listen(channel: string, handler: (message: Buffer, at: number) => void): void {
    this.handlers.set(this.prefix + channel, handler);
    if (this.subscribed) {
      this.sub.subscribe(this.prefix + channel).catch((err: unknown) => {
        this.log.error({ err, channel }, 'redis subscribe failed');
      });
    }
  }

  onResync(listener: () => void): () => void {
    this.resyncListeners.add(listener);
    return () => this.resyncListeners.delete(listener);
  }

  /**
   * Settles once the subscriber is subscribed (start-up waits for it, with a limit). Past the
   * limit the instance starts without Redis, and its first subscription counts as a recovery:
   * what was loaded meanwhile may have missed other instances' changes.
   */
  ready(timeoutMs: number): Promise<boolean> {
    if (this.subscribed) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        if (!this.subscribedOnce) {
          this.subscribedOnce = true;
          this.down = true;
          this.log.warn(
            'redis unreachable at start: serving without live updates from other instances until it answers',
          );
        }
        resolve(false);
      }, timeoutMs);
      this.readyWaiters.push(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }

  /** Whether the subscription is up (live updates from other instances flow). */
  get connected(): boolean {
    return this.subscribed;
  }

  /**
   * Resolves when Redis answers on both connections (readiness): a PING on the command one, and
   * the subscriber subscribed, since an instance deaf to the others' changes serves stale caches.
   */
  async ping(): Promise<void> {
    if (!this.subscribed) throw new Error('redis subscription down');
    await this.redis.ping();
  }

  async close(): Promise<void> {
    this.closing = true;
    this.sub.disconnect();
    await this.redis.quit().catch(() => this.redis.disconnect());
  }

  private lost(): void {
    this.subscribed = false;
    if (this.down || this.closing || !this.subscribedOnce) return;
    this.down = true;
    this.dropped = 0;
    this.log.warn(
      'redis connection lost: serving on, live updates and changes from other instances paused until it is back',
    );
  }

  private async subscribeAll(): Promise<void> {
    const channels = [...this.handlers.keys()];
    try {
      if (channels.length > 0) await this.sub.subscribe(...channels);
    } catch (err) {
      // The connection dropped again; the next `ready` retries.
      this.log.warn({ err }, 'redis subscribe failed');
      return;
    }
    this.subscribed = true;
    const recovered = this.subscribedOnce;
    this.subscribedOnce = true;
    this.down = false;
    for (const wake of this.readyWaiters.splice(0)) wake();
    if (!recovered) {
      this.log.info({ instance: this.instanceId }, 'redis subscription ready');
      return;
    }
    this.log.info(
      { dropped: this.dropped },
      'redis subscription back: re-reading shared state and resending it to the sockets',
    );
    for (const listener of this.resyncListeners) {
      try {
        listener();
      } catch (err) {
        this.log.error({ err }, 'resync failed');
      }
    }
  }

  private receive(channel: Buffer, message: Buffer): void {
    const own = this.ownBytes;
    if (message.length >= own.length && own.equals(message.subarray(0, own.length))) return;
    const handler = this.handlers.get(channel.toString());
    if (!handler) return;
    const at = message.indexOf(SEPARATOR);
    try {
      handler(message, at + 1);
    } catch (err) {
      this.log.error({ err, channel }, 'cluster message failed');
    }
  }
}
