import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { unauthorized } from '../../errors';

const Query = Type.Object({ token: Type.Optional(Type.String()) });
const EMPTY_GREETING = [Buffer.from('{"positions":[]}')];

/**
 * Whether a client message turns the live protocol logs on or off: `{"logs":true}` /
 * `{"logs":false}`, read loosely like Traccar (a non-zero number or `"true"` is on); undefined for
 * any other message, which is ignored.
 */
export function logsRequest(text: string): boolean | undefined {
  let message: unknown;
  try {
    message = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof message !== 'object' || message === null || !('logs' in message)) return undefined;
  const value = message.logs;
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'number') return value !== 0;
  return value === true || (typeof value === 'string' && value.trim().toLowerCase() === 'true');
}

/**
 * `/api/socket`: Traccar's live channel. Authenticated by the session cookie or `?token=`
 * before the upgrade, so an anonymous client never gets a socket. A client may ask for the live
 * protocol logs with `{"logs":true}` (docs/traccar-api.md).
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
      // Listened to at once: a client may ask for logs as soon as the socket opens, while the
      // handler still reads the session and the snapshot below.
      const logs = app.hasDecorator('tracking') ? app.tracking.logs : null;
      let logsWanted = false;
      let joined: { id: number; administrator: boolean } | null = null;
      socket.on('message', (data, isBinary) => {
        if (isBinary || !logs) return;
        const wanted = logsRequest(data.toString());
        if (wanted === undefined) return;
        logsWanted = wanted;
        if (!joined) return;
        if (wanted) logs.start(socket, joined);
        else logs.stop(socket);
      });
      socket.on('close', () => logs?.stop(socket));
      const auth = await app.auth.current(request);
      if (!auth) return socket.close(4001, 'Unauthorized');
      // Traccar opens with the latest position of every visible device (here in parts, so a
      // browser parses a big fleet a part at a time). The snapshot is taken and the socket joins
      // the hub in the same tick, so no live update falls in between.
      const greeting = app.hasDecorator('tracking')
        ? await app.tracking.greeting(auth.user)
        : EMPTY_GREETING;
      if (socket.readyState !== socket.OPEN) return; // closed while the snapshot was read
      for (const part of greeting) socket.send(part, { binary: false });
      const session = auth.session;
      app.hub.add(socket, auth.user.id, session?.id ?? null, auth.tokenId, session?.impersonatorId);
      socket.on('close', () => app.hub.remove(socket));
      joined = auth.user;
      if (logsWanted) logs?.start(socket, joined);
      await app.hub.watchAccess(
        socket,
        () => app.auth.access(auth.user.id),
        (err) => request.log.warn({ err }, 'live socket access check failed'),
      );
    },
  );
};
