import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { listActions } from '../../audit/actions';
import { parsePeriod } from '../../reports/period';
import { NullableString, baseErrors } from '../schemas';

const ActionSchema = Type.Object({
  id: Type.Integer(),
  actionTime: Type.String(),
  address: NullableString(),
  userId: Type.Integer(),
  userEmail: NullableString(),
  actionType: Type.String(),
  objectType: NullableString(),
  objectId: Type.Integer(),
  attributes: Type.Record(Type.String(), Type.Unknown()),
});

/** `GET /api/audit?from&to` (administrators): the audit log as Traccar's actions. */
export const auditRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/audit',
    {
      onRequest: app.auth.adminHook,
      schema: {
        querystring: Type.Object({
          from: Type.Optional(Type.String()),
          to: Type.Optional(Type.String()),
        }),
        response: { 200: Type.Array(ActionSchema), ...baseErrors },
      },
    },
    async (request) => {
      const { from, to } = parsePeriod(request.query.from, request.query.to);
      return listActions(app.db, from, to);
    },
  );
};
