import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, {
  type FastifyInstance,
  type FastifyServerOptions,
  type RouteOptions,
} from 'fastify';
import type { Throttle } from './auth/loginThrottle';
import type { ClusterOptions } from './cluster';
import type { Config } from './config';
import type { Db } from './db/database';
import { loggerOptions } from './logger';
import { accessLogPlugin } from './plugins/accessLog';
import { auditPlugin } from './plugins/audit';
import { authPlugin } from './plugins/auth';
import { brandsPlugin } from './plugins/brands';
import { errorsPlugin } from './plugins/errors';
import { statisticsPlugin } from './plugins/statistics';
import { jobsPlugin } from './plugins/jobs';
import { lazySchemaCompilers } from './plugins/lazySchemas';
import { livePlugin } from './plugins/live';
import { metricsPlugin } from './plugins/metrics';
import { osmandWebPortPlugin } from './plugins/osmandWebPort';
import { proxyPlugin } from './plugins/proxy';
import { rateLimitPlugin } from './plugins/rateLimit';
import { readinessPlugin } from './plugins/readiness';
import { qrDriverGuard } from './plugins/qrDriverGuard';
import { requestNumbersPlugin } from './plugins/requestNumbers';
import { textInputPlugin } from './plugins/textInput';
import { securityHeadersPlugin } from './plugins/securityHeaders';
import { servicesPlugin } from './plugins/services';
import { trackingPlugin, type TrackingOptions } from './plugins/tracking';
import { deviceProtocolsPlugin } from './plugins/deviceProtocols';
import { overrideRoot } from './media/webOverride';
import { webAppPlugin } from './plugins/webApp';
import { routes } from './routes';

interface AppOptions {
  /** Defaults to pino at `config.logLevel`; tests pass `false`. */
  logger?: FastifyServerOptions['logger'];
  /** Injected so tests can drive the login throttle's clock. */
  throttle?: Throttle;
  /** Cluster mode's timings (the lease), for tests. */
  cluster?: ClusterOptions;
  keepaliveMs?: number;
  /** Ingest batching and clock, for tests of the tracking core. */
  tracking?: TrackingOptions;
  /** Sees every route as it is registered, so tests can hold the route list against a table. */
  onRoute?: (route: RouteOptions) => void;
}

export type App = FastifyInstance;

/**
 * TRUST_PROXY as Fastify takes it. Only trusted peers' `X-Forwarded-*` headers change the client
 * address, protocol (the cookie's `Secure`) and host; anyone else could forge them.
 */
function fastifyTrustProxy(value: Config['trustProxy']): FastifyServerOptions['trustProxy'] {
  if (typeof value !== 'number') return value;
  return (_address: string, hop: number) => hop < value;
}

/** The whole HTTP application, not listening yet, so tests can `inject` into it. */
export async function buildApp(config: Config, db: Db, options: AppOptions = {}): Promise<App> {
  const app = Fastify({
    ...(options.logger === undefined ? loggerOptions(config) : { logger: options.logger }),
    bodyLimit: 1024 * 1024,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    schemaController: { compilersFactory: lazySchemaCompilers() },
  }).withTypeProvider<TypeBoxTypeProvider>();
  if (options.onRoute) app.addHook('onRoute', options.onRoute);

  await app.register(errorsPlugin);
  await app.register(cookie);
  await app.register(formbody);
  await app.register(servicesPlugin, { config, db, cluster: options.cluster });
  // Before the parts it counts (tracking hands it to ingest and the notifications).
  await app.register(metricsPlugin);
  await app.register(readinessPlugin);
  // Before any route, so every answer (the APIs, the web app, errors) carries the headers.
  await app.register(securityHeadersPlugin);
  await app.register(textInputPlugin);
  await app.register(requestNumbersPlugin);
  await app.register(brandsPlugin);
  await app.register(authPlugin, { throttle: options.throttle });
  await app.register(accessLogPlugin);
  // Before every route, so the limits routes name are attached to them.
  await app.register(rateLimitPlugin);
  // QR driver accounts reach only the driver endpoints (docs/qr-driver.md).
  await app.register(qrDriverGuard);
  // Before every route, so its hooks see each mutating /api and /tarkan request.
  await app.register(auditPlugin);
  if (config.traccarUrl) {
    // Proxy mode: Traccar answers /api and /api/socket; /tarkan and the web app stay here.
    await app.register(proxyPlugin, { upstream: config.traccarUrl });
  } else {
    await app.register(livePlugin, { keepaliveMs: options.keepaliveMs });
    await app.register(trackingPlugin, options.tracking ?? {});
    // The hardware protocols' sessions; main.ts opens their ports.
    await app.register(deviceProtocolsPlugin);
    await app.register(statisticsPlugin);
    // Devices set up with the web address post OsmAnd there, as Traccar accepts.
    await app.register(osmandWebPortPlugin);
  }
  await app.register(jobsPlugin);
  // The local /api routes exist in embedded mode only (proxy mode refuses them).
  await app.register(routes);
  await app.register(webAppPlugin, {
    webDir: config.webDir,
    overrideDir: overrideRoot(config.dataDir),
  });

  return app;
}
