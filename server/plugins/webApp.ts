import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { createReadStream, existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { brandPage } from '../branding/brandPage';
import {
  fillPlaceholders,
  placeholderValues,
  type PlaceholderValues,
} from '../branding/webPlaceholders';
import { getServerSettings } from '../db/servers';
import { insideRoot } from '../media/safePath';
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
 * Files served with Traccar's placeholders filled (`branding/webPlaceholders.ts`): pages and the
 * web app manifest, never as plain files.
 */
const TEMPLATED = /\.(html|webmanifest)$/;

/**
 * The built web app: files an administrator uploaded to `overrideDir` first (Traccar's
 * `web.override`, `POST /api/server/file/{path}`), then files from WEB_DIR, and `index.html` for
 * any other GET outside the APIs, since the app routes by real paths (share links, QR codes).
 * Unknown API paths stay 404. The page itself is never served as a plain file: it names the brand
 * of the domain it is asked on, and like every page and the web manifest from WEB_DIR it has
 * Traccar's `${title}`, `${description}` and `${colorPrimary}` filled, as Traccar serves its own
 * web app.
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
      allowedPath: (pathName) => !API_PATH.test(pathName) && !TEMPLATED.test(pathName),
      setHeaders: (reply) => {
        if (WORKER_SCRIPT.test(reply.request.url.split('?')[0])) {
          reply.header('cache-control', 'no-cache');
        }
      },
    });
  }

  /** The brand the request reached, and the placeholder values its pages are filled with. */
  async function brandOf(
    request: FastifyRequest,
  ): Promise<{ title: string; values: PlaceholderValues }> {
    const scope = await app.brands.scopeForHost(request.host);
    const brand = await app.brands.view(scope);
    const values = placeholderValues((await getServerSettings(app.db)).attributes, {
      title: brand.config.title,
      colorPrimary: brand.colors['--el-color-primary'],
      reseller: scope.resellerId !== null,
    });
    return { title: brand.config.title, values };
  }

  async function page(request: FastifyRequest, reply: FastifyReply) {
    let html: string;
    try {
      html = await readFile(indexFile, 'utf8');
    } catch {
      return reply.code(503).type(TEXT).send('Web app not built - run npm run build');
    }
    const { title, values } = await brandOf(request);
    return (
      reply
        .type('text/html; charset=utf-8')
        // It names the hashed bundles, so it must be revalidated to pick up a new build.
        .header('cache-control', 'no-cache')
        .send(fillPlaceholders(brandPage(html, title), values, 'html'))
    );
  }

  /**
   * A page or the manifest from WEB_DIR with the placeholders filled; null when there is no such
   * file (or the path leaves WEB_DIR).
   */
  async function templated(pathName: string, request: FastifyRequest, reply: FastifyReply) {
    let segments: string[];
    try {
      segments = decodeURIComponent(pathName).split('/').filter(Boolean);
    } catch {
      return null;
    }
    const file = insideRoot(webDir, segments);
    const content = file ? await readFile(file, 'utf8').catch(() => null) : null;
    if (content === null) return null;
    const html = pathName.endsWith('.html');
    const { values } = await brandOf(request);
    return reply
      .type(html ? 'text/html; charset=utf-8' : 'application/manifest+json; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(fillPlaceholders(content, values, html ? 'html' : 'json'));
  }

  app.get('/', page);

  app.setNotFoundHandler(async (request, reply) => {
    const pathName = request.url.split('?')[0];
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    if (!isPage || API_PATH.test(pathName)) {
      return reply.code(404).type(TEXT).send('Not found - WebApplicationException');
    }
    if (TEMPLATED.test(pathName) && pathName !== '/index.html') {
      const served = await templated(pathName, request, reply);
      if (served) return served;
      if (pathName.endsWith('.webmanifest')) {
        return reply.code(404).type(TEXT).send('Not found - WebApplicationException');
      }
    }
    return page(request, reply);
  });
};

export const webAppPlugin = fp(webApp, { name: 'web-app', dependencies: ['brands'] });
