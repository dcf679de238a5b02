import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

/**
 * Liveness and readiness for load balancers, supervisors and the test harness (docs/scaling.md,
 * "Health, readiness and draining"). Liveness answers as long as the process serves HTTP and asks
 * nothing else, so a database outage does not get every instance restarted; readiness asks the
 * database (and Redis in cluster mode) and says no while the instance drains.
 */
export const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/health',
    { schema: { response: { 200: Type.String() } } },
    async (_request, reply) => reply.type('text/plain; charset=utf-8').send('OK'),
  );

  app.get(
    '/api/health/ready',
    { schema: { response: { 200: Type.String(), 503: Type.String() } } },
    async (_request, reply) => {
      const answer = await app.readiness.check();
      reply.type('text/plain; charset=utf-8');
      // A balancer must not cache either answer.
      reply.header('cache-control', 'no-store');
      if (answer.ready) return reply.send('OK');
      return reply.code(503).send(`Not ready: ${answer.reason}`);
    },
  );
};
