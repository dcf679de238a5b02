import fp from 'fastify-plugin';
import { formatError } from '../errors';

/** Every error becomes Traccar's text body; unexpected ones are logged, never sent. */
export const errorsPlugin = fp(
  async (app) => {
    app.setErrorHandler((error, request, reply) => {
      const response = formatError(error);
      if (response.internal) request.log.error({ err: error }, 'request failed');
      return reply
        .code(response.status)
        .headers(response.headers)
        .type('text/plain; charset=utf-8')
        .send(response.body);
    });
  },
  { name: 'errors' },
);
