/**
 * Traccar's links carry a session token in the query (`https://fleet.example/?token=…`): what its
 * share-a-device dialog hands out and what integrations use to open the app signed in. The token
 * is taken once and removed from the address bar so it stays out of history and bookmarks.
 */
export const takeLinkToken = (): string | null => {
  const url = new URL(window.location.href);
  const token = url.searchParams.get('token');
  if (!token) return null;
  url.searchParams.delete('token');
  window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
  return token;
};
