import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  createShare,
  deleteShare,
  listShares,
  shareSession,
  updateShare,
} from '../../shares/service';
import { RATE_LIMITS } from '../../plugins/rateLimit';
import { requestContext } from '../context';
import { NullableString, UserSchema, errors } from '../schemas';

const ShareSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  deviceId: Type.Integer(),
  deviceIds: Type.Array(Type.Integer()),
  expirationTime: Type.String(),
  limitCommands: Type.Boolean(),
  token: Type.String(),
  userId: Type.Integer(),
});

/** Tarkan's create/update body: `{id:0, name, deviceId, expirationTime, token:null, limitCommands}`. */
const ShareBody = Type.Object({
  id: Type.Optional(Type.Integer()),
  name: Type.Optional(Type.String({ maxLength: 128 })),
  deviceId: Type.Optional(Type.Integer()),
  deviceIds: Type.Optional(Type.Array(Type.Integer(), { maxItems: 100 })),
  expirationTime: Type.Optional(NullableString()),
  token: Type.Optional(NullableString()),
  limitCommands: Type.Optional(Type.Boolean()),
});

const IdParams = Type.Object({ id: Type.Integer() });

/**
 * Shared links (docs/extension-api.md): the owner's CRUD under `/tarkan/shares` and the public
 * sign-in by token (in the body, never the URL). Expired shares go in the jobs plugin.
 */
export const shareRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { auth } = app;

  app.get(
    '/tarkan/shares',
    {
      onRequest: auth.userHook,
      schema: {
        querystring: Type.Object({ deviceId: Type.Optional(Type.Integer()) }),
        response: { 200: Type.Array(ShareSchema), ...errors },
      },
    },
    async (request) => listShares(await requestContext(app, request), request.query.deviceId),
  );

  app.post(
    '/tarkan/shares',
    {
      onRequest: auth.userHook,
      schema: { body: ShareBody, response: { 200: ShareSchema, ...errors } },
    },
    async (request) => createShare(await requestContext(app, request), request.body),
  );

  app.put(
    '/tarkan/shares/:id',
    {
      onRequest: auth.userHook,
      schema: { params: IdParams, body: ShareBody, response: { 200: ShareSchema, ...errors } },
    },
    async (request) =>
      updateShare(await requestContext(app, request), request.params.id, request.body),
  );

  app.delete(
    '/tarkan/shares/:id',
    { onRequest: auth.userHook, schema: { params: IdParams } },
    async (request) => {
      const shareUserId = await deleteShare(await requestContext(app, request), request.params.id);
      app.hub.closeUser(shareUserId);
      return { success: true };
    },
  );

  app.post(
    '/tarkan/shares/session',
    {
      config: { rateLimit: RATE_LIMITS.shareSession },
      schema: {
        body: Type.Object({ token: Type.String({ maxLength: 256 }) }),
        response: { 200: UserSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { userId, expires } = await shareSession(app.db, request.body.token);
      await auth.startSession(request, reply, { userId, expires });
      const current = await auth.requireUser(request);
      return current.user;
    },
  );
};
