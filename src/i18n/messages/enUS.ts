import adminEnUS from './admin/enUS';
import geofenceLinksEnUS from './geofenceLinks/enUS';
import logsEnUS from './logs/enUS';
import scheduledEventsEnUS from './scheduledEvents/enUS';
import reportsEnUS from './reports/enUS';
import reportsMoreEnUS from './reportsMore/enUS';
import scheduledReportsEnUS from './scheduledReports/enUS';
import sharesEnUS from './shares/enUS';
import billingEnUS from './billing/enUS';
import themeEnUS from './theme/enUS';
import settingsEnUS from './settings/enUS';
import driverEnUS from './driver/enUS';
import channelsEnUS from './channels/enUS';
import resellerEnUS from './reseller/enUS';
import liveLogsEnUS from './liveLogs/enUS';
import connectingDevicesEnUS from './connectingDevices/enUS';
import statisticsEnUS from './statistics/enUS';
import announcementsEnUS from './announcements/enUS';
import positionToolsEnUS from './positionTools/enUS';
import deviceImageEnUS from './deviceImage/enUS';
import listsEnUS from './lists/enUS';
import notificationTemplatesEnUS from './notificationTemplates/enUS';

/**
 * What the signed-in app says beyond its first screen (`core/`: the frame and the live map) and the
 * pages without a session (`public/`); the other locales must have exactly these keys (see
 * AppMessages).
 */
const enUS = {
  ...logsEnUS,
  ...scheduledEventsEnUS,
  ...geofenceLinksEnUS,
  ...adminEnUS,
  ...reportsEnUS,
  ...reportsMoreEnUS,
  ...scheduledReportsEnUS,
  ...sharesEnUS,
  ...billingEnUS,
  ...channelsEnUS,
  ...resellerEnUS,
  ...statisticsEnUS,
  ...liveLogsEnUS,
  ...connectingDevicesEnUS,
  ...announcementsEnUS,
  ...positionToolsEnUS,
  ...deviceImageEnUS,
  ...listsEnUS,
  ...notificationTemplatesEnUS,
  ...themeEnUS,
  ...settingsEnUS,
  ...driverEnUS,
};

type Strings<T> = { [K in keyof T]: T[K] extends string ? string : Strings<T[K]> };

export type AppMessages = Strings<typeof enUS>;

export default enUS;
