/**
 * Traccar's cross-origin guard for cookie sessions: a request that carries an `Origin` must come
 * from the origin saved at login, or, when none was saved, from the host it was sent to. Stops
 * other sites from riding the cookie (e.g. cross-site WebSocket hijacking).
 */
export function originAllowed(
  savedOrigin: string | null,
  requestOrigin: string | undefined,
  hostHeader: string | undefined,
): boolean {
  if (!requestOrigin) return true;
  if (savedOrigin) return requestOrigin === savedOrigin;
  try {
    return new URL(requestOrigin).host.toLowerCase() === (hostHeader ?? '').toLowerCase();
  } catch {
    return false;
  }
}

/** Hides secrets that travel in query strings (`?token=`) from logs. */
export function redactUrl(url: string): string {
  return url.replace(/([?&](?:token|password)=)[^&#]*/gi, '$1[redacted]');
}
