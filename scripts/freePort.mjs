import { createServer } from 'node:net';

/** A port the OS calls free right now: it picks one, and the probe lets it go again. */
function probePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/**
 * A source of free ports that never hands out the same port twice. The OS may offer a port it
 * has just offered, since the probe let it go; a server started with its HTTP and OsmAnd ports
 * both taken from such a pair fails with EADDRINUSE.
 */
export function portSource(probe = probePort) {
  const handedOut = new Set();
  return async function nextPort() {
    for (;;) {
      const port = await probe();
      if (!handedOut.has(port)) {
        handedOut.add(port);
        return port;
      }
    }
  };
}

/** A TCP port nothing listens on right now, and one this process has not been given before. */
export const freePort = portSource();
