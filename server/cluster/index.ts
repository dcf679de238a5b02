import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { sql } from 'kysely';
import type { RedisTarget } from '../config';
import type { Db } from '../db/database';
import { LoginThrottle } from '../auth/loginThrottle';
import { RedisBus, type BusLog } from './bus';
import { SharedChangeFeed } from './changeFeed';
import { DbLease, type LeaseOptions } from './lease';
import { SharedLoginThrottle } from './throttle';

/**
 * Cluster mode (REDIS_URL, docs/scaling.md): what several instances on one PostgreSQL database
 * share through Redis, and the lease that picks who runs the jobs. Only the app's wiring
 * (`server/plugins/`) and `main.ts` use this folder; the rest of the server sees the small
 * interfaces it implements (`ChangeFeed`, `HubRelay`, `MessageLog`, `Throttle`, `Lease`).
 */
export interface Cluster {
  /** This process among the instances (host, pid and a random part): logs and lease rows. */
  readonly instanceId: string;
  readonly bus: RedisBus;
  readonly changes: SharedChangeFeed;
  /** The jobs lease: held by one instance at a time. */
  readonly lease: DbLease;
  /** The login throttle counting over every instance. */
  readonly throttle: SharedLoginThrottle;
  /** Releases the lease (so another instance takes over at once) and closes Redis. */
  close(): Promise<void>;
}

export interface ClusterOptions {
  lease?: LeaseOptions;
  /** How long start-up waits for the Redis subscription before serving without it (ms). */
  redisWaitMs?: number;
}

export function newInstanceId(): string {
  return `${os.hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`;
}

/**
 * Connects to Redis and takes part in the jobs lease. Channels and keys are named after the
 * database, so instances of one installation meet and another installation sharing the Redis
 * server (or a test run) stays apart.
 */
export async function startCluster(
  redis: RedisTarget,
  db: Db,
  log: BusLog,
  options: ClusterOptions = {},
): Promise<Cluster> {
  const instanceId = newInstanceId();
  const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(
    db.kysely,
  );
  const prefix = `frota:${rows[0].name}:`;
  const bus = new RedisBus(redis, instanceId, prefix, log);
  const changes = new SharedChangeFeed(bus);
  const lease = new DbLease(db, 'jobs', instanceId, log, options.lease);
  const throttle = new SharedLoginThrottle(bus.redis, prefix, new LoginThrottle(), log);
  log.info({ instance: instanceId }, 'cluster mode: several instances share this database');
  await bus.ready(options.redisWaitMs ?? 5000);
  return {
    instanceId,
    bus,
    changes,
    lease,
    throttle,
    async close() {
      await lease.stop();
      await bus.close();
    },
  };
}
