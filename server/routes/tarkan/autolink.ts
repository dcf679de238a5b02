import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requestContext } from '../context';
import { baseErrors } from '../schemas';
import { autolink } from '../../autolink/service';

/**
 * `POST /tarkan/autolink {imei, placa, modelo, categoria}` (docs/extension-api.md): adds a device
 * by identifier for the signed-in user; text `OK`, with the device id in `X-Device-Id`.
 */
export const autolinkRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/tarkan/autolink',
    {
      onRequest: app.auth.userHook,
      schema: {
        body: Type.Object({
          imei: Type.String({ maxLength: 64 }),
          placa: Type.Optional(Type.String({ maxLength: 64 })),
          modelo: Type.Optional(Type.String({ maxLength: 128 })),
          categoria: Type.Optional(Type.String({ maxLength: 32 })),
        }),
        response: { 200: Type.String(), ...baseErrors },
      },
    },
    async (request, reply) => {
      const id = await autolink(await requestContext(app, request), request.body);
      return reply.type('text/plain; charset=utf-8').header('x-device-id', String(id)).send('OK');
    },
  );
};
