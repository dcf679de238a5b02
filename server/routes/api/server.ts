import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import type { Server } from '../../../model';
import { getServerSettings } from '../../db/servers';
import { remainingServerDevices } from '../../devices/deviceLimit';
import { keepSecrets, withoutSecrets } from '../../notifications/channels/secrets';
import { serverInfo, updateServer } from '../../settings/serverInfo';
import { ErrorText, ServerInputSchema, ServerSchema } from '../schemas';

export const serverRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const features = () => ({ emailEnabled: app.mailer !== null });

  /** The plus-licence headers the web app reads (spec §7): mode, and devices still allowed. */
  const licenceHeaders = async (reply: FastifyReply, server: Server): Promise<Server> => {
    if (app.config.licenseMode) reply.header('licensemode', app.config.licenseMode);
    const remaining = await remainingServerDevices(app.db, server.attributes);
    if (remaining !== null) reply.header('devicelimit', String(remaining));
    return server;
  };

  /** Channel credentials are write-only: no GET returns them, to anyone. */
  const visible = (server: Server): Server => ({
    ...server,
    attributes: withoutSecrets(server.attributes),
  });

  app.get('/api/server', { schema: { response: { 200: ServerSchema } } }, async (_request, reply) =>
    licenceHeaders(reply, visible(await serverInfo(app.db, features()))),
  );

  app.put(
    '/api/server',
    {
      onRequest: app.auth.adminHook,
      schema: {
        body: ServerInputSchema,
        response: { 200: ServerSchema, 400: ErrorText, 401: ErrorText },
      },
    },
    async (request, reply) => {
      await app.auth.requireAdmin(request);
      const input = { ...request.body };
      if (input.attributes) {
        const stored = (await getServerSettings(app.db)).attributes;
        input.attributes = keepSecrets(stored, input.attributes);
      }
      return licenceHeaders(reply, visible(await updateServer(app.db, input, features())));
    },
  );
};
