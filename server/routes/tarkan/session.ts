import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { impersonationState } from '../../signIn/impersonation';
import { findUserById } from '../../db/users';
import { IllegalArgumentException, unauthorized } from '../../errors';
import { withVisibleKey } from '../../users/totpKey';
import { UserSchema, baseErrors } from '../schemas';

const State = Type.Object({
  original: Type.Union([
    Type.Object({ id: Type.Integer(), name: Type.String(), email: Type.String() }),
    Type.Null(),
  ]),
});

/**
 * `/tarkan/session/impersonation` (docs/extension-api.md): whether the cookie session acts as
 * another user since `GET /api/session/{id}`, and the way back to the user who signed in. Only
 * that session's own original user can be returned to: the id is read from the session, never
 * from the request.
 */
export const sessionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { auth } = app;

  app.get(
    '/tarkan/session/impersonation',
    { onRequest: auth.userHook, schema: { response: { 200: State, ...baseErrors } } },
    async (request) => {
      const { session } = await auth.requireUser(request);
      return impersonationState(app.db, session?.impersonatorId ?? null);
    },
  );

  app.delete(
    '/tarkan/session/impersonation',
    { onRequest: auth.userHook, schema: { response: { 200: UserSchema, ...baseErrors } } },
    async (request, reply) => {
      const { session } = await auth.requireUser(request);
      if (!session || session.impersonatorId === null) {
        throw new IllegalArgumentException('Not signed in as another user');
      }
      // The session was just read with its original user checked and let in.
      const original = await findUserById(app.db, session.impersonatorId);
      if (!original) throw unauthorized();
      await auth.startSession(request, reply, {
        userId: original.user.id,
        expires: session.expires,
        remember: session.remember,
        tokenId: session.tokenId,
        origin: session.origin,
      });
      app.hub.closeSession(session.id);
      const reader = {
        userId: original.user.id,
        admin: original.user.administrator,
        impersonated: false,
      };
      return withVisibleKey(reader, original.user);
    },
  );
};
