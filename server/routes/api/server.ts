import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import type { Server } from '../../../model';
import { remainingServerDevices } from '../../devices/deviceLimit';
import { publicServerInfo, updateServerInfo } from '../../settings/serverInfo';
import { timeZoneIds } from '../../settings/timezones';
import { ServerInputSchema, ServerSchema, baseErrors } from '../schemas';

export const serverRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const features = () => ({ emailEnabled: app.mailer !== null });

  /** The plus-licence headers the web app reads: mode, and devices still allowed. */
  const licenceHeaders = async (reply: FastifyReply, server: Server): Promise<Server> => {
    if (app.config.licenseMode) reply.header('licensemode', app.config.licenseMode);
    const remaining = await remainingServerDevices(app.db, server.attributes);
    if (remaining !== null) reply.header('devicelimit', String(remaining));
    return server;
  };

  app.get('/api/server', { schema: { response: { 200: ServerSchema } } }, async (_request, reply) =>
    licenceHeaders(reply, await publicServerInfo(app.db, features())),
  );

  app.put(
    '/api/server',
    {
      onRequest: app.auth.adminHook,
      schema: {
        body: ServerInputSchema,
        response: { 200: ServerSchema, ...baseErrors },
      },
    },
    async (request, reply) => {
      await app.auth.requireAdmin(request);
      return licenceHeaders(reply, await updateServerInfo(app.db, request.body, features()));
    },
  );

  // Any signed-in user, as in Traccar: the preferences screen offers the list.
  app.get(
    '/api/server/timezones',
    {
      onRequest: app.auth.userHook,
      schema: { response: { 200: Type.Array(Type.String()), ...baseErrors } },
    },
    async () => [...timeZoneIds()],
  );
};
