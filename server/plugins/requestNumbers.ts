import fp from 'fastify-plugin';
import { IllegalArgumentException } from '../errors';
import { boundIntegers, holdsNonFinite } from '../security/requestNumbers';

/**
 * Numbers no id can be are refused with Traccar's 400 before they reach the database
 * (server/security/requestNumbers.ts): every integer of every route's request schema is bounded
 * to the safe range, and an infinite number a query or a path was coerced to is refused once
 * validated. Registered before any route, so the hook sees each schema before it is compiled.
 */
export const requestNumbersPlugin = fp(
  async (app) => {
    app.addHook('onRoute', (route) => {
      const { schema } = route;
      if (!schema) return;
      for (const part of [schema.params, schema.querystring, schema.body, schema.headers]) {
        boundIntegers(part);
      }
    });
    app.addHook('preHandler', async (request) => {
      if (holdsNonFinite(request.params) || holdsNonFinite(request.query)) {
        throw new IllegalArgumentException('Number is not finite');
      }
    });
  },
  { name: 'request-numbers' },
);
