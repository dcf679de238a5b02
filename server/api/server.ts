import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { serverInfo, updateServer } from '../serverInfo';
import { ErrorText, ServerInputSchema, ServerSchema } from './schemas';

export const serverRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const features = () => ({ emailEnabled: app.mailer !== null });

  app.get('/api/server', { schema: { response: { 200: ServerSchema } } }, async () =>
    serverInfo(app.db, features()),
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
    async (request) => {
      await app.auth.requireAdmin(request);
      return updateServer(app.db, request.body, features());
    },
  );
};
