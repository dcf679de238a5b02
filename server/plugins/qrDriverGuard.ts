import fp from 'fastify-plugin';
import { SecurityException } from '../errors';
import { DENIED } from '../permissions/checkAccess';
import { isDriverAccount } from '../qrDriver/checkIn';
import { driverMayCall } from '../qrDriver/guard';

/**
 * Refuses a QR driver account everything but the driver screens' calls (a root hook, so it sees
 * every route; registered right after the auth plugin).
 */
export const qrDriverGuard = fp(
  async (app) => {
    app.addHook('onRequest', async (request) => {
      if (!request.headers.cookie && !request.headers.authorization) return;
      if (driverMayCall(request.method, request.url)) return;
      const auth = await app.auth.current(request);
      if (auth && isDriverAccount(auth.user) && !auth.user.administrator) {
        const read = request.method === 'GET' || request.method === 'HEAD';
        throw new SecurityException(read ? DENIED.read : DENIED.write);
      }
    });
  },
  { name: 'qrDriverGuard', dependencies: ['auth'] },
);
