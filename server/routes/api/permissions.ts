import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { changePermissions, parsePermission, parsePermissions } from '../../links/permissionLinks';
import { requestContext } from '../context';
import { errors } from '../schemas';
import { NoContent } from '../crud';

/** `{"<owner>Id": n, "<property>Id": m}`; the key order is checked by the module. */
const PermissionBody = Type.Record(Type.String(), Type.Integer());

/** `POST`/`DELETE /api/permissions[/bulk]` (docs/traccar-api.md): 204 on success. */
export const permissionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const hooks = { onRequest: app.auth.userHook };
  const response = { 204: NoContent, ...errors };

  for (const method of ['POST', 'DELETE'] as const) {
    const action = method === 'POST' ? 'link' : 'unlink';
    app.route({
      method,
      url: '/api/permissions',
      ...hooks,
      schema: { body: PermissionBody, response },
      handler: async (request, reply) => {
        const ctx = await requestContext(app, request);
        await changePermissions(ctx, [parsePermission(request.body)], action);
        return reply.code(204).send(null);
      },
    });
    app.route({
      method,
      url: '/api/permissions/bulk',
      ...hooks,
      schema: { body: Type.Array(PermissionBody), response },
      handler: async (request, reply) => {
        const ctx = await requestContext(app, request);
        await changePermissions(ctx, parsePermissions(request.body), action);
        return reply.code(204).send(null);
      },
    });
  }
};
