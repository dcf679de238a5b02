import type { FastifyPluginAsync } from 'fastify';
import { attributeRoutes } from './attributes';
import { calendarRoutes } from './calendars';
import { commandRoutes } from './commands';
import { deviceRoutes } from './devices';
import { driverRoutes } from './drivers';
import { eventRoutes } from './events';
import { geofenceRoutes } from './geofences';
import { groupRoutes } from './groups';
import { healthRoutes } from './health';
import { maintenanceRoutes } from './maintenance';
import { mediaRoutes } from './media';
import { notificationRoutes } from './notifications';
import { passwordRoutes } from './password';
import { permissionRoutes } from './permissions';
import { positionRoutes, positionToolRoutes } from './positions';
import { auditRoutes } from './audit';
import { shareRoutes } from './share';
import { statisticsRoutes } from './statistics';
import { reportRoutes } from './reports';
import { serverRoutes } from './server';
import { sessionRoutes } from './session';
import { socketRoutes } from './socket';
import { streamRoutes } from './stream';
import { userRoutes } from './users';

/**
 * `/api`: the embedded Traccar-compatible server, one file per first path segment. Embedded mode
 * only: in proxy mode the proxy plugin forwards `/api` and refuses any local route there.
 */
export const apiRoutes: FastifyPluginAsync = async (app) => {
  for (const routes of [
    healthRoutes,
    serverRoutes,
    sessionRoutes,
    passwordRoutes,
    userRoutes,
    socketRoutes,
    deviceRoutes,
    mediaRoutes,
    groupRoutes,
    geofenceRoutes,
    calendarRoutes,
    commandRoutes,
    notificationRoutes,
    driverRoutes,
    maintenanceRoutes,
    attributeRoutes,
    permissionRoutes,
    positionRoutes,
    positionToolRoutes,
    statisticsRoutes,
    auditRoutes,
    shareRoutes,
    eventRoutes,
    reportRoutes,
    streamRoutes,
  ]) {
    await app.register(routes);
  }
};
