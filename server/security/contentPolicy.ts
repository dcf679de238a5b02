/**
 * The Content-Security-Policy values the server sends. The web app's policy names every outside
 * origin the built app talks to; anything else it would load (an injected script, a form posting
 * elsewhere, a tracking pixel) is refused by the browser.
 */

export type Directives = Record<string, readonly string[]>;

/** The base map layers of `src/map/tileLayers.ts`: OpenStreetMap, Google and Bing tiles. */
export const TILE_ORIGINS = [
  ...['a', 'b', 'c'].map((s) => `https://${s}.tile.openstreetmap.org`),
  ...['0', '1', '2', '3'].map((s) => `https://mt${s}.google.com`),
  ...['0', '1', '2', '3'].map((s) => `https://ecn.t${s}.tiles.virtualearth.net`),
];

/** The header's weather widget (`src/layout/weather.ts`): public IP, its place, the forecast. */
export const WEATHER_ORIGINS = [
  'https://api.ipify.org',
  'https://ipwho.is',
  'https://api.open-meteo.com',
];

/** The map's street view panel embeds Google's street view page, and nothing else of Google's. */
export const STREET_VIEW_FRAME = 'https://www.google.com/maps/embed/';

/**
 * Every `/api` and `/tarkan` answer: data, never a page. Should one be opened as a document, it
 * may load nothing and be framed by nothing but the app.
 */
export const API_DIRECTIVES: Directives = {
  'default-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'none'"],
  'frame-ancestors': ["'self'"],
};

/**
 * A CSP source expression for an origin: scheme, host (optionally `*.` first) and port. Anything
 * else (paths aside) could widen a directive in ways the operator did not mean, or break the header.
 */
const ORIGIN_RE =
  /^(?:https?|wss?):\/\/(?:\*\.)?[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*(?::(?:\d{1,5}|\*))?$/i;

export const isOrigin = (text: string): boolean => ORIGIN_RE.test(text);

/**
 * The origins the server's custom map layer (`mapUrl`, a Leaflet URL template) loads tiles from.
 * `{s}` in the host is a subdomain letter (Leaflet's default a, b, c); a host with another
 * placeholder cannot be named in a policy, so it gives none (the operator lists it instead).
 */
export function customTileOrigins(mapUrl: string | null | undefined): string[] {
  const match = /^(https?):\/\/([^/?#]+)/i.exec(mapUrl?.trim() ?? '');
  if (!match) return [];
  const [, scheme, host] = match;
  const hosts = host.includes('{s}')
    ? ['a', 'b', 'c'].map((s) => host.replaceAll('{s}', s))
    : [host];
  const origins = hosts.map((name) => `${scheme.toLowerCase()}://${name.toLowerCase()}`);
  return origins.every(isOrigin) ? origins : [];
}

export interface AppPolicyOptions {
  /** Operator-listed origins (`CSP_EXTRA_ORIGINS`) for images, data, fonts, media and frames. */
  extraOrigins?: readonly string[];
  /** The server setting `mapUrl`: its tile origins are allowed as images. */
  mapUrl?: string | null;
}

/**
 * The built web app's policy. Scripts only from the app's own files, no inline script, no eval.
 * Styles allow 'unsafe-inline' because MUI (emotion) and Leaflet write `<style>` elements and
 * style attributes at run time, and index.html carries the boot loader's style inline; a nonce
 * would need index.html rewritten per response and still not cover Leaflet's markup. Connections:
 * the app's own origin, which in CSP3 includes ws(s) to the same host (the live socket), plus the
 * weather services. Framed only by itself.
 */
export function appDirectives(options: AppPolicyOptions = {}): Directives {
  const extra = options.extraOrigins ?? [];
  const unique = (sources: string[]) => [...new Set(sources)];
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': unique([
      "'self'",
      'data:',
      'blob:',
      ...TILE_ORIGINS,
      ...customTileOrigins(options.mapUrl),
      ...extra,
    ]),
    'font-src': unique(["'self'", 'data:', ...extra]),
    'connect-src': unique(["'self'", ...WEATHER_ORIGINS, ...extra]),
    'media-src': unique(["'self'", 'data:', 'blob:', ...extra]),
    'frame-src': unique(["'self'", STREET_VIEW_FRAME, ...extra]),
    'worker-src': ["'self'", 'blob:'],
    'manifest-src': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'self'"],
  };
}

export const serializePolicy = (directives: Directives): string =>
  Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join('; ');
