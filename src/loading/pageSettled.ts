/** Longest wait for the opened page to say it works (one that never does must not hold all back). */
const MAX_WAIT_MS = 5_000;

let markReady: () => void = () => undefined;
const ready = new Promise<void>((resolve) => {
  markReady = resolve;
});

/**
 * The page the visitor opened works: the sign-in form shows, the map has drawn its markers, a
 * screen has rendered. Called by that page; later calls change nothing.
 */
export const markPageReady = (): void => markReady();

let settled: Promise<void> | null = null;

/**
 * Resolves once the opened page works and the browser is idle after it. What the page does not
 * need to be used (the bar's tools, the service worker) waits for this, so it never competes with
 * the first screen for the network (docs/web-app-loading.md).
 */
export const whenPageSettled = (): Promise<void> =>
  (settled ??= Promise.race([
    ready,
    new Promise<void>((resolve) => setTimeout(resolve, MAX_WAIT_MS)),
  ]).then(
    () =>
      new Promise<void>((resolve) => {
        const idle = () =>
          typeof requestIdleCallback === 'function'
            ? requestIdleCallback(() => resolve(), { timeout: 1_000 })
            : setTimeout(resolve, 0);
        // After the frame that shows the page, not before it.
        requestAnimationFrame(() => setTimeout(idle, 0));
      }),
  ));
