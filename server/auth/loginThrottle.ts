interface ThrottleOptions {
  windowMs: number;
  /** Failures per account (lower-cased login name) within the window before blocking. */
  maxPerAccount: number;
  /** Failures per client address within the window before blocking. */
  maxPerAddress: number;
  now?: () => number;
}

type ThrottleDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

const defaultThrottleOptions: ThrottleOptions = {
  windowMs: 15 * 60 * 1000,
  maxPerAccount: 10,
  maxPerAddress: 30,
};

/**
 * Sliding-window limiter for failed logins. Counting per account stops guessing one password
 * from many addresses; counting per address stops spraying many accounts from one. In memory:
 * a restart forgives, which is acceptable for a brake (not a lockout).
 */
export class LoginThrottle {
  private readonly failures = new Map<string, number[]>();
  private readonly now: () => number;
  private lastSweep = 0;

  constructor(private readonly options: ThrottleOptions = defaultThrottleOptions) {
    this.now = options.now ?? Date.now;
  }

  check(address: string, account: string): ThrottleDecision {
    const now = this.now();
    const waits = [
      this.wait(`a:${address}`, this.options.maxPerAddress, now),
      this.wait(`u:${account.toLowerCase()}`, this.options.maxPerAccount, now),
    ];
    const wait = Math.max(...waits);
    return wait > 0
      ? { allowed: false, retryAfterSeconds: Math.ceil(wait / 1000) }
      : { allowed: true };
  }

  recordFailure(address: string, account: string): void {
    const now = this.now();
    this.sweep(now);
    this.push(`a:${address}`, this.options.maxPerAddress, now);
    this.push(`u:${account.toLowerCase()}`, this.options.maxPerAccount, now);
  }

  /** A right password proves the account owner is here; the address count stays. */
  recordSuccess(account: string): void {
    this.failures.delete(`u:${account.toLowerCase()}`);
  }

  /** Milliseconds until the key drops below its limit; 0 when not blocked. */
  private wait(key: string, max: number, now: number): number {
    const times = this.recent(key, now);
    if (times.length < max) return 0;
    // Blocked until the failure that brought the count to the limit leaves the window.
    return times[times.length - max] + this.options.windowMs - now;
  }

  private recent(key: string, now: number): number[] {
    const times = this.failures.get(key);
    if (!times) return [];
    const kept = times.filter((t) => t > now - this.options.windowMs);
    if (kept.length === 0) this.failures.delete(key);
    else if (kept.length !== times.length) this.failures.set(key, kept);
    return kept;
  }

  private push(key: string, max: number, now: number): void {
    const times = this.recent(key, now);
    times.push(now);
    // Only the newest `max` failures decide a block, so older ones need not be kept.
    this.failures.set(key, times.slice(-max));
  }

  /** Drops idle keys now and then so memory stays bounded by recent attackers. */
  private sweep(now: number): void {
    if (now - this.lastSweep < this.options.windowMs) return;
    this.lastSweep = now;
    for (const key of [...this.failures.keys()]) this.recent(key, now);
  }

  /** For tests and diagnostics. */
  get size(): number {
    return this.failures.size;
  }
}
