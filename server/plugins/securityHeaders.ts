import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';
import { getServerSettings } from '../db/servers';
import {
  API_DIRECTIVES,
  appDirectives,
  serializePolicy,
  type Directives,
} from '../security/contentPolicy';
import { API_PATH } from './webApp';

/** How long the web app's policy (which follows the server's `mapUrl`) is reused. */
const POLICY_TTL_MS = 10_000;

/**
 * Security headers on every answer (helmet): no MIME sniffing, a referrer policy, framing by the
 * app only (`X-Frame-Options` and `frame-ancestors`), and a Content-Security-Policy. The API's is
 * locked down; the web app's files and pages get the app's policy (`security/contentPolicy.ts`),
 * or the operator's `CSP_POLICY`. No HSTS: whether the server is reached over HTTPS is the TLS
 * terminator's business, and a year-long pin set by mistake cannot be taken back.
 */
export const securityHeadersPlugin = fp(
  async (app) => {
    const { csp, traccarUrl } = app.config;
    await app.register(helmet, {
      contentSecurityPolicy:
        csp.kind === 'off' ? false : { useDefaults: false, directives: mutable(API_DIRECTIVES) },
      strictTransportSecurity: false,
      // Tile servers (OpenStreetMap's usage policy) and Google's keyed embeds need the origin.
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      xFrameOptions: { action: 'sameorigin' },
    });
    if (csp.kind === 'off') return;

    let cached: { until: number; policy: Promise<string> } | null = null;
    const buildAppPolicy = async (): Promise<string> => {
      if (csp.kind === 'custom') return csp.policy;
      // Proxy mode: the settings (and so `mapUrl`) are Traccar's, not in this database.
      let mapUrl: string | null = null;
      if (!traccarUrl) {
        try {
          mapUrl = (await getServerSettings(app.db)).mapUrl;
        } catch (error) {
          app.log.warn({ err: error }, 'server settings unreadable for the web app policy');
        }
      }
      return serializePolicy(appDirectives({ extraOrigins: csp.extraOrigins, mapUrl }));
    };
    const appPolicy = (): Promise<string> => {
      const now = Date.now();
      if (!cached || cached.until < now) {
        cached = { until: now + POLICY_TTL_MS, policy: buildAppPolicy() };
      }
      return cached.policy;
    };

    app.addHook('onSend', async (request, reply) => {
      if (API_PATH.test(request.url.split('?')[0])) return;
      reply.header('content-security-policy', await appPolicy());
    });
    // A new custom map address shows on the next page load, not up to POLICY_TTL_MS later.
    app.addHook('onResponse', async (request, reply) => {
      if (
        request.method === 'PUT' &&
        request.routeOptions.url === '/api/server' &&
        reply.statusCode === 200
      ) {
        cached = null;
      }
    });
    // Saved on another instance (cluster mode): the next page load here follows it too.
    const off = app.changes.on((change, remote) => {
      if ((change.kind === 'server' && remote) || change.kind === 'resync') cached = null;
    });
    app.addHook('onClose', async () => off());
  },
  { name: 'security-headers', dependencies: ['services'] },
);

/** Helmet's option type wants mutable arrays. */
const mutable = (directives: Directives): Record<string, string[]> =>
  Object.fromEntries(Object.entries(directives).map(([name, sources]) => [name, [...sources]]));
