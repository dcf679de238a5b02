/** Vite's index.html loads the whole app through one module script; its URL names the build. */
const ENTRY_SCRIPT = 'script[type="module"][src]';

/** The entry script's URL a page names, or null when it names none. */
export function entryScriptOf(root: ParentNode): string | null {
  const src = root.querySelector(ENTRY_SCRIPT)?.getAttribute('src');
  return src ? new URL(src, 'http://app/').pathname : null;
}

/**
 * Whether this tab already runs the build the server now serves. The page is fetched from the
 * server on every visit, so a tab opened after a deploy runs the new build while the new service
 * worker still waits; offering it a "new version" would only reload the same one. Unknown (the
 * server unreachable, a page without an entry script) counts as not the latest.
 */
export async function isRunningLatestBuild(
  doc: Document = document,
  fetchPage: (url: string, init: RequestInit) => Promise<Response> = (url, init) =>
    fetch(url, init),
): Promise<boolean> {
  const running = entryScriptOf(doc);
  if (!running) return false;
  try {
    // `/` is never answered from the worker's cache (see vite.config.ts): this is the server's.
    const response = await fetchPage('/', { cache: 'no-store', credentials: 'same-origin' });
    if (!response.ok) return false;
    const served = new DOMParser().parseFromString(await response.text(), 'text/html');
    return entryScriptOf(served) === running;
  } catch {
    return false;
  }
}
