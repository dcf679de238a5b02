import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { resellerOverview } from '../../resellers/service';
import { NullableString, UserSchema, baseErrors } from '../schemas';

const Overview = Type.Object({
  domain: NullableString(),
  limit: Type.Integer(),
  used: Type.Integer(),
  subReseller: Type.Boolean(),
  users: Type.Array(UserSchema),
});

/**
 * `/tarkan/resellers/me`: the signed-in reseller's domain, limit and users. Users are created and
 * edited through `/api/users`, where the reseller rules apply (`server/resellers/rules.ts`).
 */
export const resellerRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/tarkan/resellers/me',
    {
      onRequest: app.auth.userHook,
      schema: { response: { 200: Overview, ...baseErrors } },
    },
    async (request) => {
      const { user } = await app.auth.requireUser(request);
      return resellerOverview(app.db, user);
    },
  );
};
