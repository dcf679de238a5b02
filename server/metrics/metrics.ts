import { createHash, timingSafeEqual } from 'node:crypto';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { PoolState } from '../db/database';
import type { IngestMetrics } from '../ingest/ingest';
import { DELIVERY_CHANNELS, type DeliveryChannel } from '../notifications/channels';
import type { SubmitOutcome } from '../protocol/shared/sink';

/**
 * The Prometheus metrics of one app (`GET /metrics`; every metric is described in
 * docs/scaling.md, "Metrics and configuration"). Each app has its own registry, so several apps in
 * one process (the tests) keep their counts apart. Counting a fix is a few map lookups: no label
 * names a device or a user, so the number of series stays fixed whatever the fleet's size.
 */

/** The `reason` a refused fix is counted under, for each outcome that stores nothing. */
const REFUSALS: Record<Exclude<SubmitOutcome['kind'], 'stored'> | 'error', string> = {
  duplicate: 'duplicate',
  unknown: 'unknown_device',
  rejected: 'impossible',
  busy: 'busy',
  unavailable: 'database_unavailable',
  error: 'error',
};

/** The notificators whose messages are counted: the web app, the delivery channels, commands. */
export const NOTIFICATION_CHANNELS = [
  'web',
  'mail',
  'telegram',
  'sms',
  'firebase',
  'command',
] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** A probe at scrape time that takes longer than this counts as failed. */
const PROBE_TIMEOUT_MS = 2_000;

/** What the gauges read when Prometheus scrapes; each is absent where the app has no such part. */
export interface Observed {
  /** Fixes waiting for their batch to be written. */
  ingestQueue?: () => number;
  /** Live sockets open on this instance. */
  websocketClients?: () => number;
  /** A trivial query, resolving once the database answered. */
  databasePing?: () => Promise<unknown>;
  databasePool?: () => PoolState;
  /** Cluster mode: a PING to Redis. */
  redisPing?: () => Promise<unknown>;
  /** Cluster mode: whether the subscription carrying other instances' updates is up. */
  redisSubscribed?: () => boolean;
  /** Cluster mode: whether this instance holds the jobs lease. */
  leaseHeld?: () => boolean;
}

/**
 * Whether an `Authorization` header carries `Bearer <token>`. Both sides are hashed first, so the
 * comparison takes the same time whatever the given value's length and content.
 */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(match ? match[1] : ''), digest(token)) && match !== null;
}

/** Resolves with the seconds `probe` took, or null when it failed or ran past the timeout. */
async function timed(probe: () => Promise<unknown>): Promise<number | null> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('probe timed out')), PROBE_TIMEOUT_MS);
  });
  try {
    await Promise.race([probe(), timeout]);
    return (performance.now() - started) / 1000;
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}

export class Metrics implements IngestMetrics {
  readonly registry = new Registry();
  private readonly received: Counter<'protocol'>;
  private readonly stored: Counter<'protocol'>;
  private readonly refused: Counter<'protocol' | 'reason'>;
  private readonly batchSeconds: Histogram;
  private readonly batchFixes: Histogram;
  private readonly batchFailures: Counter;
  private readonly relaySeconds: Histogram;
  private readonly deliverySeconds: Histogram;
  private readonly notificationsSent: Counter<'channel'>;
  private readonly notificationsFailed: Counter<'channel'>;
  /** Children of the labelled counters, by label values: the per-fix path skips their hashing. */
  private readonly children = new Map<string, Counter.Internal>();

