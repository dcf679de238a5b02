/**
 * Typing gets its frame. Frame work that can wait (the live store's flush, the marker canvas)
 * asks its `yieldToInput()` in each animation-frame callback: while keystrokes keep landing
 * since it last asked, it moves to the next frame, so the frame that shows a keystroke carries
 * nothing else. It never waits more than `MAX_WAIT_MS`, so continuous typing cannot starve it.
 */
const FRESH_MS = 50;
const MAX_WAIT_MS = 50;

let inputs = 0;
let lastInputAt = -Infinity;

if (typeof document !== 'undefined') {
  document.addEventListener(
    'input',
    () => {
      inputs += 1;
      lastInputAt = performance.now();
    },
    { capture: true, passive: true },
  );
}

export const createInputYield = () => {
  let seen = inputs;
  let waitingSince: number | null = null;
  return (): boolean => {
    const time = performance.now();
    const fresh = inputs !== seen && time - lastInputAt < FRESH_MS;
    seen = inputs;
    if (fresh && (waitingSince === null || time - waitingSince < MAX_WAIT_MS)) {
      waitingSince ??= time;
      return true;
    }
    waitingSince = null;
    return false;
  };
};
