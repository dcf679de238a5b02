import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '../../support/http';
import { signInAdmin } from '../../support/entityApi';
import { startServer, type TestServer } from '../../support/server';

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

describe("Traccar's web app served from WEB_DIR", () => {
  // As traccar-web's build ships them: the server fills the placeholders.
  const TRACCAR_INDEX =
    '<!doctype html><html><head><title>${title}</title>' +
    '<meta name="description" content="${description}" />' +
    '<meta name="theme-color" content="${colorPrimary}" />' +
    '<link rel="manifest" href="/manifest.webmanifest" /></head><body></body></html>';
  const TRACCAR_MANIFEST = JSON.stringify({
    name: '${title}',
    short_name: '${title}',
    description: '${description}',
    theme_color: '${colorPrimary}',
    start_url: '.',
  });
  let webDir: string;
  let server: TestServer;
  let admin: Client;

  beforeAll(async () => {
    webDir = await mkdtemp(path.join(os.tmpdir(), 'frota-traccar-web-'));
    await writeFile(path.join(webDir, 'index.html'), TRACCAR_INDEX);
    await writeFile(path.join(webDir, 'manifest.webmanifest'), TRACCAR_MANIFEST);
    await writeFile(path.join(webDir, 'offline.html'), '<p>${title} is offline</p>');
    server = await startServer({ env: { WEB_DIR: webDir } });
    admin = await signInAdmin(server);
  });
  afterAll(async () => {
    await server?.stop();
    await rm(webDir, { recursive: true, force: true });
  });

  const page = async (route = '/') => (await fetch(server.url + route)).text();
  const manifest = async () => {
    const res = await fetch(`${server.url}/manifest.webmanifest`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    return (await res.json()) as Record<string, string>;
  };

  it("fills the brand's name and colour while the server names none", async () => {
    const html = await page();
    expect(html).not.toContain('${');
    expect(html).toContain('<title>Frota</title>');
    expect(html).toContain('content="#00796b"');
    expect(await manifest()).toMatchObject({ name: 'Frota', theme_color: '#00796b' });
  });

  it("fills Traccar's title, description and colorPrimary from the server's attributes, escaped", async () => {
    const server_ = (await (await admin.get('/api/server')).json()) as Record<string, unknown>;
    const attributes = {
      ...(server_.attributes as Record<string, unknown>),
      title: 'Rastro <Frotas> & "Cia"',
      description: 'Rastreamento de frotas',
      colorPrimary: '#8e24aa',
    };
    expect((await admin.json('/api/server', { ...server_, attributes }, 'PUT')).status).toBe(200);
    for (const route of ['/', '/index.html', '/share/ABC123']) {
      const html = await page(route);
      expect(html, route).toContain('<title>Rastro &lt;Frotas&gt; &amp; &quot;Cia&quot;</title>');
      expect(html, route).toContain('content="Rastreamento de frotas"');
      expect(html, route).toContain('content="#8e24aa"');
    }
    expect(await manifest()).toEqual({
      name: 'Rastro <Frotas> & "Cia"',
      short_name: 'Rastro <Frotas> & "Cia"',
      description: 'Rastreamento de frotas',
      theme_color: '#8e24aa',
      start_url: '.',
    });
    expect(await page('/offline.html')).toBe(
      '<p>Rastro &lt;Frotas&gt; &amp; &quot;Cia&quot; is offline</p>',
    );
  });

  it('serves no manifest it does not have, and nothing outside WEB_DIR', async () => {
    expect((await fetch(`${server.url}/other.webmanifest`)).status).toBe(404);
    const raw = await rawGet(server.port, '/../../etc/passwd.html');
    expect(raw).not.toContain('root:');
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