  /** `protocols`: every protocol a fix may come in by, so each has its series from the start. */
  constructor(protocols: readonly string[]) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry, prefix: 'frota_' });
    this.received = new Counter({
      name: 'frota_fixes_received_total',
      help: 'Decoded device fixes handed to ingest, by protocol (stored or not).',
      labelNames: ['protocol'],
      registers,
    });
    this.stored = new Counter({
      name: 'frota_fixes_stored_total',
      help: 'Device fixes stored (their batch committed), by protocol.',
      labelNames: ['protocol'],
      registers,
    });
    this.refused = new Counter({
      name: 'frota_fixes_refused_total',
      help: 'Device fixes not stored, by protocol and reason: duplicate, unknown_device, impossible, busy, database_unavailable, error.',
      labelNames: ['protocol', 'reason'],
      registers,
    });
    for (const protocol of protocols) {
      this.received.inc({ protocol }, 0);
      this.stored.inc({ protocol }, 0);
    }
    this.batchSeconds = new Histogram({
      name: 'frota_ingest_batch_write_seconds',
      help: "Time of each ingest batch's database transaction (positions, events, device rows), committed or failed.",
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    this.batchFixes = new Histogram({
      name: 'frota_ingest_batch_fixes',
      help: 'Fixes written by each ingest batch.',
      buckets: [0, 1, 5, 10, 25, 50, 100, 250, 500],
      registers,
    });
    this.batchFailures = new Counter({
      name: 'frota_ingest_batch_failures_total',
      help: 'Ingest batches whose transaction failed (their fixes were not stored).',
      registers,
    });
    // From a few milliseconds to the latency bound a live map is held to, and past it.
    const liveBuckets = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.2, 0.3, 0.5, 1, 2.5];
    this.relaySeconds = new Histogram({
      name: 'frota_live_relay_seconds',
      help: 'Cluster mode: time from another instance publishing a committed batch to its receipt here (the two clocks compared).',
      buckets: liveBuckets,
      registers,
    });
    this.deliverySeconds = new Histogram({
      name: 'frota_live_delivery_seconds',
      help: "Time from a batch's hand-over to the live fan-out (committed here or received) to its messages' writing to this instance's sockets.",
      buckets: liveBuckets,
      registers,
    });
    this.notificationsSent = new Counter({
      name: 'frota_notifications_sent_total',
      help: 'Event notifications delivered, by channel (web: copies handed to the live sockets; command: commands queued).',
      labelNames: ['channel'],
      registers,
    });
    this.notificationsFailed = new Counter({
      name: 'frota_notifications_failed_total',
      help: 'Event notifications not delivered (channel not configured or delivery failed), by channel.',
      labelNames: ['channel'],
      registers,
    });
    for (const channel of NOTIFICATION_CHANNELS) this.notificationsSent.inc({ channel }, 0);
    // Web copies and commands are handed over in memory: only the delivery channels fail.
    for (const channel of DELIVERY_CHANNELS) this.notificationsFailed.inc({ channel }, 0);
  }

  /** The exposition text and its content type. */
  async exposition(): Promise<{ contentType: string; text: string }> {
    return { contentType: this.registry.contentType, text: await this.registry.metrics() };
  }

  private child(counter: Counter<string>, key: string, ...values: string[]): Counter.Internal {
    let child = this.children.get(key);
    if (!child) {
      child = counter.labels(...values);
      this.children.set(key, child);
    }
    return child;
  }

  fixReceived(protocol: string): void {
    this.child(this.received, `r\0${protocol}`, protocol).inc();
  }

  fixSettled(protocol: string, outcome: SubmitOutcome['kind'] | 'error'): void {
    if (outcome === 'stored') {
      this.child(this.stored, `s\0${protocol}`, protocol).inc();
    } else {
      const reason = REFUSALS[outcome];
      this.child(this.refused, `f\0${protocol}\0${reason}`, protocol, reason).inc();
    }
  }

  batchWritten(seconds: number, fixes: number, committed: boolean): void {
    this.batchSeconds.observe(seconds);
    this.batchFixes.observe(fixes);
    if (!committed) this.batchFailures.inc();
  }

  batchRelayed(seconds: number): void {
    // Clocks of two machines can disagree by more than the lag itself.
    this.relaySeconds.observe(Math.max(0, seconds));
  }

  batchDelivered(seconds: number): void {
    this.deliverySeconds.observe(seconds);
  }

  notificationSent(channel: NotificationChannel, count = 1): void {
    this.notificationsSent.inc({ channel }, count);
  }

  notificationFailed(channel: DeliveryChannel): void {
    this.notificationsFailed.inc({ channel });
  }

  /** Adds the gauges read at scrape time, for the parts this app has. Called once. */
  observe(observed: Observed): void {
    const registers = [this.registry];
    const { ingestQueue, websocketClients, databasePing, databasePool } = observed;
    const { redisPing, redisSubscribed, leaseHeld } = observed;
    if (ingestQueue) {
      new Gauge({
        name: 'frota_ingest_queue_depth',
        help: 'Fixes accepted and waiting for their batch to be written.',
        registers,
        collect() {
          this.set(ingestQueue());
        },
      });
    }
    if (websocketClients) {
      new Gauge({
        name: 'frota_websocket_clients',
        help: 'Live sockets (/api/socket) open on this instance.',
        registers,
        collect() {
          this.set(websocketClients());
        },
      });
    }
    if (databasePool) {
      new Gauge({
        name: 'frota_database_pool_connections',
        help: 'PostgreSQL connections of this instance, by state: open, idle, max (DATABASE_POOL_MAX).',
        labelNames: ['state'],
        registers,
        collect() {
          const pool = databasePool();
          this.set({ state: 'open' }, pool.open);
          this.set({ state: 'idle' }, pool.idle);
          this.set({ state: 'max' }, pool.max);
        },
      });
      new Gauge({
        name: 'frota_database_pool_waiting',
        help: 'Queries waiting for a PostgreSQL connection of this instance.',
        registers,
        collect() {
          this.set(databasePool().waiting);
        },
      });
    }
    // After the pool's gauges: the registry reads every metric in order within one turn, and
    // the probe's own connection would otherwise show as a query waiting.
    if (databasePing) this.probe('database', 'the database', databasePing);
    if (redisPing) this.probe('redis', 'Redis', redisPing);
    if (redisSubscribed) {
      new Gauge({
        name: 'frota_redis_subscribed',
        help: "1 while the subscription carrying the other instances' updates is up, else 0.",
        registers,
        collect() {
          this.set(redisSubscribed() ? 1 : 0);
        },
      });
    }
    if (leaseHeld) {
      new Gauge({
        name: 'frota_cluster_lease_held',
        help: "1 while this instance holds the jobs lease (runs the cluster's jobs), else 0.",
        registers,
        collect() {
          this.set(leaseHeld() ? 1 : 0);
        },
      });
    }
  }

  /**
   * `frota_<name>_up` and `frota_<name>_ping_seconds`, measured when scraped: the ping's time is
   * NaN when it failed, so no stale value passes for a current one.
   */
  private probe(name: string, what: string, ping: () => Promise<unknown>): void {
    const registers = [this.registry];
    // The registry reads every metric at once, both gauges' `collect` in the same turn of the
    // event loop: they share that scrape's one probe.
    let last: Promise<number | null> | null = null;
    const measure = () => (last ??= timed(ping).finally(() => setImmediate(() => (last = null))));
    new Gauge({
      name: `frota_${name}_up`,
      help: `1 when ${what} answered a probe at this scrape within ${PROBE_TIMEOUT_MS} ms, else 0.`,
      registers,
      async collect() {
        this.set((await measure()) === null ? 0 : 1);
      },
    });
    new Gauge({
      name: `frota_${name}_ping_seconds`,
      help: `Time ${what} took to answer a probe at this scrape (NaN when it did not).`,
      registers,
      async collect() {
        this.set((await measure()) ?? Number.NaN);
      },
    });
  }
}
