import type { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { parseConfig, redisTarget, type RedisTarget } from '../../../../server/config';
import { newRedis } from '../../../../server/cluster/redis';

/**
 * What ioredis ends up with for each configuration: the clients are made by the function the
 * cluster's bus uses, not connected (`lazyConnect`), and their resolved options are read.
 */

const made: Redis[] = [];
afterEach(() => {
  for (const redis of made.splice(0)) redis.disconnect();
});

function client(env: Record<string, string>): Redis {
  const target = redisTarget(parseConfig({ DATABASE_URL: 'postgres://p/db', ...env }));
  const redis = newRedis(target as RedisTarget, { lazyConnect: true, connectionName: 'test' });
  made.push(redis);
  return redis;
}

describe('Redis connection options', () => {
  it('connects to the server REDIS_URL names', () => {
    const { options } = client({ REDIS_URL: 'redis://user:pw@redis.internal:6390/3' });
    expect(options).toMatchObject({
      host: 'redis.internal',
      port: 6390,
      username: 'user',
      password: 'pw',
      db: 3,
      connectionName: 'test',
    });
    expect(options.sentinels).toBeFalsy();
  });

  it("asks the sentinels for the master, with REDIS_URL's password, database and TLS", () => {
    const { options } = client({
      REDIS_URL: 'rediss://:master-pw@ignored/1',
      REDIS_SENTINELS: 's1:26379,s2:26380',
      REDIS_SENTINEL_NAME: 'frota',
      REDIS_SENTINEL_PASSWORD: 'sentinel-pw',
    });
    expect(options).toMatchObject({
      sentinels: [
        { host: 's1', port: 26379 },
        { host: 's2', port: 26380 },
      ],
      name: 'frota',
      sentinelPassword: 'sentinel-pw',
      password: 'master-pw',
      db: 1,
      failoverDetector: true,
      connectionName: 'test',
    });
    expect(options.tls).toBeTruthy();
    // A master demoted under the connection refuses writes: reconnecting finds the new one.
    const readonly = new Error("READONLY You can't write against a read only replica.");
    expect(options.reconnectOnError?.(readonly)).toBe(true);
    expect(options.reconnectOnError?.(new Error('ERR unknown command'))).toBe(false);
  });

  it('sends no sentinel password when none is set', () => {
    const { options } = client({
      REDIS_URL: 'redis://ignored',
      REDIS_SENTINELS: 's1',
      REDIS_SENTINEL_NAME: 'frota',
    });
    expect(options.sentinelPassword).toBeUndefined();
    expect(options.password ?? null).toBeNull();
  });
});
