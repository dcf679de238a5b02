import type {
  FastifyRateLimitOptions,
  FastifyRateLimitStore,
  FastifyRateLimitStoreCtor,
} from '@fastify/rate-limit';
import LocalStore from '@fastify/rate-limit/store/LocalStore.js';
import RedisStore from '@fastify/rate-limit/store/RedisStore.js';
import type { Redis } from 'ioredis';

export interface RateLimitLog {
  warn(object: unknown, message?: string): void;
}

type Incr = FastifyRateLimitStore['incr'];
type RouteOptions = Parameters<FastifyRateLimitStore['child']>[0];

/** Counts in Redis; while Redis cannot answer, counts on this instance instead. */
class Resilient implements FastifyRateLimitStore {
  constructor(
    private readonly shared: FastifyRateLimitStore,
    private readonly local: FastifyRateLimitStore,
    private readonly unreachable: (err: unknown) => void,
  ) {}

  incr(...[key, callback, timeWindow, max]: Parameters<Incr>): void {
    this.shared.incr(
      key,
      (error, result) => {
        if (!error) return callback(null, result);
        this.unreachable(error);
        this.local.incr(key, callback, timeWindow, max);
      },
      timeWindow,
      max,
    );
  }

  child(routeOptions: RouteOptions): FastifyRateLimitStore {
    return new Resilient(
      this.shared.child(routeOptions),
      this.local.child(routeOptions),
      this.unreachable,
    );
  }
}

/**
 * The rate limits' store in cluster mode (docs/scaling.md): the plugin's own Redis store on the
 * cluster's connection, so
 * every instance counts the same requests, under the installation's key prefix. While Redis is
 * away each instance counts its own (a limit that keeps working, never an error for the client
 * nor an open door), as the login throttle does.
 */
export function rateLimitStore(redis: Redis, prefix: string, log: RateLimitLog) {
  let warnedAt = 0;
  const unreachable = (err: unknown) => {
    const now = Date.now();
    if (now - warnedAt < 60_000) return;
    warnedAt = now;
    log.warn({ err }, 'rate limits: redis unreachable, counting on this instance only');
  };
  /** The plugin hands a store its settings: the window's rules and the local cache's size. */
  interface StoreSettings {
    continueExceeding?: boolean;
    exponentialBackoff?: boolean;
    cache?: number;
  }
  const Store: FastifyRateLimitStoreCtor = class extends Resilient {
    constructor(options: FastifyRateLimitOptions) {
      const { continueExceeding, exponentialBackoff, cache } = options as StoreSettings;
      super(
        new RedisStore(continueExceeding, exponentialBackoff, redis, `${prefix}ratelimit:`),
        new LocalStore(continueExceeding, exponentialBackoff, cache),
        unreachable,
      );
    }
  };
  return Store;
}
