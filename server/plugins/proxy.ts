import type { FastifyPluginAsync } from 'fastify';
import type { IncomingHttpHeaders } from 'node:http';
import fp from 'fastify-plugin';

/**
 * Proxy mode (`TRACCAR_URL`): `/api/*` and the `/api/socket` WebSocket go to a real Traccar
 * server untouched (status, body, cookies); `/tarkan/*` and the web app stay here.
 */

interface ProxyOptions {
  /** `TRACCAR_URL`, e.g. `https://traccar.example.com` or `http://10.0.0.5:8082/traccar`. */
  upstream: string;
}

const API = /^\/api(\/|$|\?)/;

/** Where `/api` lives upstream: the origin, and the base path before `/api`. */
export function upstreamTarget(url: string): { origin: string; apiPath: string } {
  const parsed = new URL(url);
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new Error('TRACCAR_URL must start with http:// or https://');
  }
  return { origin: parsed.origin, apiPath: `${parsed.pathname.replace(/\/+$/, '')}/api` };
}

interface Incoming {
  ip: string;
  protocol: string;
  headers: IncomingHttpHeaders;
  socket: { remoteAddress?: string };
}

function forwarded(request: Incoming, headers: Record<string, unknown>) {
  const chain = request.headers['x-forwarded-for'];
  // The chain gains the peer that connected here (with TRUST_PROXY, `request.ip` is already the
  // client named inside the chain).
  const peer = request.socket.remoteAddress ?? request.ip;
  return {
    ...headers,
    'x-forwarded-for': chain ? `${String(chain)}, ${peer}` : peer,
    'x-forwarded-proto': request.protocol,
    'x-forwarded-host': request.headers.host ?? '',
  };
}

const forward: FastifyPluginAsync<ProxyOptions> = async (app, { upstream }) => {
  const { origin, apiPath } = upstreamTarget(upstream);
  // Bodies (JSON, forms, uploads) travel as the raw stream; nothing is parsed here.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
  // Loaded in proxy mode only: embedded servers, the usual case, would pay for it at each start.
  const { default: httpProxy } = await import('@fastify/http-proxy');
  await app.register(httpProxy, {
    upstream: origin,
    prefix: '/api',
    rewritePrefix: apiPath,
    websocket: true,
    proxyPayloads: false,
    replyOptions: {
      rewriteRequestHeaders: (request, headers) => forwarded(request, headers),
    },
  });
  app.log.info(`proxy mode: /api and /api/socket go to ${origin}${apiPath}`);
};

/**
 * Registers the forwarding, and refuses any other `/api` route registered after it: a local
 * route there would silently answer instead of Traccar.
 */
export const proxyPlugin = fp<ProxyOptions>(
  async (app, options) => {
    let forwarding = false;
    app.addHook('onRoute', (route) => {
      if (!forwarding && API.test(route.url)) {
        throw new Error(
          `${route.url} must not be registered in proxy mode: TRACCAR_URL serves /api`,
        );
      }
    });
    forwarding = true;
    await app.register(forward, options);
    forwarding = false;
  },
  { name: 'traccar-proxy' },
);
