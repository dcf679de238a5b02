/**
 * Longest wait, once the opened page is on screen, for it to say it works: a map whose data does
 * not come must not hold back the rest for ever.
 */
const MAX_WAIT_MS = 15_000;

/** The User Timing mark of the moment the page works (the first-load e2e test reads it). */
export const PAGE_READY_MARK = 'frota:page-ready';

let markReady: () => void = () => undefined;
const ready = new Promise<void>((resolve) => {
  markReady = () => {
    markReady = () => undefined;
    performance.mark(PAGE_READY_MARK);
    resolve();
  };
});
let shownAt: ReturnType<typeof setTimeout> | null = null;

/**
 * The page the visitor opened works: the sign-in form shows, the map has drawn its markers, a
 * screen has rendered. Called by that page; later calls change nothing.
 */
export const markPageReady = (): void => markReady();

/**
 * The opened page's code is in and it is on screen, though it may still wait for its data (the
 * map): from now on it has `MAX_WAIT_MS` to become ready.
 */
export const markPageShown = (): void => {
  shownAt ??= setTimeout(() => markReady(), MAX_WAIT_MS);
};

let settled: Promise<void> | null = null;

/**
 * Resolves once the opened page works and the browser is idle after it. What the page does not
 * need to be used (the bar's tools, the rest of the messages, the service worker) waits for this,
 * so it never competes with the first screen for the network (docs/web-app-loading.md).
 */
export const whenPageSettled = (): Promise<void> =>
  (settled ??= ready.then(
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
