import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { parsePeriod } from '../../reports/period';
import { flushStatistics, listStatistics } from '../../statistics/store';
import { baseErrors } from '../schemas';

const Count = Type.Integer();

const StatisticsSchema = Type.Object({
  id: Type.Integer(),
  captureTime: Type.String(),
  activeUsers: Count,
  activeDevices: Count,
  requests: Count,
  messagesReceived: Count,
  messagesStored: Count,
  mailSent: Count,
  smsSent: Count,
  geocoderRequests: Count,
  geolocationRequests: Count,
  protocols: Type.Unsafe<Record<string, number> | null>({
    type: ['object', 'null'],
    additionalProperties: { type: 'integer' },
  }),
  attributes: Type.Record(Type.String(), Type.Unknown()),
});

const PeriodQuery = Type.Object({
  from: Type.Optional(Type.String()),
  to: Type.Optional(Type.String()),
});

/**
 * `GET /api/statistics?from&to` (administrators): one row per day whose start lies in the period,
 * oldest first. This instance's counts are written first, so today's row is current.
 */
export const statisticsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/statistics',
    {
      onRequest: app.auth.adminHook,
      schema: {
        querystring: PeriodQuery,
        response: { 200: Type.Array(StatisticsSchema), ...baseErrors },
      },
    },
    async (request) => {
      const { from, to } = parsePeriod(request.query.from, request.query.to);
      await flushStatistics(app.db, app.statistics);
      return listStatistics(app.db, from, to);
    },
  );
};
