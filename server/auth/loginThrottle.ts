export interface ThrottleOptions {
  /** Wrong passwords one address may try on one account before delays start. */
  freeFailures: number;
  /** Wait after the first failure past the free ones; doubles with each further failure. */
  baseDelayMs: number;
  /** The longest wait for one account and address. */
  maxDelayMs: number;
  /** How long an account and address pair's failures are remembered after the last one. */
  pairMemoryMs: number;
  /** Window of the per-address budget. */
  addressWindowMs: number;
  /** Failures one address may make, over all accounts, within the window. */
  maxPerAddress: number;
  /** How long a sign-in keeps its account and address pair exempt from the address budget. */
  trustMs: number;
  /** Bound on each table, so a flood of new keys cannot exhaust memory. */
  maxEntries: number;
  now?: () => number;
}

export type ThrottleDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** An attempt let through: counted as a failure until `succeeded` says the password was right. */
export type LoginAttempt =
  | { allowed: true; succeeded(): void | Promise<void> }
  | { allowed: false; retryAfterSeconds: number };

/**
 * What sign-in and Basic credentials ask of the throttle: `LoginThrottle` below on one instance,
 * a Redis-backed one counting across instances in cluster mode (`server/cluster/throttle.ts`).
 */
export interface Throttle {
  /** Whether `address` may try a password for `account` now. */
  check(address: string, account: string): ThrottleDecision | Promise<ThrottleDecision>;
  /**
   * Checks, then counts the attempt as a failure straight away; call `succeeded` on the result
   * when the password was right.
   */
  attempt(address: string, account: string): LoginAttempt | Promise<LoginAttempt>;
}

const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;

export const defaultThrottleOptions: ThrottleOptions = {
  freeFailures: 5,
  baseDelayMs: 1000,
  maxDelayMs: 15 * MINUTE,
  pairMemoryMs: DAY,
  addressWindowMs: 15 * MINUTE,
  maxPerAddress: 30,
  trustMs: 30 * DAY,
  maxEntries: 100_000,
};

interface PairState {
  failures: number;
  last: number;
}

/**
 * Brake on password guessing that gives attackers no lockout switch:
 *
 * - per account and address: a few free failures, then a wait that doubles with every failure
 *   (1 s, 2 s, 4 s … up to 15 minutes). Only that pair waits: the owner signing in from
 *   anywhere else is not slowed by someone guessing elsewhere;
 * - per address: a budget of failures over all accounts stops spraying one password over many
 *   accounts. Past it, the address may still sign in to accounts that signed in from it before,
 *   so one bad actor behind a shared address (office, carrier NAT) cannot lock out everyone
 *   there.
 *
 * A refused attempt never reaches the password check, so it reveals nothing. Every attempt let
 * through counts as a failure at once and is forgiven if the password was right, so parallel
 * requests cannot all slip through before the first failure is recorded.
 *
 * State lives in memory: a restart forgives. Several instances count together through Redis
 * instead (`server/cluster/throttle.ts`, same rules), falling back to this one while Redis is away.
 */
export class LoginThrottle implements Throttle {
  private readonly options: ThrottleOptions;
  private readonly now: () => number;
  private readonly pairs = new Map<string, PairState>();
  private readonly addresses = new Map<string, number[]>();
  /** Account and address pairs that signed in, with the time of the last sign-in. */
  private readonly trusted = new Map<string, number>();
  private lastSweep = 0;

  constructor(options: Partial<ThrottleOptions> = {}) {
    this.options = { ...defaultThrottleOptions, ...options };
    this.now = options.now ?? Date.now;
  }

  /** Whether `address` may try a password for `account` now. */
  check(address: string, account: string): ThrottleDecision {
    const now = this.now();
    const key = pairKey(address, account);
    const wait = Math.max(this.pairWait(key, now), this.addressWait(address, key, now));
    return wait > 0
      ? { allowed: false, retryAfterSeconds: Math.ceil(wait / 1000) }
      : { allowed: true };
  }

