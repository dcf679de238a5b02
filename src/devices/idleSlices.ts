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
      const handle = requestIdleCallback((deadline) => step(() => deadline.timeRemaining() > 1), {
        timeout: 2_000,
      });
      cancel = () => cancelIdleCallback(handle);
    } else {
      const handle = setTimeout(() => {
        const end = performance.now() + 8;
        step(() => performance.now() < end);
      }, 50);
      cancel = () => clearTimeout(handle);
    }
  };
  schedule();
  return () => cancel();
};
