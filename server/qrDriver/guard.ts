/**
 * What a QR driver account may call (docs/qr-driver.md): the session, the server settings the
 * web app boots with, the theme and assets, and the driver endpoints. Everything else under `/api`
 * and `/tarkan` is refused on the server, whatever the web app shows.
 */
export function driverMayCall(method: string, url: string): boolean {
  const path = url.split('?')[0];
  if (!path.startsWith('/api') && !path.startsWith('/tarkan')) return true;
  if (path === '/api/session' || path.startsWith('/api/session/')) return true;
  if (path === '/api/server') return method === 'GET' || method === 'HEAD';
  if (path === '/tarkan/qr-driver' || path.startsWith('/tarkan/qr-driver/')) return true;
  if (path.startsWith('/tarkan/assets/')) return method === 'GET' || method === 'HEAD';
  return false;
}
