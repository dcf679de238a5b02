import multipart from '@fastify/multipart';
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { mkdir } from 'node:fs/promises';
import { UPLOAD_TYPES } from '../../../model/theme';
import { customDir } from '../../branding/brandFiles';
import type { BrandScope } from '../../branding/brandScope';
import { editableScope, saveThemeInput, saveUpload } from '../../branding/themeEditor';
import { MAX_UPLOAD_BYTES } from '../../branding/themeImages';
import { IllegalArgumentException } from '../../errors';
import { requirePlusLicence } from '../context';

/**
 * `/tarkan/theme`: the theme editor's reads and writes (docs/extension-api.md). Unlike Tarkan,
 * they need an administrator (main brand) or reseller (their own brand) session AND the plus
 * licence, checked before the body is read.
 */
export const themeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await mkdir(customDir(app.config.dataDir), { recursive: true });
  // Scoped to this plugin: no other route accepts multipart bodies.
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 4, parts: 5 },
  });

  const scopeOf = async (request: FastifyRequest): Promise<BrandScope> =>
    editableScope(app.brands, (await app.auth.requireUser(request)).user);

  const guard = async (request: FastifyRequest) => {
    await scopeOf(request);
    requirePlusLicence(app);
  };

  app.get('/tarkan/theme', { onRequest: guard }, async (request) => {
    const scope = await scopeOf(request);
    return { colors: (await app.brands.view(scope)).colors };
  });

  app.put(
    '/tarkan/theme',
    { onRequest: guard, bodyLimit: 64 * 1024, schema: { body: Type.Unknown() } },
    async (request) => saveThemeInput(app.brands, await scopeOf(request), request.body),
  );

  app.post(
    '/tarkan/theme/upload',
    {
      onRequest: guard,
      bodyLimit: MAX_UPLOAD_BYTES + 64 * 1024,
      schema: {
        querystring: Type.Object({
          type: Type.Union(UPLOAD_TYPES.map((type) => Type.Literal(type))),
        }),
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw new IllegalArgumentException('Multipart body expected');
      const part = await request.file();
      if (!part || part.fieldname !== 'file') {
        throw new IllegalArgumentException('The image goes in the field "file"');
      }
      // Throws 413 past the limit.
      const bytes = await part.toBuffer();
      return saveUpload(app.brands, await scopeOf(request), request.query.type, bytes);
    },
  );
};
