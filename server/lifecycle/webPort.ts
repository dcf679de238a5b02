import type { Server } from 'node:http';

/**
 * Stops the web port accepting connections and settles once the ones it holds have ended: kept-
 * alive connections with no request end at once, those answering one end with their answer
 * (`Connection: close`, set while draining by the readiness plugin), live sockets end when the
 * hub closes them. Whatever is still open after `graceMs` is cut.
 */
export function closeWebPort(server: Server, graceMs: number): Promise<void> {
  return new Promise<void>((resolve) => {
    if (!server.listening) return resolve();
    // A live socket whose client does not answer the close handshake is no longer an HTTP
    // connection to cut: past the grace the drain goes on without it (the app's close ends it).
    const timer = setTimeout(() => {
      server.closeAllConnections();
      resolve();
    }, graceMs);
    server.close(() => {
      clearTimeout(timer);
      resolve();
    });
    server.closeIdleConnections();
  });
}
