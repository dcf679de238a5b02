/**
 * How long an instance of a cluster gathers fixes into one batch (docs/scaling.md, "A batch in
 * cluster mode").
 *
 * Every instance reads and fans out every batch the cluster commits, so a batch's fixed costs
 * (its relay message, a socket message per user, the lock statement) are paid on every instance.
 * With the same window everywhere, N instances sharing one feed would each write batches 1/N as
 * full, and the cluster would make N times the batches one instance makes for that feed. So,
 * while the cluster is busy, the window is the base window times the cluster's fix rate over this
 * instance's (about the number of instances the balancer spreads the feed over), at most
 * `maxFactor` times: batches hold about what one instance's would, and the cluster makes about as
 * many. A quiet cluster keeps the base window, so a lone fix's reply waits no longer than on one
 * instance.
 */
export interface BatchWindowOptions {
  /** The window of one instance alone (ms). */
  baseMs: number;
  /** The window grows at most to this many times the base. Default 4. */
  maxFactor?: number;
  /** Below this many fixes a second in the whole cluster, the base window is kept. Default 1,000. */
  busyRate?: number;
  now?: () => number;
}

/** Rates are counted over the last few whole seconds. */
const SLOTS = 5;
const SLOT_MS = 1000;

export class BatchWindow {
  private readonly own = new Float64Array(SLOTS);
  private readonly remote = new Float64Array(SLOTS);
  /** Which second each slot counts; a slot from an older second is reset before use. */
  private readonly second = new Float64Array(SLOTS).fill(-1);
  private readonly baseMs: number;
  private readonly maxFactor: number;
  private readonly busyRate: number;
  private readonly now: () => number;

  constructor(options: BatchWindowOptions) {
    this.baseMs = options.baseMs;
    this.maxFactor = options.maxFactor ?? 4;
    this.busyRate = options.busyRate ?? 1000;
    this.now = options.now ?? Date.now;
  }

  /** Fixes this instance committed. */
  committed(count: number): void {
    this.own[this.slot()] += count;
  }

  /** Fixes another instance committed (its relayed batch). */
  relayed(count: number): void {
    this.remote[this.slot()] += count;
  }

  /** The window now (ms). */
  delayMs(): number {
    const current = Math.floor(this.now() / SLOT_MS);
    let own = 0;
    let remote = 0;
    for (let i = 0; i < SLOTS; i++) {
      if (current - this.second[i] >= SLOTS) continue;
      own += this.own[i];
      remote += this.remote[i];
    }
    const total = own + remote;
    if (total < this.busyRate * SLOTS) return this.baseMs;
    const factor = own > 0 ? total / own : this.maxFactor;
    return this.baseMs * Math.min(this.maxFactor, Math.max(1, factor));
  }

  private slot(): number {
    const second = Math.floor(this.now() / SLOT_MS);
    const index = second % SLOTS;
    if (this.second[index] !== second) {
      this.second[index] = second;
      this.own[index] = 0;
      this.remote[index] = 0;
    }
    return index;
  }
}
