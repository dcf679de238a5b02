import { Type, type FastifyPluginAsyncTypebox, type TSchema } from '@fastify/type-provider-typebox';
import { listPositions } from '../../positions/queries';
import { requestContext } from '../context';
import { errors } from '../schemas';
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
});

export const positionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/positions',
    {
      onRequest: app.auth.userHook,
      schema: {
        querystring: PositionQuerystring,
        response: { 200: Type.Array(PositionSchema), ...errors },
      },
    },
    async (request) => listPositions(await requestContext(app, request), request.query),
  );
};
