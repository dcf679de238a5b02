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
 * is registered under, for administrators to add (with `POST /api/devices`) or dismiss, and the
 * ports devices report to, for anyone pointing a tracker at the server. Embedded mode only: they are this
 * server's protocol ports.
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

  // Any signed-in user: a customer connecting their first tracker needs the ports as much as an
  // administrator, and a tracker finds them by trying anyway.
  app.get(
    '/tarkan/devices/ports',
    {
      onRequest: app.auth.userHook,
      schema: {
        response: {
          200: Type.Array(
            Type.Object({
              protocol: Type.String(),
              port: Type.Integer(),
              transports: Type.Array(Type.String()),
            }),
          ),
          ...baseErrors,
        },
      },
    },
    async () =>
      app.deviceListeningPorts.map((port) => ({ ...port, transports: [...port.transports] })),
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
