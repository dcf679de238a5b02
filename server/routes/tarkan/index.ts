import type { FastifyPluginAsync } from 'fastify';
import { assetRoutes } from './assets';
import { autolinkRoutes } from './autolink';
import { deviceRoutes } from './devices';
import { geofenceRoutes } from './geofences';
import { integrationRoutes } from './integrations';
import { invoiceRoutes } from './invoices';
import { logRoutes } from './logs';
import { notificationTemplateRoutes } from './notification-templates';
import { qrDriverRoutes } from './qr-driver';
import { resellerRoutes } from './resellers';
import { sessionRoutes } from './session';
import { shareRoutes } from './shares';
import { themeRoutes } from './theme';

/**
 * `/tarkan`: the extension API (docs/extension-api.md), one file per first path segment. It is
 * served in both modes, except what creates or reads local users, sessions and devices: the
 * session's impersonation, shares (their viewers are local users), resellers, billing (it
 * suspends local users at sign-in), QR driver check-in, autolink, geofence coverage (it reads
 * the tracking core's links), the devices trying to connect (the protocol ports' list) and the
 * notification templates (Traccar sends the notifications there) exist in embedded mode only
 * (404 in proxy mode).
 */
export const tarkanRoutes: FastifyPluginAsync = async (app) => {
  const embedded = app.config.traccarUrl
    ? []
    : [
        sessionRoutes,
        shareRoutes,
        resellerRoutes,
        invoiceRoutes,
        qrDriverRoutes,
        autolinkRoutes,
        geofenceRoutes,
        deviceRoutes,
        notificationTemplateRoutes,
      ];
  for (const routes of [logRoutes, ...embedded, assetRoutes, themeRoutes, integrationRoutes]) {
    await app.register(routes);
  }
};
