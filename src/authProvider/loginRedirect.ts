/** Where an unauthenticated visitor is sent, and where they may be sent back to afterwards. */

interface PathLocation {
  pathname: string;
  search?: string;
  hash?: string;
}

export const LOGIN_PATH = '/login';
export const DRIVER_LOGIN_PATH = '/motorista';
export const HOME_PATH = '/home';

const DRIVER_PREFIX = '/qr-driver';

const isDriverPath = (pathname: string): boolean =>
  pathname === DRIVER_PREFIX || pathname.startsWith(`${DRIVER_PREFIX}/`);

/** `/devices?x=1` → `/login?to=%2Fdevices%3Fx%3D1`; driver routes go to the driver login. */
export const loginRedirect = ({ pathname, search = '', hash = '' }: PathLocation): string => {
  const loginPath = isDriverPath(pathname) ? DRIVER_LOGIN_PATH : LOGIN_PATH;
  const back = `${pathname}${search}${hash}`;
  if (pathname === '/' || pathname === LOGIN_PATH || pathname === DRIVER_LOGIN_PATH) {
    return loginPath;
  }
  return `${loginPath}?to=${encodeURIComponent(back)}`;
};

/**
 * The `to` parameter comes from the URL, so an attacker can craft it: only same-origin paths
 * are accepted (no scheme, no `//host`, no backslash tricks browsers normalise into `//`).
 */
export const safeReturnPath = (to: string | null | undefined): string | null => {
  if (!to) return null;
  const value = to.trim();
  if (!value.startsWith('/') || value.startsWith('//')) return null;
  if (value.includes('\\') || [...value].some((char) => char.charCodeAt(0) < 32)) return null;
  const parsed = new URL(value, 'http://frota.invalid');
  if (parsed.origin !== 'http://frota.invalid') return null;
  const path = `${parsed.pathname}${parsed.search}${parsed.hash}`;
  if (path === LOGIN_PATH || path.startsWith(`${LOGIN_PATH}?`) || path === DRIVER_LOGIN_PATH) {
    return null;
  }
  return path;
};

/** The path to open after a successful sign-in, from the login page's `?to=`. */
export const returnPathFromSearch = (search: string): string =>
  safeReturnPath(new URLSearchParams(search).get('to')) ?? HOME_PATH;
