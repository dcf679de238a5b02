/**
 * Runs `callback` in a task once the next frame has been painted, so heavy work lands after the
 * frame that shows the change that asked for it. Returns a cancel function.
 */
export const afterNextPaint = (callback: () => void): (() => void) => {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(callback, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
};
