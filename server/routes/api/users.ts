import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { publicOrigin } from '../../config';
import { checkNotMainHost, mainHostOf } from '../../resellers/attributes';
import { createUser, getUser, setsPassword, updateUserAccount } from '../../users/accounts';
import { deleteUser } from '../../users/deleteUser';
import { listUsers } from '../../users/listUsers';
import { generateTotpKey, totpEnabled } from '../../auth/totp';
import { getServerSettings } from '../../db/servers';
import { SecurityException } from '../../errors';
import { withVisibleKey } from '../../users/totpKey';
import { RATE_LIMITS } from '../../plugins/rateLimit';
import { keyReader, requestContext } from '../context';
import { ListQuerystring } from '../entitySchemas';
import { NoContent } from '../crud';
import { IdParams, UserInputSchema, UserSchema, errors } from '../schemas';

/** The entity list filters but `all` and `groupId`: users belong to no group. */
const UserQuerystring = Type.Omit(ListQuerystring, ['all', 'groupId']);

/**
 * Users (docs/traccar-api.md): registration, self-service, and administration by admins and by
 * managers over the users they manage.
 */
export const userRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const hooks = { onRequest: app.auth.userHook };
  const plus = Boolean(app.config.licenseMode);
  const mainHost = mainHostOf(publicOrigin(app.config));

  app.get(
    '/api/users',
    {
      ...hooks,
      schema: {
        querystring: UserQuerystring,
        response: { 200: Type.Array(UserSchema), ...errors },
      },
    },
    async (request) => {
      const reader = keyReader(await app.auth.requireUser(request));
      const users = await listUsers(await requestContext(app, request), request.query);
      return users.map((user) => withVisibleKey(reader, user));
    },
  );

  // Public, as in Traccar: a new user registering on a server that forces the second step needs
  // a key before having an account.
  app.post(
    '/api/users/totp',
    { schema: { response: { 200: Type.String(), ...errors } } },
    async (_request, reply) => {
      const server = await getServerSettings(app.db);
      if (!totpEnabled(server.attributes)) {
        throw new SecurityException('One-time password is disabled');
      }
      return reply.type('text/plain; charset=utf-8').send(generateTotpKey());
    },
  );

  app.post(
    '/api/users',
    {
      config: { rateLimit: RATE_LIMITS.registration },
      schema: { body: UserInputSchema, response: { 200: UserSchema, ...errors } },
    },
    async (request) => {
      const auth = await app.auth.current(request);
      checkNotMainHost(request.body.attributes, mainHost);
      const created = await createUser(app.db, plus, auth?.user ?? null, request.body, app.changes);
      // A new user registering reads back the key they chose; a manager never reads one.
      return auth ? withVisibleKey(keyReader(auth), created) : created;
    },
  );

  app.get(
    '/api/users/:id',
    { ...hooks, schema: { params: IdParams, response: { 200: UserSchema, ...errors } } },
    async (request) => {
      const auth = await app.auth.requireUser(request);
      return withVisibleKey(
        keyReader(auth),
        await getUser(app.db, plus, auth.user, request.params.id),
      );
    },
  );

  app.put(
    '/api/users/:id',
    {
      ...hooks,
      schema: { params: IdParams, body: UserInputSchema, response: { 200: UserSchema, ...errors } },
    },
    async (request) => {
      const auth = await app.auth.requireUser(request);
      checkNotMainHost(request.body.attributes, mainHost);
      const { user } = auth;
      const caller = {
        sessionId: auth.session?.id ?? null,
        tokenId: auth.tokenId,
        impersonated: auth.session?.impersonatorId != null,
      };
      const saved = await updateUserAccount(
        app.db,
        plus,
        user,
        request.params.id,
        request.body,
        app.changes,
        caller,
      );
      // A disabled account must not keep watching live data through sockets already open, nor
      // the sessions a new password ended.
      if (saved.disabled) app.hub.closeUser(saved.id);
      else if (setsPassword(request.body)) {
        app.hub.closeUser(saved.id, saved.id === user.id ? caller : null);
      }
      return withVisibleKey(keyReader(auth), saved);
    },
  );

  app.delete(
    '/api/users/:id',
    { ...hooks, schema: { params: IdParams, response: { 204: NoContent, ...errors } } },
    async (request, reply) => {
      await deleteUser(await requestContext(app, request), request.params.id);
      app.hub.closeUser(request.params.id);
      return reply.code(204).send(null);
    },
  );
};