  /**
   * Checks, then counts the attempt as a failure straight away; call `succeeded` on the result
   * when the password was right.
   */
  attempt(address: string, account: string): LoginAttempt {
    const decision = this.check(address, account);
    if (!decision.allowed) return decision;
    const now = this.now();
    this.sweep(now);
    const key = pairKey(address, account);
    const pair = this.pairs.get(key);
    this.pairs.delete(key); // re-inserted last: the map stays ordered oldest first
    this.pairs.set(key, { failures: (pair?.failures ?? 0) + 1, last: now });
    const times = this.recentFailures(address, now);
    times.push(now);
    this.addresses.delete(address);
    this.addresses.set(address, times.slice(-addressMemory(this.options.maxPerAddress)));
    this.bound(this.pairs);
    this.bound(this.addresses);
    return {
      allowed: true,
      succeeded: () => this.succeeded(address, key, now),
    };
  }

  private succeeded(address: string, key: string, at: number): void {
    this.pairs.delete(key);
    const times = this.addresses.get(address);
    const index = times ? times.lastIndexOf(at) : -1;
    if (times && index >= 0) times.splice(index, 1);
    this.trusted.delete(key);
    this.trusted.set(key, this.now());
    this.bound(this.trusted);
  }

  /** Milliseconds the pair must still wait; 0 when it may try. */
  private pairWait(key: string, now: number): number {
    const pair = this.pairs.get(key);
    if (!pair) return 0;
    const { freeFailures, baseDelayMs, maxDelayMs, pairMemoryMs } = this.options;
    if (now - pair.last >= pairMemoryMs) {
      this.pairs.delete(key);
      return 0;
    }
    if (pair.failures < freeFailures) return 0;
    // 2^exponent overflows to Infinity long after min() has capped it, so no guard is needed.
    const delay = Math.min(baseDelayMs * 2 ** (pair.failures - freeFailures), maxDelayMs);
    return Math.max(0, pair.last + delay - now);
  }

  /** Milliseconds until the address is back within its budget, unless the pair is trusted. */
  private addressWait(address: string, key: string, now: number): number {
    const times = this.recentFailures(address, now);
    const max = this.options.maxPerAddress;
    if (times.length < max) return 0;
    const trustedAt = this.trusted.get(key);
    if (trustedAt !== undefined) {
      if (now - trustedAt < this.options.trustMs) return 0;
      this.trusted.delete(key);
    }
    // Blocked until the failure that brought the count to the limit leaves the window.
    return times[times.length - max] + this.options.addressWindowMs - now;
  }

  private recentFailures(address: string, now: number): number[] {
    const times = this.addresses.get(address);
    if (!times) return [];
    const kept = times.filter((t) => t > now - this.options.addressWindowMs);
    if (kept.length === 0) this.addresses.delete(address);
    else if (kept.length !== times.length) this.addresses.set(address, kept);
    return kept;
  }

  /** Drops the oldest entries past the bound (maps iterate in insertion order). */
  private bound(map: Map<string, unknown>): void {
    for (const key of map.keys()) {
      if (map.size <= this.options.maxEntries) return;
      map.delete(key);
    }
  }

  /** Drops idle entries now and then so memory stays bounded by recent activity. */
  private sweep(now: number): void {
    if (now - this.lastSweep < this.options.addressWindowMs) return;
    this.lastSweep = now;
    for (const address of [...this.addresses.keys()]) this.recentFailures(address, now);
    for (const [key, pair] of this.pairs) {
      if (now - pair.last >= this.options.pairMemoryMs) this.pairs.delete(key);
    }
    for (const [key, at] of this.trusted) {
      if (now - at >= this.options.trustMs) this.trusted.delete(key);
    }
  }

  /** Entries held, for tests and diagnostics. */
  get size(): number {
    return this.pairs.size + this.addresses.size + this.trusted.size;
  }
}

/**
 * How many failures an address's list holds. Well above the budget: a success takes back only its
 * own attempt, so if recording that attempt had pushed an older failure out of a list kept at
 * the budget, every sign-in to one's own account would erase a failure, and signing in between
 * guesses would spray other accounts without end. With room to spare, a full list stays over the
 * budget whatever successes take back.
 */
export const addressMemory = (maxPerAddress: number): number => maxPerAddress * 4;

/** Account names compare case-insensitively, as sign-in matches them. */
export function pairKey(address: string, account: string): string {
  return `${address}\n${account.toLowerCase()}`;
}
