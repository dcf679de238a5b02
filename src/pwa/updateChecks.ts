/** How often an open tab asks the server whether a new version was deployed. */
export const UPDATE_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Coming back to a tab asks again, but not more than once a minute: switching tabs back and forth
 * should not turn into a request each time.
 */
export const MIN_CHECK_GAP_MS = 60 * 1000;

export interface UpdateCheckOptions {
  intervalMs?: number;
  minGapMs?: number;
  /** The document whose visibility is watched; the page's own by default. */
  doc?: Document;
  now?: () => number;
}

/**
 * Keeps a long-open tab (an operator's map is open for days) noticing a deploy: the browser looks
 * for a new service worker only on navigations, so it is asked hourly and whenever the tab becomes
 * visible again. A new worker found this way waits, and the update prompt offers it. Returns the
 * function that stops the checks.
 */
export function watchForUpdates(
  registration: { update(): Promise<unknown> },
  options: UpdateCheckOptions = {},
): () => void {
  const {
    intervalMs = UPDATE_INTERVAL_MS,
    minGapMs = MIN_CHECK_GAP_MS,
    doc = document,
    now = Date.now,
  } = options;
  // Registering has just fetched the worker: that counts as the first check.
  let lastCheck = now();

  const check = () => {
    if (now() - lastCheck < minGapMs) return;
    lastCheck = now();
    // Offline or the server restarting: the next check tries again, nothing to tell the user.
    registration.update().catch(() => undefined);
  };
  const onVisibilityChange = () => {
    if (doc.visibilityState === 'visible') check();
  };

  const timer = setInterval(check, intervalMs);
  doc.addEventListener('visibilitychange', onVisibilityChange);
  return () => {
    clearInterval(timer);
    doc.removeEventListener('visibilitychange', onVisibilityChange);
  };
}
