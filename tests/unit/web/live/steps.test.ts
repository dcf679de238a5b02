import { describe, expect, it } from 'vitest';
import {
  runInSlices,
  runSteps,
  sortInSteps,
  type Steps,
  timerQueue,
} from '../../../../src/live/steps';

/** A small deterministic generator of pseudo-random numbers. */
const seeded = (seed: number) => () => {
  seed = (seed * 1103515245 + 12345) % 2 ** 31;
  return seed / 2 ** 31;
};

describe('sortInSteps', () => {
  it('gives the native sort order for sizes around its runs, ties broken', () => {
    const next = seeded(7);
    for (const size of [0, 1, 2, 4095, 4096, 4097, 10_000, 20_001]) {
      const items = Array.from({ length: size }, (_, id) => ({
        id,
        key: Math.floor(next() * 500),
      }));
      const compare = (a: (typeof items)[number], b: (typeof items)[number]) =>
        a.key - b.key || a.id - b.id;
      const expected = [...items].sort(compare);
      expect(runSteps(sortInSteps([...items], compare))).toEqual(expected);
    }
  });

  it('yields while it merges, so a big sort can be spread over tasks', () => {
    const items = Array.from({ length: 50_000 }, (_, i) => (i * 7919) % 50_000);
    const steps = sortInSteps(items, (a, b) => a - b);
    let yields = 0;
    let result = steps.next();
    while (!result.done) {
      yields += 1;
      result = steps.next();
    }
    expect(yields).toBeGreaterThan(50);
    expect(result.value).toEqual(Array.from({ length: 50_000 }, (_, i) => i));
  });
});

describe('runInSlices', () => {
  function* counting(to: number, log: number[]): Steps<string> {
    for (let i = 0; i < to; i++) {
      log.push(i);
      yield;
    }
    return `counted ${to}`;
  }

  it('runs the steps in tasks after this one and hands over the result', async () => {
    const log: number[] = [];
    const result = await new Promise<string>((resolve) => {
      runInSlices(counting(5, log), resolve);
      // Nothing runs in the caller's task.
      expect(log).toEqual([]);
    });
    expect(result).toBe('counted 5');
    expect(log).toEqual([0, 1, 2, 3, 4]);
  });

  it('stops when cancelled, and never reports a result', async () => {
    let count = 0;
    function* endless(): Steps<never> {
      for (;;) {
        count += 1;
        yield;
      }
    }
    let done = false;
    // Timers: Node would deliver the job's own messages before the test's.
    const cancel = runInSlices(endless(), () => (done = true), timerQueue());
    await new Promise((resolve) => setTimeout(resolve, 30));
    cancel();
    const seen = count;
    expect(seen).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(count).toBe(seen);
    expect(done).toBe(false);
  });

  it('gives the thread back between slices', async () => {
    // Steps that take 2 ms each: a timer set at the start must fire before they all finish.
    function* slow(): Steps<number> {
      for (let i = 0; i < 40; i++) {
        const until = performance.now() + 2;
        while (performance.now() < until);
        yield;
      }
      return performance.now();
    }
    // Another task queued at the start (a message, as an input event or a socket's would be).
    let otherAt = Infinity;
    const other = new MessageChannel();
    other.port1.onmessage = () => {
      otherAt = performance.now();
      other.port1.close();
    };
    other.port2.postMessage(null);
    const finishedAt = await new Promise<number>((resolve) => runInSlices(slow(), resolve));
    expect(otherAt).toBeLessThan(finishedAt - 40);
  });
});
