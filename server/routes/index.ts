import type { FastifyPluginAsync } from 'fastify';
import { apiRoutes } from './api';
import { metricsRoutes } from './metrics';
import { tarkanRoutes } from './tarkan';

/**
 * Every HTTP route, in a tree that mirrors the URLs. In proxy mode (`TRACCAR_URL`) Traccar answers
 * `/api` through the proxy plugin, so only `/tarkan` (and `/metrics`) is registered here.
 */
export const routes: FastifyPluginAsync = async (app) => {
  if (!app.config.traccarUrl) await app.register(apiRoutes);
  await app.register(tarkanRoutes);
  await app.register(metricsRoutes);
};
