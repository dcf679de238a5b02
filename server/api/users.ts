import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { createUser, getUser, updateUserAccount } from '../users/accounts';
import { ErrorText, IdParams, UserInputSchema, UserSchema } from './schemas';

/** Registration and self-service for now; the full admin CRUD comes with the users screen. */
export const userRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const errors = { 400: ErrorText, 401: ErrorText, 404: ErrorText };

  app.post(
    '/api/users',
    { schema: { body: UserInputSchema, response: { 200: UserSchema, ...errors } } },
    async (request) => {
      const auth = await app.auth.current(request);
      return createUser(app.db, auth?.user ?? null, request.body);
    },
  );

  app.get(
    '/api/users/:id',
    {
      onRequest: app.auth.userHook,
      schema: { params: IdParams, response: { 200: UserSchema, ...errors } },
    },
    async (request) => {
      const { user } = await app.auth.requireUser(request);
      return getUser(app.db, user, request.params.id);
    },
  );

  app.put(
    '/api/users/:id',
    {
      onRequest: app.auth.userHook,
      schema: { params: IdParams, body: UserInputSchema, response: { 200: UserSchema, ...errors } },
    },
    async (request) => {
      const { user } = await app.auth.requireUser(request);
      const saved = await updateUserAccount(app.db, user, request.params.id, request.body);
      // A disabled account must not keep watching live data through sockets already open.
      if (saved.disabled) app.hub.closeUser(saved.id);
      return saved;
    },
  );
};
