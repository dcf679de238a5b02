import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin } from '../../support/entityApi';
import { startServer, TEST_ADMIN, type TestServer } from '../../support/server';

const INDEX = '<!doctype html><title>Frota test shell</title><div id="root"></div>';

/** `directive → sources` of a Content-Security-Policy header. */
function directives(header: string | null): Map<string, string[]> {
  const result = new Map<string, string[]>();
  for (const part of (header ?? '').split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) result.set(name, sources);
  }
  return result;
}

async function webDirWithShell(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'frota-web-'));
  await writeFile(path.join(dir, 'index.html'), INDEX);
  await mkdir(path.join(dir, 'assets'));
  await writeFile(path.join(dir, 'assets', 'app.js'), 'console.log("app")');
  return dir;
}

/** What every answer carries, page or API: no sniffing, no foreign framing, a referrer policy. */
function expectBaseHeaders(res: Response, what: string) {
  expect(res.headers.get('x-content-type-options'), what).toBe('nosniff');
  expect(res.headers.get('x-frame-options'), what).toBe('SAMEORIGIN');
  expect(res.headers.get('referrer-policy'), what).toBe('strict-origin-when-cross-origin');
  expect(
    directives(res.headers.get('content-security-policy')).get('frame-ancestors'),
    what,
  ).toEqual(["'self'"]);
}

describe('security headers', () => {
  let webDir: string;
  let server: TestServer;

  beforeAll(async () => {
    webDir = await webDirWithShell();
    server = await startServer({ env: { WEB_DIR: webDir } });
  });
  afterAll(async () => {
    await server?.stop();
    await rm(webDir, { recursive: true, force: true });
  });

  it('gives the web app a policy naming only its own outside origins', async () => {
    for (const route of ['/', '/login', '/share/ABC123', '/assets/app.js']) {
      const res = await fetch(server.url + route);
      expect(res.status, route).toBe(200);
      expectBaseHeaders(res, route);
      const csp = directives(res.headers.get('content-security-policy'));
      expect(csp.get('default-src'), route).toEqual(["'self'"]);
      expect(csp.get('script-src'), route).toEqual(["'self'"]);
      expect(csp.get('object-src'), route).toEqual(["'none'"]);
      expect(csp.get('form-action'), route).toEqual(["'self'"]);
      expect(csp.get('img-src'), route).toEqual(
        expect.arrayContaining([
          "'self'",
          'data:',
          'https://a.tile.openstreetmap.org',
          'https://mt0.google.com',
          'https://ecn.t0.tiles.virtualearth.net',
        ]),
      );
      expect(csp.get('connect-src'), route).toEqual([
        "'self'",
        'https://api.ipify.org',
        'https://ipwho.is',
        'https://api.open-meteo.com',
      ]);
      expect(res.headers.get('strict-transport-security'), route).toBeNull();
    }
  });

  it('locks API answers down', async () => {
    for (const route of [
      '/api/server',
      '/api/health',
      '/api/nope',
      '/tarkan/assets/custom/config.json',
    ]) {
      const res = await fetch(server.url + route);
      expectBaseHeaders(res, route);
      expect(
        directives(res.headers.get('content-security-policy')).get('default-src'),
        route,
      ).toEqual(["'none'"]);
    }
    const login = await fetch(`${server.url}/api/session`, {
      method: 'POST',
      body: new URLSearchParams({ email: TEST_ADMIN.email, password: 'wrong-password' }),
    });
    expectBaseHeaders(login, 'failed login');
  });

  it("allows the server's custom map layer as soon as it is saved", async () => {
    const admin = await signInAdmin(server);
    const settings = (await (await admin.get('/api/server')).json()) as Record<string, unknown>;
    const saved = await admin.json(
      '/api/server',
      { ...settings, mapUrl: 'https://{s}.tiles.example.com/{z}/{x}/{y}.png' },
      'PUT',
    );
    expect(saved.status).toBe(200);
    const page = await fetch(`${server.url}/home`);
    const images = directives(page.headers.get('content-security-policy')).get('img-src');
    expect(images).toEqual(
      expect.arrayContaining([
        'https://a.tiles.example.com',
        'https://b.tiles.example.com',
        'https://c.tiles.example.com',
      ]),
    );
  });
});

describe('security headers configured by the operator', () => {
  let webDir: string;
  const servers: TestServer[] = [];
  beforeAll(async () => {
    webDir = await webDirWithShell();
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await rm(webDir, { recursive: true, force: true });
  });

  it('adds CSP_EXTRA_ORIGINS to what the app may load', async () => {
    const server = await startServer({
      env: {
        WEB_DIR: webDir,
        CSP_EXTRA_ORIGINS: 'https://tiles.example.net, wss://feed.example.net',
      },
    });
    servers.push(server);
    const csp = directives((await fetch(`${server.url}/`)).headers.get('content-security-policy'));
    for (const name of ['img-src', 'connect-src', 'font-src', 'media-src', 'frame-src']) {
      expect(csp.get(name), name).toEqual(
        expect.arrayContaining(['https://tiles.example.net', 'wss://feed.example.net']),
      );
    }
    expect(csp.get('script-src')).toEqual(["'self'"]);
  });

  it('sends CSP_POLICY as it is, or no policy at all with off', async () => {
    const policy = "default-src 'self' https://cdn.example.org; frame-ancestors 'self'";
    const custom = await startServer({ env: { WEB_DIR: webDir, CSP_POLICY: policy } });
    servers.push(custom);
    const page = await fetch(`${custom.url}/login`);
    expect(page.headers.get('content-security-policy')).toBe(policy);
    expect(page.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    // The API's own policy does not follow the web app's.
    const api = await fetch(`${custom.url}/api/server`);
    expect(directives(api.headers.get('content-security-policy')).get('default-src')).toEqual([
      "'none'",
    ]);

    const off = await startServer({ env: { WEB_DIR: webDir, CSP_POLICY: 'off' } });
    servers.push(off);
    const bare = await fetch(`${off.url}/login`);
    expect(bare.headers.get('content-security-policy')).toBeNull();
    // Framing stays refused and sniffing off without a policy.
    expect(bare.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(bare.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
