import { Redis, type RedisOptions } from 'ioredis';
import type { RedisTarget } from '../config';

/**
 * The ioredis options of one connection: what the connection asks for itself (`own`), plus the
 * sentinels when there are. Every connection to Redis is made here, so they all follow a
 * failover the same way.
 */
export function redisOptions(target: RedisTarget, own: RedisOptions): RedisOptions {
  if (!target.sentinel) return own;
  const { sentinels, name, password } = target.sentinel;
  return {
    ...own,
    sentinels,
    name,
    ...(password !== null ? { sentinelPassword: password } : {}),
    // Told by the sentinels when the master changes, rather than finding out when a write fails.
    failoverDetector: true,
    // A master demoted under a connection refuses writes: reconnecting asks the sentinels anew.
    reconnectOnError: (error) => error.message.startsWith('READONLY'),
  };
}

/** A connection to cluster mode's Redis; `own` as in `redisOptions`. */
export function newRedis(target: RedisTarget, own: RedisOptions): Redis {
  return new Redis(target.url, redisOptions(target, own));
}
