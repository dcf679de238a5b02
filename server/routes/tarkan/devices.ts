import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { forgetConnectingDevice, listConnectingDevices } from '../../devices/connecting';
import { toIso } from '../../db/json';
import { notFound } from '../../errors';
import { baseErrors, errors } from '../schemas';

const ConnectingDevice = Type.Object({
  uniqueId: Type.String(),
  protocol: Type.String(),
  address: Type.String(),
  firstSeen: Type.String(),
  lastSeen: Type.String(),
  attempts: Type.Integer(),
});

/**
 * Devices trying to connect (docs/extension-api.md): trackers that sent an identifier no device
 * is registered under, for administrators to add (with `POST /api/devices`) or dismiss. Embedded
 * mode only: the identifiers are what this server's protocol ports heard.
 */
export const deviceRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const hooks = { onRequest: app.auth.adminHook };

  app.get(
    '/tarkan/devices/connecting',
    { ...hooks, schema: { response: { 200: Type.Array(ConnectingDevice), ...baseErrors } } },
    async () =>
      (await listConnectingDevices(app.db)).map((device) => ({
        ...device,
        firstSeen: toIso(device.firstSeen) as string,
        lastSeen: toIso(device.lastSeen) as string,
      })),
  );

  app.delete(
    '/tarkan/devices/connecting/:uniqueId',
    {
      ...hooks,
      schema: {
        params: Type.Object({ uniqueId: Type.String({ minLength: 1, maxLength: 128 }) }),
        response: { 204: Type.Null(), ...errors },
      },
    },
    async (request, reply) => {
      if (!(await forgetConnectingDevice(app.db, request.params.uniqueId))) throw notFound();
      return reply.code(204).send(null);
    },
  );
};
