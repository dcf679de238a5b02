import { Type, type FastifyPluginAsyncTypebox, type TSchema } from '@fastify/type-provider-typebox';
import type { EntityDef } from '../entities/definition';
import {
  createEntity,
  deleteEntity,
  getEntity,
  listEntitiesJson,
  updateEntity,
} from '../entities/service';
import { requestContext } from './context';
import { sendJsonText } from './jsonText';
import { ListQuerystring, inputSchema, responseSchema } from './entitySchemas';
import { IdParams, errors } from './schemas';

type Input = Record<string, unknown>;

/** 204 answers carry no body. */
export const NoContent = Type.Null();

interface CrudOptions {
  /** Leave out routes a resource defines itself (devices list and delete). */
  skip?: ('list' | 'delete')[];
}

/**
 * The five routes of a Traccar object resource (docs/traccar-api.md): `GET` list and by id, `POST`
 * (200 with the new object), `PUT /:id` (200 echo) and `DELETE /:id` (204).
 */
export function crudRoutes<T>(
  path: string,
  def: EntityDef,
  options: CrudOptions = {},
): FastifyPluginAsyncTypebox {
  return async (app) => {
    const entity: TSchema = responseSchema<T>(def);
    const body = inputSchema(def);
    const hooks = { onRequest: app.auth.userHook };

    if (!options.skip?.includes('list')) {
      app.get(
        path,
        {
          ...hooks,
          schema: {
            querystring: ListQuerystring,
            response: { 200: Type.Array(entity), ...errors },
          },
        },
        // JSON text written by the database (entities/listJson.ts).
        async (request, reply) => {
          const ctx = await requestContext(app, request);
          return sendJsonText(reply, await listEntitiesJson(ctx, def, request.query));
        },
      );
    }

    app.get(
      `${path}/:id`,
      { ...hooks, schema: { params: IdParams, response: { 200: entity, ...errors } } },
      async (request) => getEntity(await requestContext(app, request), def, request.params.id),
    );

    app.post(
      path,
      { ...hooks, schema: { body, response: { 200: entity, ...errors } } },
      async (request) =>
        createEntity(await requestContext(app, request), def, request.body as Input),
    );

    app.put(
      `${path}/:id`,
      { ...hooks, schema: { params: IdParams, body, response: { 200: entity, ...errors } } },
      async (request) =>
        updateEntity(
          await requestContext(app, request),
          def,
          request.params.id,
          request.body as Input,
        ),
    );

    if (!options.skip?.includes('delete')) {
      app.delete(
        `${path}/:id`,
        { ...hooks, schema: { params: IdParams, response: { 204: NoContent, ...errors } } },
        async (request, reply) => {
          await deleteEntity(await requestContext(app, request), def, request.params.id);
          return reply.code(204).send(null);
        },
      );
    }
  };
}
