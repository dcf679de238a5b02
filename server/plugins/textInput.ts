import fp from 'fastify-plugin';
import { IllegalArgumentException } from '../errors';
import { inputProblem, MAX_NESTING } from '../security/textInput';

/**
 * Refuses, with Traccar's 400, any request whose parameters, query or body hold a NUL or nest
 * deeper than Traccar's parser takes.
 */
export const textInputPlugin = fp(
  async (app) => {
    app.addHook('preValidation', async (request) => {
      const problem =
        inputProblem(request.params) ?? inputProblem(request.query) ?? inputProblem(request.body);
      if (problem === 'nul') throw new IllegalArgumentException('Text holds a NUL character');
      if (problem === 'nesting') {
        throw new IllegalArgumentException(`JSON nests deeper than ${MAX_NESTING} levels`);
      }
    });
  },
  { name: 'text-input' },
);
