import {
  Type,
  type FastifyPluginAsyncTypebox,
  type TypeBoxTypeProvider,
  type TSchema,
} from '@fastify/type-provider-typebox';
import type { Device } from '../../../model';
import { updateAccumulators } from '../../devices/accumulators';
import { deleteDevice } from '../../devices/deviceDelete';
import { listDevicesJson } from '../../devices/deviceList';
import { devices } from '../../devices/deviceDef';
import { WebApplicationException } from '../../errors';
import { IMAGE_MAX_BYTES, imageTooLarge, uploadDeviceImage } from '../../media/deviceImage';
import { mediaType } from '../../media/imageType';
import { mediaRoot } from '../../media/mediaStore';
import { requestContext } from '../context';
import { sendJsonText } from '../jsonText';
import { NoContent, crudRoutes } from '../crud';
import { listFilters, responseSchema } from '../entitySchemas';
import { acceptRawBodies } from '../rawBody';
import { ErrorText, IdParams, errors } from '../schemas';

/** Erased to TSchema: the generic entity layer returns untyped wire objects. */
const DeviceSchema: TSchema = responseSchema<Device>(devices);

const DeviceQuerystring = Type.Object({
  ...listFilters,
  id: Type.Optional(Type.Array(Type.Integer({ minimum: 1 }))),
  uniqueId: Type.Optional(Type.Array(Type.String())),
});

const AccumulatorsBody = Type.Object({
  deviceId: Type.Optional(Type.Integer()),
  totalDistance: Type.Optional(Type.Number()),
  hours: Type.Optional(Type.Number()),
});

export const deviceRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const hooks = { onRequest: app.auth.userHook };

  await app.register(crudRoutes<Device>('/api/devices', devices, { skip: ['list', 'delete'] }));

  app.get(
    '/api/devices',
    {
      ...hooks,
      schema: {
        querystring: DeviceQuerystring,
        response: { 200: Type.Array(DeviceSchema), ...errors },
      },
    },
    // JSON text written by the database (entities/listJson.ts).
    async (request, reply) =>
      sendJsonText(reply, await listDevicesJson(await requestContext(app, request), request.query)),
  );

  app.delete(
    '/api/devices/:id',
    { ...hooks, schema: { params: IdParams, response: { 204: NoContent, ...errors } } },
    async (request, reply) => {
      await deleteDevice(await requestContext(app, request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/api/devices/:id/accumulators',
    {
      ...hooks,
      schema: {
        params: IdParams,
        body: AccumulatorsBody,
        response: { 204: NoContent, ...errors },
      },
    },
    async (request, reply) => {
      await updateAccumulators(await requestContext(app, request), request.params.id, request.body);
      return reply.code(204).send(null);
    },
  );

  // The photo arrives as the raw body (the browser posts the File itself), only here.
  await app.register(async (scope) => {
    const raw = scope.withTypeProvider<TypeBoxTypeProvider>();
    acceptRawBodies(raw, IMAGE_MAX_BYTES, imageTooLarge);
    raw.post(
      '/api/devices/:id/image',
      {
        ...hooks,
        schema: {
          params: IdParams,
          response: { 200: Type.String(), 415: ErrorText, ...errors },
        },
      },
      async (request, reply) => {
        const contentType = request.headers['content-type'];
        // Traccar consumes image/* only; other bodies never reach its handler.
        if (!mediaType(contentType).startsWith('image/')) throw new WebApplicationException(415);
        const name = await uploadDeviceImage(
          await requestContext(app, request),
          mediaRoot(app.config.dataDir),
          request.params.id,
          contentType,
          request.body as Buffer,
        );
        return reply.type('text/plain; charset=utf-8').send(name);
      },
    );
  });
};
