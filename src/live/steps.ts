import { createInputYield } from './inputPriority';

/**
 * Work over the whole fleet done a piece at a time: a generator that yields between pieces and
 * returns its result. Run at once (`runSteps`) it is the plain computation; run in slices
 * (`runInSlices`) a fleet of 100,000 devices no longer holds the page for a third of a second
 * while the map opens. docs/live-map.md.
 */
export type Steps<T> = Generator<void, T, void>;

/** Items a loop handles between yields: a few dozen microseconds, cheap to resume. */
export const PIECE = 1024;

/** Runs `steps` to the end in this task. */
export const runSteps = <T>(steps: Steps<T>): T => {
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
};

/** A slice stops well short of a long task (50 ms), and sooner when a keystroke waits. */
const SLICE_MS = 8;

/** Where a job's slices queue as tasks of their own. */
export interface TaskQueue {
  post(run: () => void): void;
  close(): void;
}

/**
 * A message to ourselves, as React's scheduler does: timers are clamped to 4 ms between nested
 * calls. (Node, unlike browsers, delivers a port's messages before anything else queued: tests
 * that need other tasks to run meanwhile pass `timerQueue`.)
 */
const messageQueue = (): TaskQueue => {
  if (typeof MessageChannel !== 'function') return timerQueue();
  const channel = new MessageChannel();
  let next: (() => void) | null = null;
  channel.port1.onmessage = () => {
    const run = next;
    next = null;
    run?.();
  };
  return {
    post: (run) => {
      next = run;
      channel.port2.postMessage(null);
    },
    close: () => channel.port1.close(),
  };
};

export const timerQueue = (): TaskQueue => {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    post: (run) => {
      timer = setTimeout(run, 0);
    },
    close: () => clearTimeout(timer),
  };
};

/**
 * Runs `steps` in short tasks until it returns, then hands its result to `done`; returns a cancel
 * function, after which no step runs.
 */
export const runInSlices = <T>(
  steps: Steps<T>,
  done: (value: T) => void,
  queue: TaskQueue = messageQueue(),
): (() => void) => {
  let cancelled = false;
  const yieldToInput = createInputYield();
  const slice = () => {
    if (cancelled) return;
    const end = performance.now() + SLICE_MS;
    for (;;) {
      const next = steps.next();
      if (next.done) {
        queue.close();
        done(next.value);
        return;
      }
      if (cancelled) return;
      if (performance.now() >= end || yieldToInput()) break;
    }
    queue.post(slice);
  };
  queue.post(slice);
  return () => {
    cancelled = true;
    queue.close();
  };
};

/** Runs of this many items are sorted natively before the merges. */
const RUN = 4096;

/**
 * `items` sorted by `compare`, yielding as it goes: runs sorted by the engine, then merged
 * pairwise. `compare` must be a total order (ties broken), so the result is the native sort's.
 * Sorts `items` in place only in part: use the returned array.
 */
export function* sortInSteps<T>(items: T[], compare: (a: T, b: T) => number): Steps<T[]> {
  const n = items.length;
  for (let from = 0; from < n; from += RUN) {
    const run = items.slice(from, from + RUN).sort(compare);
    for (let i = 0; i < run.length; i++) items[from + i] = run[i];
    yield;
  }
  let source = items;
  let target = new Array<T>(n);
  let count = 0;
  for (let width = RUN; width < n; width *= 2) {
    for (let low = 0; low < n; low += 2 * width) {
      const middle = Math.min(low + width, n);
      const high = Math.min(low + 2 * width, n);
      let i = low;
      let j = middle;
      let out = low;
      while (i < middle && j < high) {
        target[out++] = compare(source[j], source[i]) < 0 ? source[j++] : source[i++];
        if (++count === PIECE) {
          count = 0;
          yield;
        }
      }
      while (i < middle) target[out++] = source[i++];
      while (j < high) target[out++] = source[j++];
    }
    [source, target] = [target, source];
  }
  return source;
}
