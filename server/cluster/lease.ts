import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import type { Db } from '../db/database';

/**
 * Who runs the cluster's jobs (billing, status timeouts, QR driver timers, scheduled work,
 * clean-ups): the holder of a lease, so exactly one instance at a time does (docs/scaling.md).
 * One instance holds it always (`LocalLease`); several share a row in PostgreSQL (`DbLease`).
 */
export interface Lease {
  /**
   * Whether this instance may act now. Checked before every run and between the steps of a long
   * one: a holder that could not renew in time stops acting before anyone else may take over.
   */
  readonly held: boolean;
  /** Runs `listener` each time this instance becomes the holder (a takeover runs jobs at once). */
  onAcquired(listener: () => void): () => void;
}

/** One instance: it holds the lease for good. */
export class LocalLease implements Lease {
  readonly held = true;

  onAcquired(): () => void {
    return () => {};
  }
}

export interface LeaseLog {
  info(object: unknown, message?: string): void;
  warn(object: unknown, message?: string): void;
}

export interface LeaseOptions {
  /** How long a renewal keeps the lease (ms). Default 15 s. */
  ttlMs?: number;
  /** How often the holder renews, and the others try to take it (ms). Default 3 s. */
  renewMs?: number;
}

/** The database's clock in epoch ms: every instance reads expiry by the same clock. */
const DB_NOW_MS = sql<number>`(extract(epoch from clock_timestamp()) * 1000)::bigint`;
/** Room for the renewal's round trip and timer delays: the holder stops this much earlier. */
const SAFETY_MS = 2000;

/**
 * A lease in PostgreSQL (`cluster_leases`): an instance takes the row when it is free or expired
 * and renews it every `renewMs`; it expires `ttlMs` after the last renewal. The holder counts its
 * own `ttlMs` from the moment it SENT the renewal (on its monotonic clock), minus a margin, so it
 * always believes it holds the lease for less time than the database grants: when it dies or
 * loses the database, another instance takes over at most `ttlMs + renewMs` later, and by then it
 * has stopped acting. Graceful shutdown releases the row at once.
 */
export class DbLease implements Lease {
  private validUntil = 0;
  private timer: NodeJS.Timeout | null = null;
  private readonly listeners = new Set<() => void>();
  private readonly ttlMs: number;
  private readonly renewMs: number;
  private running: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    readonly name: string,
    readonly holder: string,
    private readonly log: LeaseLog,
    options: LeaseOptions = {},
  ) {
    this.ttlMs = options.ttlMs ?? 15_000;
    this.renewMs = options.renewMs ?? 3000;
  }

  get held(): boolean {
    return performance.now() < this.validUntil;
  }

  onAcquired(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Tries now, then every `renewMs`; settles after the first try. */
  async start(): Promise<void> {
    this.timer ??= setInterval(() => void this.tick(), this.renewMs).unref();
    await this.tick();
  }

  /** Stops renewing and frees the row so another instance takes over without waiting. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
    const wasHeld = this.held;
    this.validUntil = 0;
    if (!wasHeld) return;
    try {
      await sql`delete from cluster_leases where name = ${this.name} and holder = ${this.holder}`.execute(
        this.db.kysely,
      );
    } catch (err) {
      this.log.warn({ err, lease: this.name }, 'lease release failed');
    }
  }

  private tick(): Promise<void> {
    this.running ??= this.renew().finally(() => (this.running = null));
    return this.running;
  }

  private async renew(): Promise<void> {
    const sent = performance.now();
    const wasHeld = this.held;
    let won: boolean;
    try {
      const result = await sql<{ holder: string }>`
        insert into cluster_leases (name, holder, expires)
        values (${this.name}, ${this.holder}, ${DB_NOW_MS} + ${this.ttlMs})
        on conflict (name) do update set holder = excluded.holder, expires = excluded.expires
        where cluster_leases.holder = excluded.holder or cluster_leases.expires < ${DB_NOW_MS}
        returning holder`.execute(this.db.kysely);
      won = result.rows.length > 0;
    } catch (err) {
      // Unknown outcome: keep what was granted before; it runs out by itself.
      if (wasHeld) this.log.warn({ err, lease: this.name }, 'lease renewal failed');
      return;
    }
    if (!won) {
      if (wasHeld) this.log.warn({ lease: this.name }, 'lease lost to another instance');
      this.validUntil = 0;
      return;
    }
    this.validUntil = sent + this.ttlMs - SAFETY_MS;
    if (wasHeld) return;
    this.log.info(
      { lease: this.name, instance: this.holder },
      'this instance holds the jobs lease',
    );
    for (const listener of this.listeners) listener();
  }
}
