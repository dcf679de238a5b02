import type { FastifyPluginAsync } from 'fastify';
import { notFound } from '../errors';
import { bearerMatches } from '../metrics/metrics';

/**
 * `GET /metrics`: the Prometheus exposition, for `Authorization: Bearer <METRICS_TOKEN>` only.
 * Without METRICS_TOKEN, and to any other caller, it answers as a path that does not exist, so
 * it tells nothing about itself (docs/scaling.md, "Metrics and configuration").
 */
export const metricsRoutes: FastifyPluginAsync = async (app) => {
  app.get('/metrics', async (request, reply) => {
    const { metrics } = app;
    const token = app.config.metricsToken;
    if (!metrics || !token || !bearerMatches(request.headers.authorization, token)) {
      throw notFound();
    }
    const { contentType, text } = await metrics.exposition();
    return reply.header('cache-control', 'no-store').type(contentType).send(text);
  });
};
