/**
 * Longest wait, once the opened page is on screen, for it to say it works: a map whose data does
 * not come must not hold back the rest for ever.
 */
const MAX_WAIT_MS = 15_000;

/** The User Timing mark of the moment the page works (the first-load e2e test reads it). */
export const PAGE_READY_MARK = 'frota:page-ready';

/** The page being opened: whether it works yet, and its wait for that. */
interface OpenedPage {
  ready: Promise<void>;
  markReady: () => void;
  shownAt: ReturnType<typeof setTimeout> | null;
  settled: Promise<void> | null;
}

const openPage = (): OpenedPage => {
  let resolve: () => void = () => undefined;
  const ready = new Promise<void>((done) => (resolve = done));
  const page: OpenedPage = {
    ready,
    markReady: () => {
      page.markReady = () => undefined;
      if (page.shownAt) clearTimeout(page.shownAt);
      performance.mark(PAGE_READY_MARK);
      resolve();
    },
    shownAt: null,
    settled: null,
  };
  return page;
};

let current = openPage();

/**
 * The page the visitor opened works: the sign-in form shows, the map has drawn its markers, a
 * screen has rendered. Called by that page; later calls change nothing.
 */
export const markPageReady = (): void => current.markReady();

/**
 * The opened page's code is in and it is on screen, though it may still wait for its data (the
 * map): from now on it has `MAX_WAIT_MS` to become ready.
 */
export const markPageShown = (): void => {
  const page = current;
  page.shownAt ??= setTimeout(() => page.markReady(), MAX_WAIT_MS);
};

/**
 * A sign-in opens the map as if it were a new page load: what waits for the page to settle (the
 * bar's tools) waits for the map to draw its markers, rather than competing with a big fleet's
 * first load because the sign-in form settled long ago. The wait is bounded as for any page.
 */
export const openNextPage = (): void => {
  current = openPage();
  markPageShown();
};

/**
 * Resolves once the opened page works and the browser is idle after it. What the page does not
 * need to be used (the bar's tools, the rest of the messages, the service worker) waits for this,
 * so it never competes with the first screen for the network (docs/web-app-loading.md).
 */
export const whenPageSettled = (): Promise<void> => {
  const page = current;
  return (page.settled ??= page.ready.then(
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
};
