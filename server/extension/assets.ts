import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { mkdir } from 'node:fs/promises';
import { customDir, readBrandConfig } from './brand';

/**
 * `/tarkan/assets/custom/`: branding. `config.json` always answers (defaults when unsaved); other
 * files come from `${DATA_DIR}/custom/`, where @fastify/static refuses paths leaving the folder.
 */
export const assetRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const root = customDir(app.config.dataDir);
  await mkdir(root, { recursive: true });

  app.get('/tarkan/assets/custom/config.json', async (_request, reply) => {
    return reply
      .header('cache-control', 'no-cache')
      .send(await readBrandConfig(app.config.dataDir));
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
