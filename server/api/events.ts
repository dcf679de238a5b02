import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { notFound } from '../errors';
import { assertVisible } from '../permissions/objects';
import { eventFromRow, eventJson } from '../serialize';
import { requestContext } from './context';
import { errors } from './crud';
import { AttributesMap } from './entitySchemas';
import { IdParams } from './schemas';

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
    async (request) => {
      const ctx = await requestContext(app, request);
      const row = await ctx.db.kysely
        .selectFrom('events')
        .selectAll()
        .where('id', '=', request.params.id)
        .executeTakeFirst();
      if (!row) throw notFound();
      await assertVisible(ctx.db, ctx.actor, 'device', row.deviceId);
      return eventJson(eventFromRow(row));
    },
  );
};
