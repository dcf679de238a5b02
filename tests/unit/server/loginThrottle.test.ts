import { describe, expect, it } from 'vitest';
import { LoginThrottle } from '../../../server/auth/loginThrottle';

const MINUTE = 60_000;

function throttle() {
  let now = 1_000_000;
  const t = new LoginThrottle({
    windowMs: 15 * MINUTE,
    maxPerAccount: 10,
    maxPerAddress: 30,
    now: () => now,
  });
  return { t, advance: (ms: number) => (now += ms) };
}

describe('LoginThrottle', () => {
  it('blocks an account after 10 failures, whatever the address', () => {
    const { t } = throttle();
    for (let i = 0; i < 10; i++) {
      expect(t.check(`10.0.0.${i}`, 'Alice@x').allowed).toBe(true);
      t.recordFailure(`10.0.0.${i}`, 'Alice@x');
    }
    const decision = t.check('10.9.9.9', 'alice@X');
    expect(decision).toEqual({ allowed: false, retryAfterSeconds: 15 * 60 });
    expect(t.check('10.9.9.9', 'bob@x').allowed).toBe(true);
  });

  it('blocks an address after 30 failures across accounts', () => {
    const { t } = throttle();
    for (let i = 0; i < 30; i++) t.recordFailure('1.2.3.4', `user${i}`);
    expect(t.check('1.2.3.4', 'fresh-account').allowed).toBe(false);
    expect(t.check('5.6.7.8', 'fresh-account').allowed).toBe(true);
  });

  it('does not block below the limits', () => {
    const { t } = throttle();
    for (let i = 0; i < 9; i++) t.recordFailure('1.1.1.1', 'carol');
    expect(t.check('1.1.1.1', 'carol').allowed).toBe(true);
  });

  it('unblocks when failures leave the window, with a shrinking Retry-After', () => {
    const { t, advance } = throttle();
    for (let i = 0; i < 10; i++) {
      t.recordFailure('1.1.1.1', 'dave');
      advance(MINUTE);
    }
    // The first failure was 10 minutes ago: it leaves the window in 5 minutes.
    expect(t.check('1.1.1.1', 'dave')).toEqual({ allowed: false, retryAfterSeconds: 5 * 60 });
    advance(5 * MINUTE - 1000);
    expect(t.check('1.1.1.1', 'dave')).toEqual({ allowed: false, retryAfterSeconds: 1 });
    advance(1000);
    expect(t.check('1.1.1.1', 'dave').allowed).toBe(true);
  });

  it('a success clears the account counter but not the address counter', () => {
    const { t } = throttle();
    for (let i = 0; i < 9; i++) t.recordFailure('2.2.2.2', 'erin');
    t.recordSuccess('ERIN');
    t.recordFailure('2.2.2.2', 'erin');
    expect(t.check('3.3.3.3', 'erin').allowed).toBe(true);
    for (let i = 0; i < 20; i++) t.recordFailure('2.2.2.2', 'other');
    expect(t.check('2.2.2.2', 'erin').allowed).toBe(false);
  });

  it('forgets idle keys so memory stays bounded', () => {
    const { t, advance } = throttle();
    for (let i = 0; i < 50; i++) t.recordFailure(`9.9.9.${i}`, `u${i}`);
    expect(t.size).toBe(100);
    advance(16 * MINUTE);
    t.recordFailure('8.8.8.8', 'new');
    expect(t.size).toBe(2);
  });
});
