import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { unauthorized } from '../errors';

const Query = Type.Object({ token: Type.Optional(Type.String()) });

/**
 * `/api/socket`: Traccar's live channel. Authenticated by the session cookie or `?token=`
 * before the upgrade, so an anonymous client never gets a socket.
 */
export const socketRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/socket',
    {
      websocket: true,
      schema: { querystring: Query },
      preHandler: async (request) => {
        const { token } = request.query;
        const auth =
          (await app.auth.current(request)) ??
          (token ? await app.auth.useToken(request, token) : null);
        if (!auth) throw unauthorized();
      },
    },
    async (socket, request) => {
      const auth = await app.auth.current(request);
      if (!auth) return socket.close(4001, 'Unauthorized');
      app.hub.add(socket, auth.user.id, auth.session?.id ?? null);
      socket.on('close', () => app.hub.remove(socket));
      // Traccar opens with the latest positions; there are none until devices exist.
      socket.send(JSON.stringify({ positions: [] }));
    },
  );
};
