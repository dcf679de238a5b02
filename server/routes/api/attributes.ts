import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { ComputedAttribute } from '../../../model';
import { testComputedAttribute } from '../../attributes/computedTest';
import { computedAttributes } from '../../entities/resources';
import { requestContext } from '../context';
import { errors } from '../schemas';
import { crudRoutes, NoContent } from '../crud';

const TestBody = Type.Object({
  expression: Type.String(),
  type: Type.Optional(Type.String()),
});

/** Computed attributes: everyone lists what they reach; only admins write and test. */
export const attributeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(crudRoutes<ComputedAttribute>('/api/attributes/computed', computedAttributes));

  app.post(
    '/api/attributes/computed/test',
    {
      onRequest: app.auth.userHook,
      schema: {
        querystring: Type.Object({ deviceId: Type.Integer({ minimum: 1 }) }),
        body: TestBody,
        response: {
          200: Type.Union([Type.Number(), Type.Boolean(), Type.String()]),
          204: NoContent,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const { expression, type = 'string' } = request.body;
      const value = await testComputedAttribute(
        await requestContext(app, request),
        request.query.deviceId,
        { expression, type: type as ComputedAttribute['type'] },
      );
      if (value === null) return reply.code(204).send(null);
      // Numbers and booleans go out as JSON, anything else as text, as Traccar answers.
      if (typeof value === 'string') return reply.type('text/plain; charset=utf-8').send(value);
      return reply.type('application/json').send(value);
    },
  );
};
