import multipart from '@fastify/multipart';
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { mkdir } from 'node:fs/promises';
import { UPLOAD_TYPES, validateTheme } from '../../../model/theme';
import { IllegalArgumentException, SecurityException } from '../../errors';
import { customDir, writeCustomFile } from '../../branding/brandFiles';
import { MAX_UPLOAD_BYTES, renderUpload, sniffImage } from '../../branding/themeImages';
import { isReseller } from '../../resellers/attributes';
import type { BrandScope } from '../../branding/brandScope';
import { recordUpload, saveTheme } from '../../branding/themeStore';

/**
 * `/tarkan/theme`: the theme editor's writes (tarkan-inventory §2a). Unlike Tarkan (§8) both need
 * an administrator (main brand) or reseller (their own brand) session AND the plus licence,
 * checked before the body is read.
 */
export const themeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { dataDir, licenseMode } = app.config;
  await mkdir(customDir(dataDir), { recursive: true });
  // Scoped to this plugin: no other route accepts multipart bodies.
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 4, parts: 5 },
  });

  const guard = async (request: FastifyRequest) => {
    await scopeOf(request);
    if (!licenseMode) throw new SecurityException('Plus licence required');
  };

  /**
   * The brand the caller edits: administrators the main brand, a reseller their own (wherever
   * they sign in); nobody else, and nobody another reseller's.
   */
  const scopeOf = async (request: FastifyRequest): Promise<BrandScope> => {
    const { user } = await app.auth.requireUser(request);
    if (user.administrator) return app.brands.scopeOf(null);
    if (isReseller(user)) return app.brands.scopeOf(user.id);
    throw new SecurityException('Administrator access required');
  };

  app.get('/tarkan/theme', { onRequest: guard }, async (request) => {
    const scope = await scopeOf(request);
    return { colors: (await app.brands.view(scope)).colors };
  });

  app.put(
    '/tarkan/theme',
    { onRequest: guard, bodyLimit: 64 * 1024, schema: { body: Type.Unknown() } },
    async (request) => {
      const result = validateTheme(request.body);
      if (!result.ok) throw new IllegalArgumentException(result.errors.join('; '));
      const scope = await scopeOf(request);
      const brand = await saveTheme(scope.dataDir, result.value, scope.fallbackDir);
      app.brands.invalidate(scope);
      return { config: brand, colors: (await app.brands.view(scope)).colors };
    },
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
      // Throws 413 past the limit; the client's file name and content type are never used.
      const bytes = await part.toBuffer();
      if (!sniffImage(bytes)) throw new IllegalArgumentException('Only PNG, JPEG or WebP images');
      let files;
      try {
        files = await renderUpload(request.query.type, bytes);
      } catch {
        throw new IllegalArgumentException('The image could not be read');
      }
      const scope = await scopeOf(request);
      for (const file of files) await writeCustomFile(scope.dataDir, file.name, file.content);
      const brand = await recordUpload(scope.dataDir, request.query.type, scope.fallbackDir);
      app.brands.invalidate(scope);
      return { config: brand, files: files.map((file) => file.name) };
    },
  );
};
