/**
 * A cluster instance's group-commit window: the base window while it takes the cluster's whole
 * feed or the cluster is quiet, and longer in proportion when the feed is spread over several
 * instances, each of which handles every batch.
 */
import { describe, expect, it } from 'vitest';
import { BatchWindow } from '../../../server/ingest/batchWindow';

function windowAt(start = 1_000_000) {
  const clock = { now: start };
  const window = new BatchWindow({ baseMs: 50, now: () => clock.now });
  /** Feeds `seconds` seconds of `own` and `remote` fixes a second, in 100 ms steps. */
  const run = (seconds: number, own: number, remote: number) => {
    for (let step = 0; step < seconds * 10; step++) {
      window.committed(own / 10);
      window.relayed(remote / 10);
      clock.now += 100;
    }
  };
  return { window, clock, run };
}

describe('the cluster batch window', () => {
  it('keeps the base window for an instance that takes the whole feed', () => {
    const { window, run } = windowAt();
    expect(window.delayMs()).toBe(50);
    run(5, 4000, 0);
    expect(window.delayMs()).toBe(50);
  });

  it('grows with the share of the feed other instances take', () => {
    const { window, run } = windowAt();
    run(5, 2000, 2000);
    expect(window.delayMs()).toBe(100);
    run(5, 1000, 3000);
    expect(window.delayMs()).toBe(200);
  });

  it('grows at most four times, also for an instance the balancer sends nothing', () => {
    const { window, run } = windowAt();
    run(5, 200, 7800);
    expect(window.delayMs()).toBe(200);
    run(5, 0, 4000);
    expect(window.delayMs()).toBe(200);
  });

  it('keeps the base window while the cluster is quiet, so a lone reply waits no longer', () => {
    const { window, run } = windowAt();
    run(5, 300, 300);
    expect(window.delayMs()).toBe(50);
  });

  it('forgets load older than a few seconds', () => {
    const { window, clock, run } = windowAt();
    run(5, 2000, 2000);
    expect(window.delayMs()).toBe(100);
    clock.now += 6_000;
    expect(window.delayMs()).toBe(50);
    run(5, 4000, 0);
    expect(window.delayMs()).toBe(50);
  });
});
