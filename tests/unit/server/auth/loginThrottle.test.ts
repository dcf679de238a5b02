import { describe, expect, it } from 'vitest';
import { LoginThrottle, type LoginAttempt } from '../../../../server/auth/loginThrottle';

const SECOND = 1000;
const MINUTE = 60 * SECOND;

function throttle(options: Partial<ConstructorParameters<typeof LoginThrottle>[0]> = {}) {
  let now = 1_000_000;
  const t = new LoginThrottle({ now: () => now, ...options });
  return { t, advance: (ms: number) => (now += ms) };
}

/** A wrong password: the attempt is let through and never marked as succeeded. */
function fail(t: LoginThrottle, address: string, account: string): LoginAttempt {
  const attempt = t.attempt(address, account);
  expect(attempt.allowed).toBe(true);
  return attempt;
}

function succeed(t: LoginThrottle, address: string, account: string): void {
  const attempt = t.attempt(address, account);
  if (!attempt.allowed) throw new Error(`refused: retry after ${attempt.retryAfterSeconds}`);
  attempt.succeeded();
}

describe('LoginThrottle per account and address', () => {
  it('lets five failures through, then makes the pair wait 1 s, 2 s, 4 s … doubling', () => {
    const { t, advance } = throttle();
    for (let i = 0; i < 5; i++) fail(t, '10.0.0.1', 'Alice@x');
    expect(t.attempt('10.0.0.1', 'alice@X')).toEqual({ allowed: false, retryAfterSeconds: 1 });
    advance(SECOND);
    fail(t, '10.0.0.1', 'alice@x');
    expect(t.check('10.0.0.1', 'alice@x')).toEqual({ allowed: false, retryAfterSeconds: 2 });
    advance(2 * SECOND);
    fail(t, '10.0.0.1', 'alice@x');
    expect(t.check('10.0.0.1', 'alice@x')).toEqual({ allowed: false, retryAfterSeconds: 4 });
    advance(3 * SECOND);
    expect(t.check('10.0.0.1', 'alice@x')).toEqual({ allowed: false, retryAfterSeconds: 1 });
    advance(SECOND);
    expect(t.check('10.0.0.1', 'alice@x').allowed).toBe(true);
  });

  it('caps the wait at 15 minutes', () => {
    const { t, advance } = throttle();
    for (let i = 0; i < 40; i++) {
      const decision = t.check('10.0.0.1', 'alice');
      if (!decision.allowed) advance(decision.retryAfterSeconds * SECOND);
      fail(t, '10.0.0.1', 'alice');
    }
    expect(t.check('10.0.0.1', 'alice')).toEqual({ allowed: false, retryAfterSeconds: 15 * 60 });
  });

  it('never slows the owner at another address: guessing cannot lock an account', () => {
    const { t } = throttle();
    for (let i = 0; i < 5; i++) fail(t, '6.6.6.6', 'owner@x');
    expect(t.check('6.6.6.6', 'owner@x').allowed).toBe(false);
    // Many addresses guessing at once do not add up to a lock either.
    for (let a = 0; a < 50; a++) for (let i = 0; i < 5; i++) fail(t, `7.7.${a}.1`, 'owner@x');
    succeed(t, '192.168.1.10', 'owner@x');
    // Nor does the owner's sign-in elsewhere free the guessing address.
    expect(t.check('6.6.6.6', 'owner@x').allowed).toBe(false);
  });

  it('a right password forgives the pair', () => {
    const { t } = throttle();
    for (let i = 0; i < 4; i++) fail(t, '1.1.1.1', 'carol');
    succeed(t, '1.1.1.1', 'carol');
    for (let i = 0; i < 5; i++) fail(t, '1.1.1.1', 'carol');
    expect(t.check('1.1.1.1', 'carol').allowed).toBe(false);
  });

  it('counts attempts still in flight, so parallel guesses cannot all slip past the check', () => {
    const { t } = throttle();
    const inFlight = Array.from({ length: 10 }, () => t.attempt('2.2.2.2', 'dave'));
    expect(inFlight.filter((a) => a.allowed)).toHaveLength(5);
    expect(inFlight[5]).toEqual({ allowed: false, retryAfterSeconds: 1 });
  });

  it('forgets a pair a day after its last failure', () => {
    const { t, advance } = throttle();
    for (let i = 0; i < 5; i++) fail(t, '3.3.3.3', 'erin');
    advance(24 * 60 * MINUTE);
    for (let i = 0; i < 5; i++) fail(t, '3.3.3.3', 'erin');
  });
});

describe('LoginThrottle per address', () => {
  it('stops spraying: past 30 failures in 15 minutes an address is refused for new accounts', () => {
    const { t, advance } = throttle();
    for (let i = 0; i < 30; i++) fail(t, '1.2.3.4', `user${i}`);
    const refused = t.check('1.2.3.4', 'fresh-account');
    expect(refused).toEqual({ allowed: false, retryAfterSeconds: 15 * 60 });
    expect(t.check('5.6.7.8', 'fresh-account').allowed).toBe(true);
    advance(15 * MINUTE);
    expect(t.check('1.2.3.4', 'fresh-account').allowed).toBe(true);
  });

  it('still lets in accounts that signed in from the address before (shared NAT)', () => {
    const { t, advance } = throttle();
    succeed(t, '9.9.9.9', 'colleague@x');
    for (let i = 0; i < 30; i++) fail(t, '9.9.9.9', `victim${i}@x`);
    expect(t.check('9.9.9.9', 'stranger@x').allowed).toBe(false);
    succeed(t, '9.9.9.9', 'COLLEAGUE@x');
    // The trusted pair keeps its own per-pair brake.
    for (let i = 0; i < 5; i++) fail(t, '9.9.9.9', 'colleague@x');
    expect(t.check('9.9.9.9', 'colleague@x')).toEqual({ allowed: false, retryAfterSeconds: 1 });
    // Trust lasts 30 days after the last sign-in.
    advance(30 * 24 * 60 * MINUTE);
    for (let i = 0; i < 30; i++) fail(t, '9.9.9.9', `later${i}@x`);
    expect(t.check('9.9.9.9', 'colleague@x').allowed).toBe(false);
  });

  it('a right password does not use up the address budget', () => {
    const { t } = throttle();
    for (let i = 0; i < 29; i++) fail(t, '4.4.4.4', `u${i}`);
    for (let i = 0; i < 10; i++) succeed(t, '4.4.4.4', `ok${i}`);
    expect(t.check('4.4.4.4', 'another').allowed).toBe(true);
  });
});

describe('LoginThrottle memory', () => {
  it('forgets idle keys', () => {
    const { t, advance } = throttle();
    for (let i = 0; i < 50; i++) fail(t, `9.9.9.${i}`, `u${i}`);
    expect(t.size).toBe(100);
    advance(24 * 60 * MINUTE);
    fail(t, '8.8.8.8', 'new');
    expect(t.size).toBe(2);
  });

  it('holds at most maxEntries per table, dropping the oldest', () => {
    const { t } = throttle({ maxEntries: 10 });
    for (let i = 0; i < 25; i++) fail(t, `10.0.${i}.1`, `u${i}`);
    expect(t.size).toBe(20);
  });
});
