import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { SecurityException } from '../../errors';
import { geofenceCoverage } from '../../geofences/coverage';
import { accessDenial, DENIED } from '../../permissions/checkAccess';
import { visibleFilter } from '../../permissions/visibility';
import { requestContext } from '../context';
import { baseErrors } from '../schemas';

const Ids = Type.Array(Type.Integer());
const Coverage = Type.Array(
  Type.Object({ id: Type.Integer(), deviceIds: Ids, linkedDeviceIds: Ids, linkedGroupIds: Ids }),
);

/**
 * `GET /tarkan/geofences/coverage`: each geofence the caller sees with the devices (of those the
 * caller sees) it applies to and its direct device and group links, in one answer. With
 * `notificationId`, `deviceIds` keeps only the devices that notification is linked to. Embedded
 * mode only: the links it reads are the tracking core's.
 */
export const geofenceRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/tarkan/geofences/coverage',
    {
      schema: {
        querystring: Type.Object({ notificationId: Type.Optional(Type.Integer({ minimum: 1 })) }),
        response: { 200: Coverage, ...baseErrors },
      },
    },
    async (request) => {
      const { actor, db } = await requestContext(app, request);
      const denial = accessDenial(actor, 'geofences', 'read');
      if (denial) throw new SecurityException(denial);
      const userId = actor.admin ? null : actor.user.id;
      const { notificationId } = request.query;
      if (notificationId !== undefined) {
        const notificationDenial = accessDenial(actor, 'notifications', 'read');
        if (notificationDenial) throw new SecurityException(notificationDenial);
        const visible = await db.kysely
          .selectFrom('notifications')
          .select('id')
          .where('id', '=', notificationId)
          .where(visibleFilter('notification', userId))
          .executeTakeFirst();
        if (!visible) throw new SecurityException(DENIED.read);
      }
      // A geofence or device saved just before is part of the answer.
      await app.tracking.cache.settled();
      return geofenceCoverage(db, app.tracking.cache, { userId, notificationId });
    },
  );
};
