import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { UserSchema, ErrorText } from '../schemas';
import { getServerSettings } from '../../db/servers';
import { inTransaction, type Ctx } from '../../entities/context';
import { makeActor } from '../../permissions/actor';
import {
  USER_CHECK_IN_TIME,
  assertAllowedDevice,
  checkedInDevice,
  driverOfUser,
  findDevice,
  recordCheckIn,
} from '../../qrDriver/checkIn';

const errors = { 400: ErrorText, 401: ErrorText, 404: ErrorText };

const DeviceSummary = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  plate: Type.Union([Type.String(), Type.Null()]),
});

const Status = Type.Object({
  user: UserSchema,
  driverName: Type.String(),
  device: Type.Union([DeviceSummary, Type.Null()]),
  since: Type.Union([Type.String(), Type.Null()]),
});

const plateOf = (attributes: Record<string, unknown>) =>
  typeof attributes.placa === 'string' && attributes.placa !== '' ? attributes.placa : null;

/**
 * `/tarkan/qr-driver` (tarkan-inventory §2a, §3 "Driver QR"): the signed-in driver's check-in,
 * `POST {id}` to check in (`{id: 0}` checks out), and the rules that follow ignition events.
 */
export const qrDriverRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const rules = app.qrRules;

  /** The check-in/out stands even when a rule's command cannot be queued; that is logged. */
  async function runRule(work: () => Promise<void>): Promise<void> {
    try {
      await work();
    } catch (error) {
      app.log.error({ err: error }, 'qr driver rule failed');
    }
  }

  async function driverCtx(request: Parameters<typeof app.auth.requireUser>[0]) {
    const { user } = await app.auth.requireUser(request);
    const driver = await driverOfUser(app.db, user);
    const ctx: Ctx = {
      db: app.db,
      actor: makeActor(user, await getServerSettings(app.db)),
      changes: app.changes,
    };
    return { user, driver, ctx };
  }

  app.get(
    '/tarkan/qr-driver',
    { onRequest: app.auth.userHook, schema: { response: { 200: Status, ...errors } } },
    async (request) => {
      const { user, driver } = await driverCtx(request);
      const deviceId = checkedInDevice(user);
      const device = deviceId ? await findDevice(app.db, deviceId) : null;
      const since = user.attributes[USER_CHECK_IN_TIME];
      return {
        user,
        driverName: driver.name,
        device: device
          ? { id: device.id, name: device.name, plate: plateOf(device.attributes) }
          : null,
        since: device && typeof since === 'string' ? since : null,
      };
    },
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
      const { user, driver } = await driverCtx(request);
      const device = await assertAllowedDevice(app.db, user, driver, request.params.id);
      return { id: device.id, name: device.name, plate: plateOf(device.attributes) };
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
    async (request) => {
      const { user, driver, ctx } = await driverCtx(request);
      const { id } = request.body;
      if (id === 0) {
        const { user: updated, released } = await rules.checkOutAccount(user);
        if (released) await runRule(() => rules.checkedOut(released, driver));
        return updated;
      }
      const device = await assertAllowedDevice(app.db, user, driver, id);
      const result = await inTransaction(ctx, (db, changes) =>
        recordCheckIn(db, user, driver, device, changes, Date.now()),
      );
      await runRule(() => rules.checkedIn(id, driver, result.released));
      return result.user;
    },
  );
};
