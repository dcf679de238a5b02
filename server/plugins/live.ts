import websocket from '@fastify/websocket';
import fp from 'fastify-plugin';
import { SocketHub } from '../live/hub';

declare module 'fastify' {
  interface FastifyInstance {
    hub: SocketHub;
  }
}

/**
 * A socket error the client caused: a frame breaking the protocol (too large, not UTF-8, bad
 * opcode: `ws` names these `WS_ERR_*`) or a connection it dropped. The socket ends either way;
 * only the server's own failures are logged as errors.
 */
function fromClient(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return (
    typeof code === 'string' &&
    (code.startsWith('WS_ERR_') || code === 'ECONNRESET' || code === 'EPIPE')
  );
}

/** WebSocket support plus the hub that tracks open sockets by session and user. */
export const livePlugin = fp<{ keepaliveMs?: number }>(
  async (app, options) => {
    await app.register(websocket, {
      options: { maxPayload: 64 * 1024 },
      errorHandler: (error, socket, request) => {
        if (fromClient(error)) request.log.info({ err: error }, 'live socket ended by its client');
        else request.log.error({ err: error }, 'live socket failed');
        socket.terminate();
      },
    });
    const hub = new SocketHub(options.keepaliveMs);
    app.decorate('hub', hub);
    app.addHook('preClose', async () => hub.closeAll());
  },
  { name: 'live' },
);
