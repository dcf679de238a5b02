import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { Notification, User } from '../../../model';
import { getServerSettings } from '../../db/servers';
import { IllegalArgumentException, SecurityException } from '../../errors';
import { accessDenial } from '../../permissions/checkAccess';
import {
  isNotificator,
  NOTIFICATION_TYPES,
  notificatorStatus,
  type NotificatorName,
} from '../../notifications/catalog';
import {
  channelConfigured,
  deliver,
  isDeliveryChannel,
  type DeliveryContext,
} from '../../notifications/channels';
import { ChannelNotConfigured } from '../../notifications/channels/types';
import { sendAnnouncement } from '../../notifications/announce';
import { readerOf } from '../../notifications/readers';
import { NOTIFICATION_TEXTS } from '../../notifications/templates/texts';
import { notifications } from '../../entities/resources';
import { NoContent, crudRoutes } from '../crud';
import { requestContext } from '../context';
import { NullableString, baseErrors } from '../schemas';

const Typed = Type.Array(Type.Object({ type: Type.String() }));
const testReplies = { 204: NoContent, ...baseErrors };

/**
 * `/api/notifications`: the rules' CRUD, plus `/types`, `/notificators` and `/test`: what the
 * notification editor offers, and a test message through one or all notificators. As Traccar,
 * `/notificators` lists only those the server can deliver through (web and command always, mail,
 * Telegram, SMS and Firebase once configured); testing one that is not answers
 * `<Channel> is not configured` (docs/traccar-api.md).
 */
export const notificationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(crudRoutes<Notification>('/api/notifications', notifications));

  const context = async (): Promise<DeliveryContext> => ({
    settings: (await getServerSettings(app.db)).attributes,
    fetch,
    log: app.log,
    mailer: app.mailer,
    onSent: (channel) => app.statistics.delivered(channel),
  });

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
    async (request) => {
      const { settings, mailer } = await context();
      return (
        notificatorStatus((name) => channelConfigured(name, settings, mailer))
          .filter(({ configured }) => configured)
          // Web and command notificators cannot carry an announcement (Traccar's rule).
          .filter(
            ({ type }) => !request.query.announcement || (type !== 'web' && type !== 'command'),
          )
          .map(({ type }) => ({ type }))
      );
    },
  );

  /**
   * The caller of a test, who must reach the notifications area: a test message goes out through
   * every configured channel, which is not for a shared link or a user the bits keep out.
   */
  async function tester(request: FastifyRequest): Promise<User> {
    const { actor } = await requestContext(app, request);
    const denial = accessDenial(actor, 'notifications', 'read');
    if (denial) throw new SecurityException(denial);
    return actor.user;
  }

  /** The test message in the caller's language (their choice, else the server's, else pt-BR). */
  async function testMessage(user: User): Promise<string> {
    const { language } = readerOf(user.attributes, await getServerSettings(app.db));
    return NOTIFICATION_TEXTS[language].test;
  }

  async function sendTest(ctx: DeliveryContext, user: User, name: NotificatorName): Promise<void> {
    const message = await testMessage(user);
    if (name === 'web') {
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
            attributes: { message },
          },
        ],
      });
      return;
    }
    // A test has no device to queue a command for; like Traccar, nothing is sent.
    if (name === 'command' || !isDeliveryChannel(name)) return;
    try {
      await deliver(ctx, name, user, { subject: message, text: message });
    } catch (error) {
      if (!(error instanceof ChannelNotConfigured)) {
        app.log.warn({ err: error, channel: name }, 'test notification failed');
      }
      throw error;
    }
  }

  app.post(
    '/api/notifications/test',
    { onRequest: app.auth.userHook, schema: { response: testReplies } },
    async (request, reply) => {
      const user = await tester(request);
      const ctx = await context();
      const usable = notificatorStatus((name) => channelConfigured(name, ctx.settings, ctx.mailer));
      for (const { type, configured } of usable) {
        if (configured) await sendTest(ctx, user, type);
      }
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/notifications/test/:notificator',
    {
      onRequest: app.auth.userHook,
      schema: { params: Type.Object({ notificator: Type.String() }), response: testReplies },
    },
    async (request, reply) => {
      const user = await tester(request);
      const name = request.params.notificator;
      if (!isNotificator(name)) throw new IllegalArgumentException('Unknown notificator');
      await sendTest(await context(), user, name);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/notifications/send/:notificator',
    {
      onRequest: app.auth.userHook,
      schema: {
        params: Type.Object({ notificator: Type.String() }),
        querystring: Type.Object({
          userId: Type.Optional(Type.Array(Type.Integer({ minimum: 1 }))),
        }),
        body: Type.Object({
          subject: Type.String({ maxLength: 1000 }),
          digest: Type.Optional(NullableString({ maxLength: 2000 })),
          body: Type.String({ maxLength: 20000 }),
          priority: Type.Optional(Type.Boolean()),
        }),
        response: testReplies,
      },
    },
    async (request, reply) => {
      await sendAnnouncement(
        await requestContext(app, request),
        {
          delivery: await context(),
          sendWeb: (userId, message) => app.hub.sendToUser(userId, message),
        },
        request.params.notificator,
        request.query.userId ?? [],
        request.body,
      );
      return reply.code(204).send(null);
    },
  );
};
