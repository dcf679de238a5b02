import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { shareObject, type SharedKind } from '../../shares/objectShare';
import { requestContext } from '../context';
import { baseErrors } from '../schemas';

const FormId = Type.Union([Type.Integer(), Type.String()]);

/**
 * `POST /api/share/device` and `/api/share/group` (Traccar): form `deviceId` or `groupId` and
 * `expiration`; answers the token of a temporary read-only user that sees that object.
 */
export const shareRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const route = (kind: SharedKind, field: 'deviceId' | 'groupId') =>
    app.post(
      `/api/share/${kind}`,
      {
        onRequest: app.auth.userHook,
        schema: {
          body: Type.Object({
            [field]: Type.Optional(FormId),
            expiration: Type.Optional(Type.String()),
          }),
          response: { 200: Type.String(), ...baseErrors },
        },
      },
      async (request, reply) => {
        const body = request.body as Record<string, string | number | undefined>;
        const token = await shareObject(
          await requestContext(app, request),
          kind,
          Number(body[field] ?? 0),
          body.expiration === undefined ? undefined : String(body.expiration),
        );
        return reply.type('text/plain; charset=utf-8').send(token);
      },
    );
  route('device', 'deviceId');
  route('group', 'groupId');
};
