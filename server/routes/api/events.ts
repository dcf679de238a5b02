import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { getEvent } from '../../positions/queries';
import { requestContext } from '../context';
import { AttributesMap } from '../entitySchemas';
import { IdParams, errors } from '../schemas';

const EventSchema = Type.Object({
  id: Type.Integer(),
  type: Type.String(),
  eventTime: Type.String(),
  deviceId: Type.Integer(),
  positionId: Type.Integer(),
  geofenceId: Type.Integer(),
  maintenanceId: Type.Integer(),
  attributes: AttributesMap,
});

/** `GET /api/events/:id`: one event of a device the caller reaches (there is no list). */
export const eventRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/events/:id',
    {
      onRequest: app.auth.userHook,
      schema: { params: IdParams, response: { 200: EventSchema, ...errors } },
    },
    async (request) => getEvent(await requestContext(app, request), request.params.id),
  );
};
