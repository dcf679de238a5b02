import fp from 'fastify-plugin';
import { IllegalArgumentException } from '../errors';
import { holdsNul } from '../security/textInput';

/** Refuses, with Traccar's 400, any request whose parameters, query or body hold a NUL. */
export const textInputPlugin = fp(
  async (app) => {
    app.addHook('preValidation', async (request) => {
      if (holdsNul(request.params) || holdsNul(request.query) || holdsNul(request.body)) {
        throw new IllegalArgumentException('Text holds a NUL character');
      }
    });
  },
  { name: 'text-input' },
);
