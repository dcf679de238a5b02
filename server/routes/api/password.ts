import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requestPasswordReset, resetPasswordLink, resetPassword } from '../../signIn/recovery';
import { recoveryTargets } from '../context';
import { errors } from '../schemas';

/**
 * Traccar's password reset (docs/traccar-api.md), public and form-encoded: `reset` mails a link
 * to `/reset-password?passwordReset=`, `update` spends the token on a new password. Same token
 * store, lifetime and rules as `/api/session/password`.
 */
export const passwordRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app;

  app.post(
    '/api/password/reset',
    {
      schema: {
        body: Type.Object({ email: Type.Optional(Type.String()) }),
        response: { 200: Type.String(), ...errors },
      },
    },
    async (request, reply) => {
      await app.passwordResetLimit(request, reply);
      const targets = await recoveryTargets(app, request);
      const reset = { email: request.body.email, targets, link: resetPasswordLink };
      // 200 whether or not the address belongs to someone: nothing to enumerate accounts with.
      await requestPasswordReset(db, app.mailer, reset, request.log);
      return reply.code(200).type('text/plain; charset=utf-8').send('');
    },
  );

  app.post(
    '/api/password/update',
    {
      schema: {
        body: Type.Object({
          token: Type.String({ minLength: 1 }),
          password: Type.Optional(Type.String()),
        }),
        response: { 200: Type.String(), ...errors },
      },
    },
    async (request, reply) => {
      const user = await resetPassword(db, request.body.token, request.body.password);
      // The user's sessions and tokens ended with the reset: their live sockets close too.
      app.hub.closeUser(user.id);
      return reply.code(200).type('text/plain; charset=utf-8').send('');
    },
  );
};
