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
  return originIsHost(requestOrigin, hostHeader ?? '');
}

/**
 * Whether an `Origin` names the host a request was sent to. The host is read on the origin's
 * scheme, so `Host: fleet.example:443` matches `https://fleet.example`. `Origin: null`
 * (sandboxed frames, opaque redirects) matches nothing.
 */
function originIsHost(origin: string, host: string): boolean {
  try {
    const parsed = new URL(origin);
    return parsed.host === new URL(`${parsed.protocol}//${host}`).host;
  } catch {
    return false;
  }
}

/** What the cross-site guard looks at in a request. */
export interface CrossSiteFacts {
  method: string;
  /** A sign-in (`POST /api/session`, `GET /api/session?token=`): it starts a session. */
  login: boolean;
  /** The request carries the session cookie. */
  cookie: boolean;
  /**
   * The request carries a bearer token, which no other site can make a browser send. Not any
   * `Authorization`: a browser replays cached Basic credentials on its own.
   */
  bearer: boolean;
  /**
   * The request carries `Authorization: Basic`, which a browser that once signed in with it
   * replays on its own, like a cookie.
   */
  basic: boolean;
  origin: string | undefined;
  secFetchSite: string | undefined;
  contentType: string | undefined;
  /** The host the request was sent to (`Host`, or `X-Forwarded-Host` from a trusted proxy). */
  host: string;
  /** PUBLIC_URL's origin, also accepted as our own. */
  publicOrigin: string | null;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Bodies another site's HTML form (or a fetch without preflight) can send. */
const FORGEABLE_TYPES = new Set([
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'text/plain',
]);

function sameOrigin(origin: string, host: string, publicOrigin: string | null): boolean {
  return (publicOrigin !== null && origin === publicOrigin) || originIsHost(origin, host);
}

/** What the browser says about where the request comes from, when it says it. */
const fromElsewhere = (secFetchSite: string | undefined) =>
  secFetchSite !== undefined && secFetchSite !== 'same-origin' && secFetchSite !== 'none';

/**
 * Whether a request's Basic credentials may count: not when the browser says another site made
 * the request (its `Origin`, or `Sec-Fetch-Site`), since the browser adds cached Basic
 * credentials by itself. Scripts send neither header and pass. Covers reads too, the socket's
 * upgrade included (cross-site WebSocket hijacking).
 */
export function basicFromHere(
  facts: Pick<CrossSiteFacts, 'origin' | 'secFetchSite' | 'host' | 'publicOrigin'>,
): boolean {
  const { origin } = facts;
  if (origin !== undefined) return sameOrigin(origin, facts.host, facts.publicOrigin);
  return !fromElsewhere(facts.secFetchSite);
}

/**
 * Whether to refuse a request another site may have made the user's browser send (CSRF):
 *
 * - a sign-in from another origin, which would sign the user into an account of the attacker's
 *   choosing (login CSRF); a sign-in without `Origin` and `Sec-Fetch-Site` is a non-browser
 *   client and passes;
 * - a state-changing request riding the session cookie, unless its `Origin` is ours or, without
 *   `Origin`, `Sec-Fetch-Site` says same-origin. With neither header, only a body no other site
 *   can send (JSON, none) passes, so Traccar clients using a cookie with JSON keep working.
 *
 * - a state-changing request with Basic credentials that another site made (`basicFromHere`).
 *   Without `Origin` and `Sec-Fetch-Site` it passes whatever its body: scripts post forms
 *   (`/api/session/token`), and every current browser sends `Origin` on a cross-site POST.
 *
 * Requests without the cookie or Basic credentials, or with a bearer token, cannot be forged by
 * another site and pass; safe methods change nothing (the WebSocket's cross-site guard is
 * `originAllowed` on the session, `basicFromHere` for Basic).
 */
export function crossSiteRefused(facts: CrossSiteFacts): boolean {
  const { origin, secFetchSite } = facts;
  const foreignOrigin = origin !== undefined && !sameOrigin(origin, facts.host, facts.publicOrigin);
  if (facts.login) return foreignOrigin || fromElsewhere(secFetchSite);
  if (SAFE_METHODS.has(facts.method.toUpperCase())) return false;
  if (facts.bearer) return false;
  // Basic decides who the caller is even beside a cookie (the cookie is then not read).
  if (facts.basic) return !basicFromHere(facts);
  if (!facts.cookie) return false;
  if (origin !== undefined) return foreignOrigin;
  if (secFetchSite !== undefined) return fromElsewhere(secFetchSite);
  const type = (facts.contentType ?? '').split(';')[0].trim().toLowerCase();
  return FORGEABLE_TYPES.has(type);
}

/**
 * Hides secrets that travel in URLs from logs: query parameters named `token`, `password`, `key`
 * or `secret`, and the web app's paths that carry one (a password-reset link, a shared link).
 */
export function redactUrl(url: string): string {
  return url
    .replace(/([?&](?:token|password|key|secret)=)[^&#]*/gi, '$1[redacted]')
    .replace(/^(\/(?:login\/recover|share)\/)[^/?#]+/i, '$1[redacted]');
}
