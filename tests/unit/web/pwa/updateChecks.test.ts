import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { entryScriptOf, isRunningLatestBuild } from '../../../../src/pwa/latestBuild';
import {
  MIN_CHECK_GAP_MS,
  UPDATE_INTERVAL_MS,
  watchForUpdates,
} from '../../../../src/pwa/updateChecks';

/** A document whose visibility the test sets, standing in for the browser tab. */
function tab() {
  const doc = document.implementation.createHTMLDocument('tab');
  let state: DocumentVisibilityState = 'visible';
  Object.defineProperty(doc, 'visibilityState', { get: () => state });
  const show = (next: DocumentVisibilityState) => {
    state = next;
    doc.dispatchEvent(new Event('visibilitychange'));
  };
  return { doc, show };
}

describe('update checks of an open tab', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('asks for a new worker every hour', () => {
    const update = vi.fn(() => Promise.resolve());
    const stop = watchForUpdates({ update }, { doc: tab().doc });
    vi.advanceTimersByTime(UPDATE_INTERVAL_MS - 1);
    expect(update).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(update).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(UPDATE_INTERVAL_MS);
    expect(update).toHaveBeenCalledTimes(2);
    stop();
    vi.advanceTimersByTime(3 * UPDATE_INTERVAL_MS);
    expect(update).toHaveBeenCalledTimes(2);
  });

  it('asks when the tab becomes visible again, at most once a minute', () => {
    const update = vi.fn(() => Promise.resolve());
    const { doc, show } = tab();
    const stop = watchForUpdates({ update }, { doc });
    // Registering has just checked.
    show('hidden');
    show('visible');
    expect(update).not.toHaveBeenCalled();

    vi.advanceTimersByTime(MIN_CHECK_GAP_MS);
    show('hidden');
    expect(update).not.toHaveBeenCalled();
    show('visible');
    expect(update).toHaveBeenCalledTimes(1);
    show('visible');
    expect(update).toHaveBeenCalledTimes(1);

    stop();
    vi.advanceTimersByTime(MIN_CHECK_GAP_MS);
    show('visible');
    expect(update).toHaveBeenCalledTimes(1);
  });

  it('keeps checking after a failed check (offline, server restarting)', async () => {
    const update = vi.fn(() => Promise.reject(new Error('offline')));
    const stop = watchForUpdates({ update }, { doc: tab().doc });
    vi.advanceTimersByTime(UPDATE_INTERVAL_MS);
    await Promise.resolve();
    vi.advanceTimersByTime(UPDATE_INTERVAL_MS);
    expect(update).toHaveBeenCalledTimes(2);
    stop();
  });
});

const page = (entry: string) =>
  `<!doctype html><html><head><script type="module" crossorigin src="${entry}"></script>` +
  '<link rel="stylesheet" href="/assets/index-c.css"></head><body><div id="root"></div></body></html>';

const runningPage = (entry: string) => new DOMParser().parseFromString(page(entry), 'text/html');

describe('whether the tab runs the build the server serves', () => {
  it('reads the entry script of a page', () => {
    expect(entryScriptOf(runningPage('/assets/index-AAA.js'))).toBe('/assets/index-AAA.js');
    expect(entryScriptOf(runningPage('http://other/assets/index-AAA.js'))).toBe(
      '/assets/index-AAA.js',
    );
    expect(entryScriptOf(new DOMParser().parseFromString('<p>no app</p>', 'text/html'))).toBe(null);
  });

  it('compares with the page the server serves now, bypassing every cache', async () => {
    const fetchPage = vi.fn<(url: string, init: RequestInit) => Promise<Response>>(() =>
      Promise.resolve(new Response(page('/assets/index-BBB.js'))),
    );
    expect(await isRunningLatestBuild(runningPage('/assets/index-AAA.js'), fetchPage)).toBe(false);
    expect(await isRunningLatestBuild(runningPage('/assets/index-BBB.js'), fetchPage)).toBe(true);
    expect(fetchPage).toHaveBeenCalledWith('/', expect.objectContaining({ cache: 'no-store' }));
  });

  it('counts an unreachable server or an error page as not the latest', async () => {
    const running = runningPage('/assets/index-AAA.js');
    const down = () => Promise.reject(new TypeError('Failed to fetch'));
    expect(await isRunningLatestBuild(running, down)).toBe(false);
    const unavailable = () =>
      Promise.resolve(new Response(page('/assets/index-AAA.js'), { status: 503 }));
    expect(await isRunningLatestBuild(running, unavailable)).toBe(false);
  });
});
