import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { login, loginWithToken } from '../../signIn/login';
import { requestPasswordReset, resetPassword } from '../../signIn/recovery';
import { createToken, revokeToken, tokenExpiry, tokenMaxLifetimeMs } from '../../auth/tokens';
import { getServerSettings } from '../../db/servers';
import type { User } from '../../../model';
import { impersonationTarget, mayImpersonate } from '../../signIn/impersonation';
import { findUserById } from '../../db/users';
import {
  SecurityException,
  UnsupportedOperationException,
  notFound,
  unauthorized,
} from '../../errors';
import { makeActor, type Actor } from '../../access/actor';
import { AccountSuspended } from '../../users/accountState';
import { withVisibleKey } from '../../users/totpKey';
import { keyReader, recoveryTargets } from '../context';
import { ErrorText, IdParams, UserSchema, errors as sharedErrors } from '../schemas';

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
  const plus = Boolean(app.config.licenseMode);

  /** The permission view of a user (an id: the session's original user, read afresh). */
  async function actorOf(user: User | number): Promise<Actor> {
    const found = typeof user === 'number' ? (await findUserById(db, user))?.user : user;
    if (!found) throw unauthorized();
    return makeActor(found, await getServerSettings(db), plus);
  }

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
        return withVisibleKey(keyReader(current), current.user);
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
      const { email, password, code } = request.body;
      let user;
      try {
        const credentials = { address: request.ip, email, password, code, host: request.host };
        user = await login(db, app.throttle, credentials);
      } catch (error) {
        return suspendedReply(error, reply);
      }
      await auth.startSession(request, reply, { userId: user.id });
      return user;
    },
  );

  app.get(
    '/api/session/:id',
    {
      onRequest: auth.userHook,
      schema: { params: IdParams, response: { 200: UserSchema, ...errors } },
    },
    async (request, reply) => {
      // A GET that changes who the session is: a page on another site must not be able to
      // trigger it through a link or an image (browsers say where a request comes from).
      const site = request.headers['sec-fetch-site'];
      if (site === 'cross-site' || site === 'same-site') {
        throw new SecurityException('Cross-site request refused');
      }
      const current = await auth.requireUser(request);
      const targetId = request.params.id;
      if (targetId === current.user.id) return withVisibleKey(keyReader(current), current.user);
      const session = current.session;
      const originalId = session?.impersonatorId ?? null;
      let target;
      if (targetId === originalId) {
        // Back to the user who signed in: nothing to check, it is their own session (and the
        // session was refused already if they were no longer let in).
        target = (await actorOf(originalId)).user;
      } else {
        target = await impersonationTarget(db, await actorOf(current.user), targetId);
        if (originalId !== null) {
          // A session acting as a manager goes on to one of their users only if the user who
          // signed in may act as that user too: the session rests on them.
          const original = await findUserById(db, originalId);
          if (!original || !(await mayImpersonate(db, original.user, target))) {
            throw new SecurityException('User access denied');
          }
        }
      }
      const impersonatorId = target.id === originalId ? null : (originalId ?? current.user.id);
      await auth.startSession(request, reply, {
        userId: target.id,
        impersonatorId,
        // The new session keeps the old one's limits: its expiry, its token, its origin.
        ...(session
          ? {
              expires: session.expires,
              remember: session.remember,
              tokenId: session.tokenId,
              origin: session.origin,
            }
          : { tokenId: current.tokenId }),
      });
      if (session) app.hub.closeSession(session.id);
      const reader = {
        userId: target.id,
        admin: target.administrator,
        impersonated: !!impersonatorId,
      };
      return withVisibleKey(reader, target);
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
    await app.passwordResetLimit(request, reply);
    const targets = await recoveryTargets(app, request);
    await requestPasswordReset(db, app.mailer, { email, targets }, request.log);
    return reply.code(200).send();
  });

  // Frota offers no OpenID Connect sign-in (`openIdEnabled` is false): Traccar's answers without
  // a provider. The start needs a session; the provider's callback is public.
  app.get('/api/session/openid/auth', { onRequest: auth.userHook }, async () => {
    throw new UnsupportedOperationException('OpenID not enabled');
  });
  app.get('/api/session/openid/callback', async () => {
    throw new UnsupportedOperationException('OpenID not enabled');
  });
};
