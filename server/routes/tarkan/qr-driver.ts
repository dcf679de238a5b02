import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { allowedDevice, checkInOrOut, driverStatus } from '../../qrDriver/service';
import { requestContext } from '../context';
import { NullableString, UserSchema, errors } from '../schemas';

const DeviceSummary = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  plate: NullableString(),
});

const Status = Type.Object({
  user: UserSchema,
  driverName: Type.String(),
  device: Type.Union([DeviceSummary, Type.Null()]),
  since: NullableString(),
});

/**
 * `/tarkan/qr-driver` (docs/qr-driver.md): the signed-in driver's check-in, the vehicle behind a
 * scanned QR code, and `POST {id}` to check in (`{id: 0}` checks out). The rules that follow
 * ignition events run in the jobs plugin.
 */
export const qrDriverRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/tarkan/qr-driver',
    { onRequest: app.auth.userHook, schema: { response: { 200: Status, ...errors } } },
    async (request) => driverStatus(app.db, (await app.auth.requireUser(request)).user),
  );

  app.get(
    '/tarkan/qr-driver/devices/:id',
    {
      onRequest: app.auth.userHook,
      schema: {
        params: Type.Object({ id: Type.Integer({ minimum: 1 }) }),
        response: { 200: DeviceSummary, ...errors },
      },
    },
    async (request) => {
      const { user } = await app.auth.requireUser(request);
      return allowedDevice(app.db, user, request.params.id);
    },
  );

  app.post(
    '/tarkan/qr-driver',
    {
      onRequest: app.auth.userHook,
      schema: {
        body: Type.Object({ id: Type.Integer({ minimum: 0 }) }),
        response: { 200: UserSchema, ...errors },
      },
    },
    async (request) =>
      checkInOrOut(await requestContext(app, request), app.qrRules, request.body.id, app.log),
  );
};
