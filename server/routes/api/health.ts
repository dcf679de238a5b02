import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sql } from 'kysely';

/** Liveness for load balancers and the test harness: answers only when the database does. */
export const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/health',
    { schema: { response: { 200: Type.String() } } },
    async (_request, reply) => {
      await sql`select 1`.execute(app.db.kysely);
      return reply.type('text/plain; charset=utf-8').send('OK');
    },
  );
};
