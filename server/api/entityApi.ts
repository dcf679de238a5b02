import type { FastifyPluginAsync } from 'fastify';
import { attributeRoutes } from './attributes';
import { calendarsRoutes } from './calendars';
import { commandRoutes } from './commands';
import { deviceRoutes } from './devices';
import { driversRoutes } from './drivers';
import { eventRoutes } from './events';
import { geofencesRoutes } from './geofences';
import { groupsRoutes } from './groups';
import { maintenanceRoutes } from './maintenance';
import { notificationsRoutes } from './notifications';
import { permissionRoutes } from './permissions';
import { positionRoutes } from './positions';
import { reportRoutes } from './reports';

/** The entity API of the embedded Traccar-compatible server (users live in `users.ts`). */
export const entityApiRoutes: FastifyPluginAsync = async (app) => {
  for (const routes of [
    deviceRoutes,
    groupsRoutes,
    geofencesRoutes,
    calendarsRoutes,
    commandRoutes,
    notificationsRoutes,
    driversRoutes,
    maintenanceRoutes,
    attributeRoutes,
    permissionRoutes,
    positionRoutes,
    eventRoutes,
    reportRoutes,
  ]) {
    await app.register(routes);
  }
};
