import { Type, type FastifyPluginAsyncTypebox, type TSchema } from '@fastify/type-provider-typebox';
import type { Command } from '../../../model';
import { commandTypes, commandsForDevice, sendCommand } from '../../commands/send';
import { commands } from '../../entities/resources';
import { requestContext } from '../context';
import { errors } from '../schemas';
import { crudRoutes } from '../crud';
import { AttributesMap, responseSchema } from '../entitySchemas';

const CommandSchema: TSchema = responseSchema<Command>(commands);

const QueuedCommandSchema = Type.Object({
  id: Type.Integer(),
  deviceId: Type.Integer(),
  type: Type.String(),
  textChannel: Type.Boolean(),
  attributes: AttributesMap,
});

const SendBody = Type.Object({
  id: Type.Optional(Type.Integer({ minimum: 0 })),
  deviceId: Type.Optional(Type.Integer({ minimum: 0 })),
  type: Type.Optional(Type.String()),
  textChannel: Type.Optional(Type.Boolean()),
  attributes: Type.Optional(Type.Unsafe<Record<string, unknown>>({ type: 'object' })),
});

const DeviceQuery = Type.Object({ deviceId: Type.Integer({ minimum: 1 }) });

export const commandRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const hooks = { onRequest: app.auth.userHook };

  await app.register(crudRoutes<Command>('/api/commands', commands));

  app.get(
    '/api/commands/send',
    {
      ...hooks,
      schema: { querystring: DeviceQuery, response: { 200: Type.Array(CommandSchema), ...errors } },
    },
    async (request) =>
      commandsForDevice(
        await requestContext(app, request),
        request.query.deviceId,
        app.deviceSessions,
      ),
  );

  app.post(
    '/api/commands/send',
    {
      ...hooks,
      schema: {
        querystring: Type.Object({ groupId: Type.Optional(Type.Integer({ minimum: 1 })) }),
        body: SendBody,
        response: {
          200: CommandSchema,
          202: Type.Union([QueuedCommandSchema, Type.Array(QueuedCommandSchema)]),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const ctx = await requestContext(app, request);
      const outcome = await sendCommand(
        ctx,
        request.body,
        request.query.groupId,
        app.deviceSessions,
      );
      return reply.code(outcome.status).send(outcome.body);
    },
  );

  app.get(
    '/api/commands/types',
    {
      ...hooks,
      schema: {
        querystring: Type.Object({
          deviceId: Type.Optional(Type.Integer({ minimum: 1 })),
          textChannel: Type.Optional(Type.Boolean()),
        }),
        response: { 200: Type.Array(Type.Object({ type: Type.String() })), ...errors },
      },
    },
    async (request) => {
      const { deviceId, textChannel } = request.query;
      const types = await commandTypes(
        await requestContext(app, request),
        deviceId,
        textChannel,
        app.deviceSessions,
      );
      return types.map((type) => ({ type }));
    },
  );
};
