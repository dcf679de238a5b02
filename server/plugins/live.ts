import websocket from '@fastify/websocket';
import fp from 'fastify-plugin';
import { SocketHub } from '../live/hub';

declare module 'fastify' {
  interface FastifyInstance {
    hub: SocketHub;
  }
}

/** WebSocket support plus the hub that tracks open sockets by session and user. */
export const livePlugin = fp<{ keepaliveMs?: number }>(
  async (app, options) => {
    await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
    const hub = new SocketHub(options.keepaliveMs);
    app.decorate('hub', hub);
    app.addHook('preClose', async () => hub.closeAll());
  },
  { name: 'live' },
);
