import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../support/server';

const INDEX = '<!doctype html><title>Frota test shell</title><div id="root"></div>';
const SW = 'define(["./workbox-1a2b3c4d"], () => {});';

/** Sends a raw request line, so `..` segments reach the server unnormalised. */
function rawGet(port: number, target: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(
        `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`,
      );
    });
    let data = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (data += chunk));
    socket.on('end', () => resolve(data));
    socket.on('error', reject);
  });
}

describe('web app and branding assets', () => {
  let webDir: string;
  let server: TestServer;

  beforeAll(async () => {
    webDir = await mkdtemp(path.join(os.tmpdir(), 'frota-web-'));
    await writeFile(path.join(webDir, 'index.html'), INDEX);
    await mkdir(path.join(webDir, 'assets'));
    await writeFile(path.join(webDir, 'assets', 'app.js'), 'console.log("app")');
    await writeFile(path.join(webDir, 'sw.js'), SW);
    await writeFile(path.join(webDir, 'workbox-1a2b3c4d.js'), 'define([], () => {});');
    server = await startServer({ env: { WEB_DIR: webDir } });
  });
  afterAll(async () => {
    await server?.stop();
    await rm(webDir, { recursive: true, force: true });
  });

  it('serves index.html for app routes (path routing)', async () => {
    for (const route of ['/', '/home', '/share/ABC123', '/login/recover/token']) {
      const res = await fetch(server.url + route);
      expect(res.status, route).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await res.text()).toBe(INDEX);
    }
  });

  it('serves built files as they are', async () => {
    const res = await fetch(`${server.url}/assets/app.js`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('console.log("app")');
  });

  it('serves the service worker and its imports as scripts the browser always revalidates', async () => {
    for (const file of ['/sw.js', '/workbox-1a2b3c4d.js']) {
      const res = await fetch(server.url + file);
      expect([file, res.status]).toEqual([file, 200]);
      expect(res.headers.get('content-type'), file).toMatch(/^(text|application)\/javascript/);
      // Without it a browser could keep answering its update check with the old worker.
      expect(res.headers.get('cache-control'), file).toBe('no-cache');
    }
    expect(await (await fetch(`${server.url}/sw.js`)).text()).toBe(SW);
    // Never under the APIs' paths, where a worker would see every API call as its own scope.
    for (const route of ['/api/sw.js', '/tarkan/sw.js']) {
      const res = await fetch(server.url + route);
      expect([route, res.status]).toEqual([route, 404]);
    }
  });

  it('keeps unknown API paths 404 text, never the web app', async () => {
    for (const route of ['/api/nope', '/api', '/tarkan/nope']) {
      const res = await fetch(server.url + route);
      expect(res.status, route).toBe(404);
      expect(await res.text()).toBe('Not found - WebApplicationException');
    }
    const post = await fetch(`${server.url}/home`, { method: 'POST' });
    expect(post.status).toBe(404);
  });

  it('serves default branding, then the saved file after a restart', async () => {
    const url = `${server.url}/tarkan/assets/custom/config.json`;
    expect(await (await fetch(url)).json()).toEqual({
      title: 'Frota',
      whatsapp: '',
      headLogo: { image: false, text: '' },
      push: {},
      logoWidth: null,
      loginLogo: false,
      loginBackground: false,
      favicon: false,
      version: 0,
    });
    await writeFile(
      path.join(server.dataDir, 'custom', 'config.json'),
      JSON.stringify({
        title: 'Acme',
        whatsapp: '5511999999999',
        headLogo: { image: true, text: '' },
        push: {},
      }),
    );
    // The brand is cached in memory per domain; a saved file is what the next start serves.
    await server.restart();
    expect(await (await fetch(url)).json()).toMatchObject({
      title: 'Acme',
      whatsapp: '5511999999999',
    });
    // The page names the brand before any script runs: tab title and the rest, for every route.
    for (const route of ['/', '/index.html', '/login']) {
      const page = await fetch(server.url + route);
      expect([route, page.status, await page.text()]).toEqual([
        route,
        200,
        INDEX.replace('Frota', 'Acme'),
      ]);
    }
  });

  it('serves other custom files and nothing outside the folder', async () => {
    await writeFile(path.join(server.dataDir, 'custom', 'logo.png'), 'PNGDATA');
    const logo = await fetch(`${server.url}/tarkan/assets/custom/logo.png`);
    expect(logo.status).toBe(200);
    expect(logo.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await logo.text()).toBe('PNGDATA');

    const outside = await rawGet(server.port, '/tarkan/assets/custom/../frota.db');
    expect(outside).not.toMatch(/^HTTP\/1\.1 200/);
    expect(outside).not.toContain('SQLite format');
    const encoded = await rawGet(server.port, '/tarkan/assets/custom/..%2ffrota.db');
    expect(encoded).not.toMatch(/^HTTP\/1\.1 200/);
    expect(encoded).not.toContain('SQLite format');
    expect((await fetch(`${server.url}/tarkan/assets/custom/missing.png`)).status).toBe(404);
  });
});

describe('web app not built', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ env: { WEB_DIR: path.join(os.tmpdir(), 'frota-no-such-dir') } });
  });
  afterAll(() => server?.stop());

  it('answers 503 with a hint for pages, while the API works', async () => {
    const res = await fetch(`${server.url}/home`);
    expect(res.status).toBe(503);
    expect(await res.text()).toBe('Web app not built - run npm run build');
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    expect(await (await fetch(`${server.url}/api/health`)).text()).toBe('OK');
  });
});
