import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { mkdir } from 'node:fs/promises';
import { customDir, readBrandConfig } from './brand';
import { readManifest, readThemeColors } from './themeStore';

/**
 * `/tarkan/assets/custom/`: branding. `config.json`, `theme.json` (colours) and `manifest.json`
 * are public and always answer (defaults when unsaved); other files come from `${DATA_DIR}/custom/`, where @fastify/static refuses paths leaving the folder.
 */
export const assetRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const root = customDir(app.config.dataDir);
  await mkdir(root, { recursive: true });

  app.get('/tarkan/assets/custom/config.json', async (_request, reply) => {
    return reply
      .header('cache-control', 'no-cache')
      .send(await readBrandConfig(app.config.dataDir));
  });

  app.get('/tarkan/assets/custom/theme.json', async (_request, reply) => {
    return reply
      .header('cache-control', 'no-cache')
      .send(await readThemeColors(app.config.dataDir));
  });

  app.get('/tarkan/assets/custom/manifest.json', async (_request, reply) => {
    return reply
      .header('cache-control', 'no-cache')
      .type('application/manifest+json')
      .send(JSON.stringify(await readManifest(app.config.dataDir)));
  });

  await app.register(fastifyStatic, {
    root,
    prefix: '/tarkan/assets/custom/',
    decorateReply: false,
    dotfiles: 'deny',
    index: false,
    list: false,
    setHeaders(reply) {
      // Uploaded files are content, never pages: no sniffing into HTML, no scripts if opened.
      reply.header('x-content-type-options', 'nosniff');
      reply.header('content-security-policy', "default-src 'none'; img-src 'self'; sandbox");
    },
  });
};
