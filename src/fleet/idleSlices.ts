/** An idle period can last 50 ms; a slice stops well before, so it never reads as a long task. */
const SLICE_MS = 8;
/** Called by its timeout on a page that is never idle: a short slice still progresses. */
const TIMED_OUT_SLICE_MS = 4;

/**
 * Runs `work` in slices of idle time (or short timed slices where idle callbacks are missing)
 * until it returns true; returns a cancel function.
 */
export const inIdleSlices = (work: (more: () => boolean) => boolean): (() => void) => {
  let cancel = () => {};
  const step = (more: () => boolean) => {
    if (!work(more)) schedule();
  };
  const schedule = () => {
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback(
        (deadline) => {
          const end = performance.now() + (deadline.didTimeout ? TIMED_OUT_SLICE_MS : SLICE_MS);
          step(
            () => performance.now() < end && (deadline.didTimeout || deadline.timeRemaining() > 1),
          );
        },
        { timeout: 2_000 },
      );
      cancel = () => cancelIdleCallback(handle);
    } else {
      const handle = setTimeout(() => {
        const end = performance.now() + SLICE_MS;
        step(() => performance.now() < end);
      }, 50);
      cancel = () => clearTimeout(handle);
    }
  };
  schedule();
  return () => cancel();
};
