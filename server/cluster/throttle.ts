import type { Redis } from 'ioredis';
import {
  addressMemory,
  defaultThrottleOptions,
  LoginThrottle,
  pairKey,
  type LoginAttempt,
  type Throttle,
  type ThrottleDecision,
  type ThrottleOptions,
} from '../auth/loginThrottle';

/**
 * The login throttle of several instances: the same rules as `LoginThrottle` (per account and
 * address, doubling waits after the free failures; a per-address budget that trusted pairs
 * escape), with the counts in Redis so every instance sees every attempt. Each check-and-count is
 * one Lua script, atomic across instances, so parallel attempts on two instances cannot both slip
 * through. Keys expire with the rules' own memory, so Redis holds only recent activity.
 *
 * While Redis cannot be reached, the instance's own in-memory throttle takes over (a brake that
 * keeps working, never a lockout and never an open door).
 */

export interface ThrottleLog {
  warn(object: unknown, message?: string): void;
}

/**
 * KEYS: pair hash {f: failures, l: last}, address sorted set (score: time), trust key.
 * ARGV: now, attempt (1) or check (0), freeFailures, baseDelayMs, maxDelayMs, pairMemoryMs,
 * addressWindowMs, maxPerAddress, trustMs, member id for the address set, how many failures the
 * address set holds (`addressMemory`: above the budget, so a success never erases a failure).
 * Returns {allowed 1|0, wait ms}.
 */
const SCRIPT = `
local now = tonumber(ARGV[1])
local attempt = ARGV[2] == '1'
local free, base, maxDelay = tonumber(ARGV[3]), tonumber(ARGV[4]), tonumber(ARGV[5])
local pairMemory, window, maxPer = tonumber(ARGV[6]), tonumber(ARGV[7]), tonumber(ARGV[8])
local trustMs = tonumber(ARGV[9])

local wait = 0
local failures = tonumber(redis.call('HGET', KEYS[1], 'f') or '0')
local last = tonumber(redis.call('HGET', KEYS[1], 'l') or '0')
if failures > 0 and now - last >= pairMemory then
  redis.call('DEL', KEYS[1])
  failures = 0
end
if failures >= free then
  local delay = math.min(base * math.pow(2, failures - free), maxDelay)
  wait = math.max(0, last + delay - now)
end

redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now - window)
local count = redis.call('ZCARD', KEYS[2])
if count >= maxPer then
  local trusted = tonumber(redis.call('GET', KEYS[3]) or '-1')
  if not (trusted >= 0 and now - trusted < trustMs) then
    local at = redis.call('ZRANGE', KEYS[2], count - maxPer, count - maxPer, 'WITHSCORES')
    wait = math.max(wait, tonumber(at[2]) + window - now)
  end
end

if wait > 0 then return {0, wait} end
if attempt then
  redis.call('HSET', KEYS[1], 'f', failures + 1, 'l', now)
  redis.call('PEXPIRE', KEYS[1], pairMemory)
  redis.call('ZADD', KEYS[2], now, ARGV[10])
  redis.call('ZREMRANGEBYRANK', KEYS[2], 0, -(tonumber(ARGV[11]) + 1))
  redis.call('PEXPIRE', KEYS[2], window)
end
return {1, 0}
`;

export class SharedLoginThrottle implements Throttle {
  private readonly options: ThrottleOptions;
  private readonly now: () => number;
  private sequence = 0;
  private warnedAt = 0;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly fallback: LoginThrottle,
    private readonly log: ThrottleLog,
    options: Partial<ThrottleOptions> = {},
  ) {
    this.options = { ...defaultThrottleOptions, ...options };
    this.now = options.now ?? Date.now;
  }

  async check(address: string, account: string): Promise<ThrottleDecision> {
    try {
      const [allowed, wait] = await this.run(address, account, false, '');
      return allowed ? { allowed: true } : denied(wait);
    } catch (err) {
      this.unreachable(err);
      return this.fallback.check(address, account);
    }
  }

  async attempt(address: string, account: string): Promise<LoginAttempt> {
    const member = `${this.now()}:${process.pid}:${this.sequence++}:${Math.random()}`;
    let result: [number, number];
    try {
      result = await this.run(address, account, true, member);
    } catch (err) {
      this.unreachable(err);
      return this.fallback.attempt(address, account);
    }
    const [allowed, wait] = result;
    if (!allowed) return denied(wait);
    return { allowed: true, succeeded: () => this.succeeded(address, account, member) };
  }

  private keys(address: string, account: string): [string, string, string] {
    const pair = pairKey(address, account);
    const base = `${this.prefix}throttle:`;
    return [`${base}pair:${pair}`, `${base}address:${address}`, `${base}trust:${pair}`];
  }

  private async run(
    address: string,
    account: string,
    attempt: boolean,
    member: string,
  ): Promise<[number, number]> {
    const o = this.options;
    const result = (await this.redis.eval(
      SCRIPT,
      3,
      ...this.keys(address, account),
      this.now(),
      attempt ? 1 : 0,
      o.freeFailures,
      o.baseDelayMs,
      o.maxDelayMs,
      o.pairMemoryMs,
      o.addressWindowMs,
      o.maxPerAddress,
      o.trustMs,
      member,
      addressMemory(o.maxPerAddress),
    )) as [number, number];
    return [Number(result[0]), Number(result[1])];
  }

  /** A right password: the pair's failures are forgiven, the address's one attempt too. */
  private async succeeded(address: string, account: string, member: string): Promise<void> {
    const [pair, addressKey, trust] = this.keys(address, account);
    try {
      await this.redis
        .multi()
        .del(pair)
        .zrem(addressKey, member)
        .set(trust, this.now(), 'PX', this.options.trustMs)
        .exec();
    } catch (err) {
      this.unreachable(err);
    }
  }

  private unreachable(err: unknown): void {
    const now = Date.now();
    if (now - this.warnedAt < 60_000) return;
    this.warnedAt = now;
    this.log.warn({ err }, 'login throttle: redis unreachable, counting on this instance only');
  }
}

function denied(waitMs: number): ThrottleDecision & { allowed: false } {
  return { allowed: false, retryAfterSeconds: Math.ceil(waitMs / 1000) };
}
