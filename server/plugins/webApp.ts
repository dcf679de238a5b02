import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { createReadStream, existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { brandPage } from '../branding/brandPage';
import { findOverrideFile, webContentType } from '../media/webOverride';

/** The APIs' paths: never the web app. */
export const API_PATH = /^\/(api|tarkan)(\/|$)/;
const TEXT = 'text/plain; charset=utf-8';

/**
 * The service worker and the scripts it imports (docs/web-app-updates.md). The worker keeps its
 * name from build to build: the browser notices a deploy by fetching it again and comparing, so
 * no cache may answer for it.
 */
const WORKER_SCRIPT = /^\/(sw|registerSW|workbox-[\w-]+)\.js$/;

/**
 * The built web app: files an administrator uploaded to `overrideDir` first (Traccar's
 * `web.override`, `POST /api/server/file/{path}`), then files from WEB_DIR, and `index.html` for
 * any other GET outside the APIs, since the app routes by real paths (share links, QR codes).
 * Unknown API paths stay 404. The page itself is never served as a plain file: it names the brand
 * of the domain it is asked on.
 */
const webApp: FastifyPluginAsync<{ webDir: string; overrideDir: string }> = async (
  app,
  { webDir, overrideDir },
) => {
  const indexFile = path.join(webDir, 'index.html');

  // Added before the app's routes so that it runs ahead of every one of them.
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const pathName = request.url.split('?')[0];
    // The page at `/` names the brand and the bundles; it stays the app's own, as in Traccar.
    if (pathName === '/' || API_PATH.test(pathName)) return;
    const found = await findOverrideFile(overrideDir, pathName);
    if (!found) return;
    return reply
      .type(webContentType(found.file))
      .header('content-length', String(found.size))
      .header('last-modified', found.modified.toUTCString())
      .header('cache-control', 'no-cache')
      .send(createReadStream(found.file));
  });

  if (existsSync(webDir)) {
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: true,
      dotfiles: 'ignore',
      index: false,
      allowedPath: (pathName) => !API_PATH.test(pathName) && pathName !== '/index.html',
      setHeaders: (reply) => {
        if (WORKER_SCRIPT.test(reply.request.url.split('?')[0])) {
          reply.header('cache-control', 'no-cache');
        }
      },
    });
  }

  async function page(request: FastifyRequest, reply: FastifyReply) {
    let html: string;
    try {
      html = await readFile(indexFile, 'utf8');
    } catch {
      return reply.code(503).type(TEXT).send('Web app not built - run npm run build');
    }
    const brand = await app.brands.view(await app.brands.scopeForHost(request.host));
    return (
      reply
        .type('text/html; charset=utf-8')
        // It names the hashed bundles, so it must be revalidated to pick up a new build.
        .header('cache-control', 'no-cache')
        .send(brandPage(html, brand.config.title))
    );
  }

  app.get('/', page);

  app.setNotFoundHandler(async (request, reply) => {
    const pathName = request.url.split('?')[0];
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    if (!isPage || API_PATH.test(pathName)) {
      return reply.code(404).type(TEXT).send('Not found - WebApplicationException');
    }
    return page(request, reply);
  });
};

export const webAppPlugin = fp(webApp, { name: 'web-app', dependencies: ['brands'] });
