import { anchorMethods } from './anchors';
import { announcementMethods } from './announcements';
import { autolinkMethods } from './autolink';
import { billingMethods } from './billing';
import { commandMethods } from './commands';
import { connectingDeviceMethods } from './connectingDevices';
import { deviceImageMethods } from './deviceImages';
import { geofenceLinkMethods, geofenceSaves } from './geofenceLinks';
import { integrationMethods } from './integrations';
import { liveMethods } from './live';
import { logMethods } from './logs';
import { notificationMethods } from './notifications';
import { notificationTemplateMethods } from './notificationTemplates';
import { positionToolMethods } from './positionTools';
import { qrDriverMethods } from './qrDriver';
import { reportMethods } from './reports';
import { resellerMethods } from './resellers';
import { scheduledReportMethods } from './scheduledReports';
import { serverMethods } from './server';
import { sessionMethods } from './session';
import { shareMethods } from './shares';
import { shownByCaller } from './shownByCaller';
import { statisticsMethods } from './statistics';
import { themeMethods } from './theme';
import { traccarDataProvider } from './traccar';
import { userMethods } from './users';

/**
 * The one way from the web app to the server: react-admin's CRUD and Traccar's link methods
 * (`traccar.ts`), then the custom methods of each area. Screens read it with
 * `useDataProvider<FrotaDataProvider>()` and react-query; modules outside React (the live store,
 * the auth provider, the bootstrap) call this object. The custom methods' failures reach their
 * screens as the server sent them (`shownByCaller.ts`).
 */
export const dataProvider = {
  ...traccarDataProvider,
  ...geofenceSaves,
  ...shownByCaller({
    ...geofenceLinkMethods,
    ...sessionMethods,
    ...serverMethods,
    ...themeMethods,
    ...userMethods,
    ...liveMethods,
    ...commandMethods,
    ...anchorMethods,
    ...reportMethods,
    ...scheduledReportMethods,
    ...shareMethods,
    ...billingMethods,
    ...integrationMethods,
    ...resellerMethods,
    ...qrDriverMethods,
    ...autolinkMethods,
    ...connectingDeviceMethods,
    ...logMethods,
    ...notificationMethods,
    ...notificationTemplateMethods,
    ...statisticsMethods,
    ...announcementMethods,
    ...positionToolMethods,
    ...deviceImageMethods,
  }),
};

export type FrotaDataProvider = typeof dataProvider;
