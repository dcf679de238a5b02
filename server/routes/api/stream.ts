import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { notFound } from '../../errors';
import { assertVisible } from '../../permissions/objects';
import { requestContext } from '../context';
import { errors } from '../schemas';

/**
 * What Traccar serves for a channel with no frames yet: a valid, empty HLS playlist. Frota decodes
 * no video protocol, so every channel stays empty; a player polls it without failing.
 */
const EMPTY_PLAYLIST =
  '#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:5\n#EXT-X-MEDIA-SEQUENCE:0\n';

const StreamParams = Type.Object({
  deviceId: Type.Integer({ minimum: 1 }),
  channel: Type.Integer({ minimum: 0 }),
});

/** `/api/stream`: Traccar's live video (HLS) of a device the caller reaches. */
export const streamRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/stream/:deviceId/:channel/live.m3u8',
    {
      onRequest: app.auth.userHook,
      schema: { params: StreamParams, response: { 200: Type.String(), ...errors } },
    },
    async (request, reply) => {
      const { db, actor } = await requestContext(app, request);
      await assertVisible(db, actor, 'device', request.params.deviceId);
      return reply.type('application/vnd.apple.mpegurl').send(EMPTY_PLAYLIST);
    },
  );

  app.get(
    '/api/stream/:deviceId/:channel/:segment',
    {
      onRequest: app.auth.userHook,
      schema: {
        params: Type.Object({
          ...StreamParams.properties,
          segment: Type.String({ pattern: '^[0-9]+\\.ts$' }),
        }),
        response: errors,
      },
    },
    async (request) => {
      const { db, actor } = await requestContext(app, request);
      await assertVisible(db, actor, 'device', request.params.deviceId);
      // No channel ever has frames here, so no segment exists.
      throw notFound();
    },
  );
};
