import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

/** The APIs' paths: never the web app. */
export const API_PATH = /^\/(api|tarkan)(\/|$)/;
const TEXT = 'text/plain; charset=utf-8';

/**
 * The built web app: files from WEB_DIR, and `index.html` for any other GET outside the APIs,
 * since the app routes by real paths (share links, QR codes). Unknown API paths stay 404.
 */
const webApp: FastifyPluginAsync<{ webDir: string }> = async (app, { webDir }) => {
  const indexFile = path.join(webDir, 'index.html');

  if (existsSync(webDir)) {
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: true,
      dotfiles: 'ignore',
      allowedPath: (pathName) => !API_PATH.test(pathName),
      setHeaders(reply, file) {
        // index.html names the hashed bundles, so it must be revalidated to pick up a new build.
        if (file.endsWith('index.html')) reply.header('cache-control', 'no-cache');
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathName = request.url.split('?')[0];
    const page = request.method === 'GET' || request.method === 'HEAD';
    if (!page || API_PATH.test(pathName)) {
      return reply.code(404).type(TEXT).send('Not found - WebApplicationException');
    }
    let html: Buffer;
    try {
      html = await readFile(indexFile);
    } catch {
      return reply.code(503).type(TEXT).send('Web app not built - run npm run build');
    }
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
  });
};

export const webAppPlugin = fp(webApp, { name: 'web-app' });
