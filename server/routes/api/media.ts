import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { createReadStream } from 'node:fs';
import { unauthorized } from '../../errors';
import { mediaFileFor } from '../../media/mediaAccess';
import { mediaRoot } from '../../media/mediaStore';

const MediaParams = Type.Object({ uniqueId: Type.String(), file: Type.String() });

/**
 * `/api/media/{uniqueId}/{file}`: a device's stored files (its photo), for `<img>` tags of a
 * signed-in web app. As Traccar's media filter, only a cookie session counts (no token or Basic
 * credentials), and the device must be one the user reaches (docs/traccar-api.md).
 */
export const mediaRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/media/:uniqueId/:file',
    { schema: { params: MediaParams } },
    async (request, reply) => {
      const auth = await app.auth.current(request);
      if (!auth?.session) throw unauthorized();
      const { uniqueId, file } = request.params;
      const found = await mediaFileFor(
        app.db,
        auth.user,
        mediaRoot(app.config.dataDir),
        uniqueId,
        file,
      );
      const etag = `"${found.size.toString(36)}-${found.modified.getTime().toString(36)}"`;
      reply
        .header('cache-control', 'private, no-cache')
        .header('etag', etag)
        .header('last-modified', found.modified.toUTCString());
      if (found.download) reply.header('content-disposition', 'attachment');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply
        .type(found.contentType)
        .header('content-length', String(found.size))
        .send(createReadStream(found.file));
    },
  );
};
