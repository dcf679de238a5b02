import { Type, type FastifyPluginAsyncTypebox, type TSchema } from '@fastify/type-provider-typebox';
import { deletePosition, deletePositionRange } from '../../positions/deletion';
import { exportPositions, type ExportFormat } from '../../positions/exports';
import { LatestPositionsJson } from '../../positions/latestJson';
import { latestPositionsJson, listPositions } from '../../positions/queries';
import { IllegalArgumentException } from '../../errors';
import { parsePeriod } from '../../reports/period';
import { NoContent } from '../crud';
import { requestContext } from '../context';
import { sendJsonText } from '../jsonText';
import { IdParams, errors } from '../schemas';
import { AttributesMap } from '../entitySchemas';

const nullable = (type: string) => Type.Unsafe({ type: [type, 'null'] });

/** Plain types only, so fast-json-stringify serialises 10k positions without per-value checks. */
const PositionSchema: TSchema = Type.Object({
  id: Type.Integer(),
  deviceId: Type.Integer(),
  protocol: nullable('string'),
  serverTime: Type.String(),
  deviceTime: Type.String(),
  fixTime: Type.String(),
  outdated: Type.Boolean(),
  valid: Type.Boolean(),
  latitude: Type.Number(),
  longitude: Type.Number(),
  altitude: Type.Number(),
  speed: Type.Number(),
  course: Type.Number(),
  address: nullable('string'),
  accuracy: Type.Number(),
  network: Type.Unsafe({ type: ['object', 'null'], additionalProperties: true }),
  geofenceIds: Type.Unsafe({ type: ['array', 'null'], items: { type: 'integer' } }),
  attributes: AttributesMap,
});

const PositionQuerystring = Type.Object({
  deviceId: Type.Optional(Type.Integer({ minimum: 1 })),
  from: Type.Optional(Type.String()),
  to: Type.Optional(Type.String()),
  id: Type.Optional(Type.Array(Type.Integer({ minimum: 1 }))),
  geofenceId: Type.Optional(Type.Integer({ minimum: 0 })),
});

export const positionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const latestTexts = new LatestPositionsJson();
  app.get(
    '/api/positions',
    {
      onRequest: app.auth.userHook,
      schema: {
        querystring: PositionQuerystring,
        response: { 200: Type.Array(PositionSchema), ...errors },
      },
    },
    async (request, reply) => {
      const ctx = await requestContext(app, request);
      const { deviceId, id } = request.query;
      // The list every map opens with: prepared text, not a serialisation per device.
      if (deviceId === undefined && (id ?? []).length === 0) {
        return sendJsonText(reply, await latestPositionsJson(ctx, latestTexts));
      }
      return listPositions(ctx, request.query);
    },
  );
};

const PeriodQuerystring = Type.Object({
  deviceId: Type.Optional(Type.Integer()),
  geofenceId: Type.Optional(Type.Integer({ minimum: 0 })),
  from: Type.Optional(Type.String()),
  to: Type.Optional(Type.String()),
});

/** A device id the query must carry (Traccar reads a missing one as 0, which nobody reaches). */
function requiredDevice(deviceId: number | undefined): number {
  if (deviceId === undefined || deviceId <= 0) {
    throw new IllegalArgumentException('Device is required');
  }
  return deviceId;
}

/**
 * Deleting positions (Traccar: any account but a readonly one, on a device it reaches) and
 * downloading one device's positions as CSV, KML, KMZ or GPX (reports must be allowed).
 */
export const positionToolRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const afterDelete = (result: Awaited<ReturnType<typeof deletePosition>>) => {
    if (result.replaced) {
      app.tracking.latestDeleted(
        result.deviceId,
        result.replaced.previousId,
        result.replaced.latest,
      );
    }
  };

  app.delete(
    '/api/positions/:id',
    {
      onRequest: app.auth.userHook,
      schema: { params: IdParams, response: { 204: NoContent, ...errors } },
    },
    async (request, reply) => {
      afterDelete(await deletePosition(await requestContext(app, request), request.params.id));
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/api/positions',
    {
      onRequest: app.auth.userHook,
      schema: { querystring: PeriodQuerystring, response: { 204: NoContent, ...errors } },
    },
    async (request, reply) => {
      const ctx = await requestContext(app, request);
      const deviceId = requiredDevice(request.query.deviceId);
      const { from, to } = parsePeriod(request.query.from, request.query.to);
      afterDelete(await deletePositionRange(ctx, deviceId, from, to));
      return reply.code(204).send(null);
    },
  );

  for (const format of ['csv', 'kml', 'kmz', 'gpx'] as const satisfies ExportFormat[]) {
    app.get(
      `/api/positions/${format}`,
      {
        onRequest: app.auth.userHook,
        // No response schema: the body is a file, errors the usual text.
        schema: { querystring: PeriodQuerystring },
      },
      async (request, reply) => {
        const ctx = await requestContext(app, request);
        const deviceId = requiredDevice(request.query.deviceId);
        const { from, to } = parsePeriod(request.query.from, request.query.to);
        const file = await exportPositions(
          ctx,
          format,
          deviceId,
          from,
          to,
          request.query.geofenceId,
        );
        return reply
          .type(file.type)
          .header('content-disposition', `attachment; filename=${file.fileName}`)
          .send(file.body);
      },
    );
  }
};
