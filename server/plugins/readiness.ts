import type { ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import { Readiness, type ReadinessProbe } from '../lifecycle/readiness';

declare module 'fastify' {
  interface FastifyInstance {
    readiness: Readiness;
  }
}

/**
 * Readiness (`/api/health/ready`): the database answers and, in cluster mode, Redis does; false
 * for good once `main.ts` starts draining the instance (docs/scaling.md, "Health, readiness and
 * draining"). While draining, every answer on the web port carries `Connection: close`, so a
 * balancer's or browser's kept-alive connection ends with the request in hand instead of waiting
 * for the next one, which would be refused.
 */
export const readinessPlugin = fp(
  async (app) => {
    const probes: ReadinessProbe[] = [
      { name: 'database', check: () => sql`select 1`.execute(app.db.kysely) },
    ];
    const cluster = app.cluster;
    if (cluster) probes.push({ name: 'redis', check: () => cluster.bus.ping() });
    const readiness = new Readiness(probes);
    app.decorate('readiness', readiness);
    // Answers being worked on when draining starts get the header too.
    const unanswered = new Set<ServerResponse>();
    readiness.onDraining(() => {
      for (const response of unanswered) {
        if (!response.headersSent) response.setHeader('connection', 'close');
      }
    });
    app.addHook('onRequest', async (request, reply) => {
      // A live socket's upgrade has no answer to mark; draining closes the socket itself.
      if (request.headers.upgrade !== undefined) return;
      // On the raw response, so the device answers written past Fastify carry it too.
      const response = reply.raw;
      if (readiness.draining) {
        response.setHeader('connection', 'close');
        return;
      }
      unanswered.add(response);
      response.once('close', () => unanswered.delete(response));
    });
  },
  { name: 'readiness', dependencies: ['services'] },
);
