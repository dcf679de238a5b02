import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { User } from '../../src/model';
import { IllegalArgumentException } from '../errors';
import {
  enabledNotificators,
  NOTIFICATION_TYPES,
  NOTIFICATORS,
  type NotificatorName,
} from '../notifications/catalog';

const Typed = Type.Array(Type.Object({ type: Type.String() }));
const TEST_MESSAGE = 'Test notification';

/**
 * `/api/notifications/types`, `/notificators` and `/test`: what the notification editor offers,
 * and a test message through one or all enabled notificators (contract §9).
 */
export const notificationActionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const enabled = () => enabledNotificators(app.mailer !== null);

  app.get(
    '/api/notifications/types',
    { onRequest: app.auth.userHook, schema: { response: { 200: Typed } } },
    async () => NOTIFICATION_TYPES.map((type) => ({ type })),
  );

  app.get(
    '/api/notifications/notificators',
    {
      onRequest: app.auth.userHook,
      schema: {
        querystring: Type.Object({ announcement: Type.Optional(Type.Boolean()) }),
        response: { 200: Typed },
      },
    },
    async (request) =>
      enabled()
        // Web and command notificators cannot carry an announcement (Traccar's rule).
        .filter((type) => !request.query.announcement || (type !== 'web' && type !== 'command'))
        .map((type) => ({ type })),
  );

  async function sendTest(user: User, notificator: NotificatorName): Promise<void> {
    switch (notificator) {
      case 'web':
        app.hub.sendToUser(user.id, {
          events: [
            {
              id: 0,
              type: 'test',
              eventTime: new Date().toISOString(),
              deviceId: 0,
              positionId: 0,
              geofenceId: 0,
              maintenanceId: 0,
              attributes: { message: TEST_MESSAGE },
            },
          ],
        });
        return;
      case 'mail':
        try {
          await app.mailer!.send({ to: user.email, subject: TEST_MESSAGE, text: TEST_MESSAGE });
        } catch (error) {
          app.log.warn({ err: error }, 'test mail failed');
          throw new IllegalArgumentException('Mail delivery failed');
        }
        return;
      case 'command':
        // A test has no device to queue a command for; like Traccar, nothing is sent.
        return;
    }
  }

  app.post('/api/notifications/test', { onRequest: app.auth.userHook }, async (request, reply) => {
    const { user } = await app.auth.requireUser(request);
    for (const notificator of enabled()) await sendTest(user, notificator);
    return reply.code(204).send();
  });

  app.post(
    '/api/notifications/test/:notificator',
    {
      onRequest: app.auth.userHook,
      schema: { params: Type.Object({ notificator: Type.String() }) },
    },
    async (request, reply) => {
      const { user } = await app.auth.requireUser(request);
      const name = request.params.notificator;
      const known = (NOTIFICATORS as readonly string[]).includes(name);
      if (!known || !enabled().includes(name as NotificatorName)) {
        throw new IllegalArgumentException('Notificator not configured');
      }
      await sendTest(user, name as NotificatorName);
      return reply.code(204).send();
    },
  );
};
