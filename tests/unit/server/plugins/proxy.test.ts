import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { proxyPlugin, upstreamTarget } from '../../../../server/plugins/proxy';

describe('upstreamTarget', () => {
  it('keeps a base path in front of /api', () => {
    expect(upstreamTarget('http://10.0.0.5:8082')).toEqual({
      origin: 'http://10.0.0.5:8082',
      apiPath: '/api',
    });
    expect(upstreamTarget('https://example.com/traccar/')).toEqual({
      origin: 'https://example.com',
      apiPath: '/traccar/api',
    });
    expect(() => upstreamTarget('ftp://example.com')).toThrow(/http/);
  });
});

describe('proxyPlugin', () => {
  it('refuses a local /api route registered after it, but not other paths', async () => {
    const app = Fastify({ logger: false });
    await app.register(proxyPlugin, { upstream: 'http://127.0.0.1:9' });
    app.get('/tarkan/ok', async () => 'ok');
    expect(() => app.get('/api/devices', async () => [])).toThrow(/proxy mode/);
    await app.ready();
    const res = await app.inject('/tarkan/ok');
    expect(res.body).toBe('ok');
    // Forwarded, to an upstream that is not there.
    expect((await app.inject('/api/server')).statusCode).toBeGreaterThanOrEqual(500);
    await app.close();
  });
});
