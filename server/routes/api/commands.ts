import { Type, type FastifyPluginAsyncTypebox, type TSchema } from '@fastify/type-provider-typebox';
import type { Command } from '../../../model';
import { commandsForDevice, deviceProtocol, sendCommand } from '../../commands/send';
import { supportedTypes } from '../../commands/supportedTypes';
import { commands } from '../../entities/resources';
import { assertVisible } from '../../permissions/objects';
import { requestContext } from '../context';
import { crudRoutes, errors } from '../crud';
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
      commandsForDevice(await requestContext(app, request), request.query.deviceId),
  );

  app.post(
    '/api/commands/send',
    {
      ...hooks,
      schema: {
        querystring: Type.Object({ groupId: Type.Optional(Type.Integer({ minimum: 1 })) }),
        body: SendBody,
        response: {
          202: Type.Union([QueuedCommandSchema, Type.Array(QueuedCommandSchema)]),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const ctx = await requestContext(app, request);
      // OsmAnd devices are never connected live: every command is queued (202).
      return reply.code(202).send(await sendCommand(ctx, request.body, request.query.groupId));
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
      const ctx = await requestContext(app, request);
      const { deviceId, textChannel } = request.query;
      let protocol: string | null | undefined;
      if (deviceId !== undefined) {
        protocol = await deviceProtocol(ctx.db, deviceId);
        await assertVisible(ctx.db, ctx.actor, 'device', deviceId);
      }
      return supportedTypes(protocol, textChannel).map((type) => ({ type }));
    },
  );
};
