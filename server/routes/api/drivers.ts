import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Driver } from '../../../model';
import { drivers } from '../../qrDriver/driverDef';
import { deleteDriver } from '../../qrDriver/deleteDriver';
import { NoContent, crudRoutes } from '../crud';
import { requestContext } from '../context';
import { IdParams, errors } from '../schemas';

const crud = crudRoutes<Driver>('/api/drivers', drivers, { skip: ['delete'] });

/** The driver CRUD; delete is here because a QR driver's account goes with the driver. */
export const driverRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(crud);
  app.delete(
    '/api/drivers/:id',
    {
      onRequest: app.auth.userHook,
      schema: { params: IdParams, response: { 204: NoContent, ...errors } },
    },
    async (request, reply) => {
      const accountId = await deleteDriver(await requestContext(app, request), request.params.id);
      if (accountId) app.hub.closeUser(accountId);
      return reply.code(204).send(null);
    },
  );
};
