import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { mkdir } from 'node:fs/promises';
import { ASSETS_PATH } from '../../../model/theme';
import { customDir } from '../../branding/brandFiles';

/** Uploaded files are content, never pages: no sniffing into HTML, no scripts if opened. */
const contentHeaders = (reply: FastifyReply) => {
  reply.header('x-content-type-options', 'nosniff');
  reply.header('content-security-policy', "default-src 'none'; img-src 'self'; sandbox");
};

/**
 * `/tarkan/assets/custom/`: branding. `config.json`, `theme.json` (colours) and `manifest.json`
 * are public and always answer (defaults when unsaved); other files come from
 * `${DATA_DIR}/custom/`, where @fastify/static refuses paths leaving the folder. On a reseller's
 * domain each answer is that reseller's brand, and a file they have not uploaded comes from the
 * main brand.
 */
export const assetRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const root = customDir(app.config.dataDir);
  await mkdir(root, { recursive: true });
  const view = async (host: string | undefined) =>
    app.brands.view(await app.brands.scopeForHost(host));

  // A reseller's own upload wins over the main brand's file of the same name.
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const pathname = request.url.split('?')[0];
    if (!pathname.startsWith(ASSETS_PATH)) return;
    const image = await app.brands.resellerImage(request.host, pathname.slice(ASSETS_PATH.length));
    if (!image) return;
    contentHeaders(reply);
    return reply.header('cache-control', 'no-cache').type(image.type).send(image.content);
  });

  app.get('/tarkan/assets/custom/config.json', async (request, reply) => {
    return reply.header('cache-control', 'no-cache').send((await view(request.host)).config);
  });

  app.get('/tarkan/assets/custom/theme.json', async (request, reply) => {
    return reply.header('cache-control', 'no-cache').send((await view(request.host)).colors);
  });

  app.get('/tarkan/assets/custom/manifest.json', async (request, reply) => {
    return reply
      .header('cache-control', 'no-cache')
      .type('application/manifest+json')
      .send(JSON.stringify((await view(request.host)).manifest));
  });

  await app.register(fastifyStatic, {
    root,
    prefix: ASSETS_PATH,
    decorateReply: false,
    dotfiles: 'deny',
    index: false,
    list: false,
    setHeaders(reply) {
      contentHeaders(reply);
    },
  });
};
