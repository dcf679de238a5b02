/**
 * Proxy mode: a second Frota in embedded mode plays the Traccar server, and a Frota with
 * TRACCAR_URL pointing at it must pass /api and /api/socket through untouched while answering
 * /tarkan and the web app itself.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { Client } from '../../support/http';
import { signInAdmin } from '../../support/entityApi';
import { TEST_ADMIN, startServer, type TestServer } from '../../support/server';

let upstream: TestServer;
let proxy: TestServer;
const dirs: string[] = [];

async function webDir(title: string): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'frota-web-'));
  dirs.push(dir);
  await writeFile(path.join(dir, 'index.html'), `<!doctype html><title>${title}</title>`);
  return dir;
}

beforeAll(async () => {
  // The upstream sits behind the proxy, so it trusts the proxy's X-Forwarded-Host: the browser's
  // Origin names the proxy, not the upstream.
  upstream = await startServer({
    env: { WEB_DIR: await webDir('upstream'), TRUST_PROXY: '127.0.0.1' },
  });
  proxy = await startServer({
    env: { TRACCAR_URL: upstream.url, WEB_DIR: await webDir('proxy'), DEMO_DEVICES: '3' },
  });
});
afterAll(async () => {
  await proxy?.stop();
  await upstream?.stop();
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

function openSocket(url: string, cookie: string) {
  const messages: string[] = [];
  const socket = new WebSocket(url, { headers: { cookie } });
  socket.on('message', (data) => messages.push(String(data)));
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  const opened = new Promise<void>((resolve, reject) => {
    socket.on('open', () => resolve());
    socket.on('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    socket.on('error', reject);
  });
  return { socket, messages, opened, closed };
}

async function waitFor<T>(fn: () => T | undefined | false, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = fn();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('proxy mode (TRACCAR_URL)', () => {
  it('signs in through the proxy, and the cookie works on the next call', async () => {
    const client = new Client(proxy.url);
    const user = await client.login(TEST_ADMIN.email, TEST_ADMIN.password);
    expect(user.email).toBe(TEST_ADMIN.email);
    expect(client.cookies.get('JSESSIONID')).toBeTruthy();
    expect(client.lastSetCookie.join()).toMatch(/HttpOnly/i);

    const session = await client.get('/api/session');
    expect(session.status).toBe(200);
    expect(((await session.json()) as { email: string }).email).toBe(TEST_ADMIN.email);
    // The session is upstream's: the same cookie works there directly.
    const direct = await fetch(`${upstream.url}/api/session`, {
      headers: { cookie: client.cookieHeader() },
    });
    expect(direct.status).toBe(200);
  });

  it("passes the upstream's 401 through unchanged", async () => {
    const wrong = { email: TEST_ADMIN.email, password: 'not-the-password' };
    const viaProxy = await new Client(proxy.url).form('/api/session', wrong);
    const direct = await new Client(upstream.url).form('/api/session', wrong);
    expect(viaProxy.status).toBe(401);
    expect(await viaProxy.text()).toBe(await direct.text());
  });

  it("returns the upstream's /api/server", async () => {
    const admin = await signInAdmin(upstream);
    const server = (await (await admin.get('/api/server')).json()) as Record<string, unknown>;
    const saved = await admin.json(
      '/api/server',
      { ...server, announcement: 'from upstream' },
      'PUT',
    );
    expect(saved.status).toBe(200);

    const viaProxy = await fetch(`${proxy.url}/api/server`);
    const direct = await fetch(`${upstream.url}/api/server`);
    expect(viaProxy.status).toBe(200);
    const body = await viaProxy.text();
    expect(body).toBe(await direct.text());
    expect(JSON.parse(body)).toMatchObject({ announcement: 'from upstream' });
  });

  it('forwards unknown /api paths and JSON bodies to the upstream', async () => {
    const client = await signInAdmin(proxy);
    const missing = await client.get('/api/nothing-here');
    const direct = await fetch(`${upstream.url}/api/nothing-here`);
    expect(missing.status).toBe(direct.status);
    expect(await missing.text()).toBe(await direct.text());

    const created = await client.json('/api/users', {
      name: 'Via proxy',
      email: 'via-proxy@frota.test',
      password: 'via-proxy-secret-1',
    });
    expect(created.status).toBe(200);
    const other = new Client(upstream.url);
    await other.login('via-proxy@frota.test', 'via-proxy-secret-1');
  });

  it("connects the socket through the proxy and relays the upstream's messages", async () => {
    const client = await signInAdmin(proxy);
    const live = openSocket(`${proxy.wsUrl}/api/socket`, client.cookieHeader());
    await live.opened;
    const first = await waitFor(() => live.messages[0]);
    expect(JSON.parse(first)).toHaveProperty('positions');

    // Ending the session upstream closes the socket with upstream's code, through the proxy.
    expect((await client.delete('/api/session')).status).toBe(204);
    expect(await live.closed).toBe(4000);
  });

  it('closes an anonymous socket that the upstream refuses, with no data', async () => {
    // The proxy accepts the upgrade before it dials the upstream; the refusal then closes it.
    const live = openSocket(`${proxy.wsUrl}/api/socket`, '');
    await live.opened.catch(() => undefined);
    const code = await live.closed;
    expect(code).not.toBe(1000);
    expect(live.messages).toEqual([]);
  });

  it('serves the web app itself', async () => {
    for (const route of ['/', '/share/TOKEN']) {
      const res = await fetch(proxy.url + route);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('<title>proxy</title>');
    }
  });

  it('runs no OsmAnd listener and no demo fleet', async () => {
    const port = Number(proxy.env.OSMAND_PORT);
    const connected = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.on('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    expect(connected).toBe(false);
    expect(proxy.output).not.toMatch(/demo fleet/);
  });

  it('answers 404 for geofence coverage, so the web app reads the links from Traccar', async () => {
    const res = await fetch(`${proxy.url}/tarkan/geofences/coverage`);
    expect(res.status).toBe(404);
  });

  it('answers /tarkan locally, even with the upstream down', async () => {
    await upstream.halt();
    const config = await fetch(`${proxy.url}/tarkan/assets/custom/config.json`);
    expect(config.status).toBe(200);
    expect(config.headers.get('content-type')).toMatch(/json/);
    await config.json();
    const api = await fetch(`${proxy.url}/api/server`);
    expect(api.status).toBeGreaterThanOrEqual(500);
  });
});
