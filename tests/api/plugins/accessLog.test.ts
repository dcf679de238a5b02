import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '../../support/http';
import { TEST_ADMIN, startServer, type TestServer } from '../../support/server';

/**
 * The access log in production (docs/scaling.md, "Metrics and configuration"): JSON lines on
 * stdout, one per request, that a log collector can index, with no secret a URL carried.
 */

const SECRET = 'sup3r-secret-value';

let server: TestServer;
beforeAll(async () => {
  server = await startServer({
    env: { NODE_ENV: 'production', TRUST_PROXY: '127.0.0.1' },
  });
});
afterAll(async () => {
  await server?.stop();
});

interface AccessLine {
  level: number;
  msg: string;
  reqId: string;
  method: string;
  url: string;
  route: string | null;
  status: number;
  responseTimeMs: number;
  remoteAddress: string;
  userId: number | null;
}

/** The access lines logged so far for requests whose URL starts with `path`. */
function accessLines(path: string): AccessLine[] {
  return server.lines
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as AccessLine)
    .filter((line) => line.msg === 'request' && line.url?.startsWith(path));
}

describe('access log in production', () => {
  it('writes every line as JSON, one per request, without the secrets of its URL', async () => {
    const res = await fetch(`${server.url}/api/session?token=${SECRET}`, {
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    await res.arrayBuffer();
    await expect.poll(() => accessLines('/api/session').length, { timeout: 5_000 }).toBe(1);
    const [line] = accessLines('/api/session');
    expect(line).toMatchObject({
      level: 30,
      method: 'GET',
      url: '/api/session?token=[redacted]',
      route: '/api/session',
      status: res.status,
      // The proxy at 127.0.0.1 is trusted (TRUST_PROXY): the client is the address it names.
      remoteAddress: '203.0.113.9',
      userId: null,
    });
    expect(line.reqId).toEqual(expect.any(String));
    expect(line.responseTimeMs).toBeGreaterThanOrEqual(0);
    // Nothing else the server wrote carries it either, and every line is JSON.
    expect(server.output).not.toContain(SECRET);
    for (const text of server.lines.filter((l) => l.trim() !== '')) {
      expect(() => JSON.parse(text) as unknown, text).not.toThrow();
    }
  });

  it('names the signed-in user, and hides passwords and keys in queries', async () => {
    const admin = new Client(server.url);
    const { id } = (await admin.login(TEST_ADMIN.email, TEST_ADMIN.password)) as { id: number };
    const res = await admin.get(`/api/devices?password=${SECRET}&key=${SECRET}&all=true`);
    expect(res.status).toBe(200);
    await expect.poll(() => accessLines('/api/devices').length, { timeout: 5_000 }).toBe(1);
    expect(accessLines('/api/devices')[0]).toMatchObject({
      method: 'GET',
      url: '/api/devices?password=[redacted]&key=[redacted]&all=true',
      route: '/api/devices',
      status: 200,
      remoteAddress: '127.0.0.1',
      userId: id,
    });
    expect(server.output).not.toContain(SECRET);
    // The sign-in itself is logged without its body (the password).
    expect(accessLines('/api/session').at(-1)).toMatchObject({ method: 'POST', status: 200 });
    expect(server.output).not.toContain(TEST_ADMIN.password);
  });
});
