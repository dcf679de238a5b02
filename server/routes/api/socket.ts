import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { unauthorized } from '../../errors';

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
      // Traccar opens with the latest position of every visible device. The snapshot is taken
      // and the socket joins the hub in the same tick, so no live update falls in between.
      const positions = app.hasDecorator('tracking')
        ? await app.tracking.latestPositions(auth.user)
        : [];
      if (socket.readyState !== socket.OPEN) return; // closed while the snapshot was read
      socket.send(JSON.stringify({ positions }));
      const session = auth.session;
      app.hub.add(socket, auth.user.id, session?.id ?? null, auth.tokenId, session?.impersonatorId);
      socket.on('close', () => app.hub.remove(socket));
      await app.hub.watchAccess(
        socket,
        () => app.auth.access(auth.user.id),
        (err) => request.log.warn({ err }, 'live socket access check failed'),
      );
    },
  );
};
