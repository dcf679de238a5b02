import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { login, loginWithToken } from '../../auth/login';
import { recoveryOrigin, requestPasswordReset, resetPassword } from '../../auth/recovery';
import { publicOrigin } from '../../config';
import { createToken, revokeToken, tokenExpiry, tokenMaxLifetimeMs } from '../../auth/tokens';
import { getServerSettings } from '../../db/servers';
import { notFound } from '../../errors';
import { AccountSuspended } from '../../users/accountState';
import { ErrorText, UserSchema, errors as sharedErrors } from '../schemas';

/** A suspended account's 401: a JSON object (docs/traccar-api.md) rather than text. */
const SuspendedBody = Type.Object({
  error: Type.String(),
  trustAvailable: Type.Boolean(),
  invoices: Type.Array(Type.Unknown()),
});

/** Sends a suspended account's object error; rethrows anything else to the error handler. */
function suspendedReply(error: unknown, reply: FastifyReply) {
  if (error instanceof AccountSuspended) return reply.code(401).send(error.payload);
  throw error;
}

const LoginBody = Type.Object({
  email: Type.String({ minLength: 1 }),
  password: Type.String({ minLength: 1 }),
  code: Type.Optional(Type.String()),
});

const PasswordBody = Type.Object({
  email: Type.Optional(Type.String()),
  requested_from: Type.Optional(Type.String()),
  token: Type.Optional(Type.String()),
  password: Type.Optional(Type.String()),
});

const errors = {
  ...sharedErrors,
  401: Type.Union([ErrorText, SuspendedBody]),
  429: ErrorText,
};

export const sessionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, auth } = app;

  app.get(
    '/api/session',
    {
      schema: {
        querystring: Type.Object({ token: Type.Optional(Type.String()) }),
        response: { 200: UserSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { token } = request.query;
      if (token === undefined) {
        const current = await auth.current(request);
        if (!current) throw notFound();
        return current.user;
      }
      let found;
      try {
        found = await loginWithToken(db, token, request.host);
      } catch (error) {
        return suspendedReply(error, reply);
      }
      const { user, expires, tokenId } = found;
      await auth.startSession(request, reply, {
        userId: user.id,
        remember: true,
        expires,
        tokenId,
      });
      return user;
    },
  );

  app.post(
    '/api/session',
    { schema: { body: LoginBody, response: { 200: UserSchema, ...errors } } },
    async (request, reply) => {
      const { email, password } = request.body;
      let user;
      try {
        const credentials = { address: request.ip, email, password, host: request.host };
        user = await login(db, app.throttle, credentials);
      } catch (error) {
        return suspendedReply(error, reply);
      }
      await auth.startSession(request, reply, { userId: user.id });
      return user;
    },
  );

  app.delete('/api/session', async (request, reply) => {
    const ended = await auth.endSession(request, reply);
    if (ended) app.hub.closeSession(ended.id);
    return reply.code(204).send();
  });

  app.post(
    '/api/session/token',
    {
      onRequest: auth.userHook,
      // A bare POST has no body at all; treat it as an empty form.
      preValidation: async (request) => {
        request.body ??= {};
      },
      schema: {
        body: Type.Object({ expiration: Type.Optional(Type.String()) }),
        response: { 200: Type.String(), ...errors },
      },
    },
    async (request, reply) => {
      const { user } = await auth.requireUser(request);
      const maxLifetime = tokenMaxLifetimeMs((await getServerSettings(db)).attributes);
      const expires = tokenExpiry(request.body.expiration, maxLifetime);
      const token = await createToken(db, user.id, expires);
      return reply.type('text/plain; charset=utf-8').send(token);
    },
  );

  app.post(
    '/api/session/token/revoke',
    { schema: { body: Type.Object({ token: Type.String({ minLength: 1 }) }) } },
    async (request, reply) => {
      const tokenId = await revokeToken(db, request.body.token);
      if (tokenId !== null) app.hub.closeToken(tokenId);
      return reply.code(204).send();
    },
  );

  app.post('/api/session/password', { schema: { body: PasswordBody } }, async (request, reply) => {
    const { email, token, password } = request.body;
    if (token) {
      const user = await resetPassword(db, token, password);
      app.hub.closeUser(user.id);
      return reply.code(200).send();
    }
    // `requested_from` is accepted for old clients but ignored: links come from configuration.
    const brandDomain = await app.brands.domainFor(request.host);
    const origin = recoveryOrigin(publicOrigin(app.config), brandDomain);
    const brand = await app.brands.view(await app.brands.scopeForHost(request.host));
    const brandName = brand.config.title;
    await requestPasswordReset(db, app.mailer, { email, origin, brandName }, request.log);
    return reply.code(200).send();
  });
};
