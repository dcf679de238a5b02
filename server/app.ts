import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { entityApiRoutes } from './api/entityApi';
import { healthRoutes } from './api/health';
import { serverRoutes } from './api/server';
import { sessionRoutes } from './api/session';
import { shareRoutes } from './api/shares';
import { resellerRoutes } from './api/resellers';
import { socketRoutes } from './api/socket';
import { userRoutes } from './api/users';
import type { LoginThrottle } from './auth/loginThrottle';
import type { Config } from './config';
import type { Db } from './db/database';
import { loggerOptions } from './logger';
import { assetRoutes } from './extension/assets';
import { auditPlugin } from './plugins/audit';
import { auditRoutes } from './audit/routes';
import { themeRoutes } from './extension/theme';
import { integrationRoutes } from './extension/integrations';
import { invoiceRoutes } from './extension/invoices';
import { autolinkRoutes } from './extension/autolink';
import { qrDriverRoutes } from './extension/qrDriver';
import { qrDriverGuard } from './plugins/qrDriverGuard';
import { authPlugin } from './plugins/auth';
import { servicesPlugin } from './plugins/services';
import { brandsPlugin } from './plugins/brands';
import { errorsPlugin } from './plugins/errors';
import { livePlugin } from './plugins/live';
import { trackingPlugin, type TrackingOptions } from './plugins/tracking';
import { notificationActionRoutes } from './api/notificationActions';
import { proxyPlugin } from './plugins/proxy';
import { webAppPlugin } from './plugins/webApp';

export interface AppOptions {
  /** Defaults to pino at `config.logLevel`; tests pass `false`. */
  logger?: FastifyServerOptions['logger'];
  /** Injected so tests can drive the login throttle's clock. */
  throttle?: LoginThrottle;
  keepaliveMs?: number;
  /** Ingest batching and clock, for tests of the tracking core. */
  tracking?: TrackingOptions;
}

export type App = FastifyInstance;

/** The whole HTTP application, not listening yet, so tests can `inject` into it. */
export async function buildApp(config: Config, db: Db, options: AppOptions = {}): Promise<App> {
  const app = Fastify({
    ...(options.logger === undefined ? loggerOptions(config) : { logger: options.logger }),
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<TypeBoxTypeProvider>();

  await app.register(errorsPlugin);
  await app.register(cookie);
  await app.register(formbody);
  await app.register(servicesPlugin, { config, db });
  await app.register(brandsPlugin);
  await app.register(authPlugin, { throttle: options.throttle });
  // QR driver accounts reach only the driver endpoints (issue 7).
  await app.register(qrDriverGuard);
  // Before every route, so its hooks see each mutating /api and /tarkan request.
  await app.register(auditPlugin);
  await app.register(auditRoutes);
  if (config.traccarUrl) {
    // Proxy mode: Traccar answers /api and /api/socket; /tarkan and the web app stay here.
    await app.register(proxyPlugin, { upstream: config.traccarUrl });
  } else {
    // Embedded mode: every local /api route goes in this block (proxy mode refuses them).
    await app.register(livePlugin, { keepaliveMs: options.keepaliveMs });
    await app.register(trackingPlugin, options.tracking ?? {});

    await app.register(healthRoutes);
    await app.register(serverRoutes);
    await app.register(sessionRoutes);
    await app.register(userRoutes);
    await app.register(socketRoutes);
    await app.register(notificationActionRoutes);
    await app.register(entityApiRoutes);
    // Shares create users and sessions here, so proxy mode has none (`/tarkan/shares` is 404).
    await app.register(shareRoutes);
    await app.register(resellerRoutes);
    // Billing suspends local users at sign-in, so it lives where they do.
    await app.register(invoiceRoutes);
    // Driver check-in and autolink write local users and devices: embedded mode only.
    await app.register(qrDriverRoutes);
    await app.register(autolinkRoutes);
  }
  await app.register(assetRoutes);
  await app.register(themeRoutes);
  await app.register(integrationRoutes);
  await app.register(webAppPlugin, { webDir: config.webDir });

  return app;
}
