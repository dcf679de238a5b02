import type { AppMessages } from './enUS';
import adminEsES from './admin/esES';
import geofenceLinksEsES from './geofenceLinks/esES';
import logsEsES from './logs/esES';
import scheduledEventsEsES from './scheduledEvents/esES';
import reportsEsES from './reports/esES';
import reportsMoreEsES from './reportsMore/esES';
import scheduledReportsEsES from './scheduledReports/esES';
import sharesEsES from './shares/esES';
import billingEsES from './billing/esES';
import themeEsES from './theme/esES';
import settingsEsES from './settings/esES';
import driverEsES from './driver/esES';
import channelsEsES from './channels/esES';
import resellerEsES from './reseller/esES';
import liveLogsEsES from './liveLogs/esES';
import connectingDevicesEsES from './connectingDevices/esES';
import statisticsEsES from './statistics/esES';
import announcementsEsES from './announcements/esES';
import positionToolsEsES from './positionTools/esES';
import deviceImageEsES from './deviceImage/esES';
import listsEsES from './lists/esES';
import notificationTemplatesEsES from './notificationTemplates/esES';

const esES: AppMessages = {
  ...logsEsES,
  ...scheduledEventsEsES,
  ...geofenceLinksEsES,
  ...adminEsES,
  ...reportsEsES,
  ...reportsMoreEsES,
  ...scheduledReportsEsES,
  ...sharesEsES,
  ...billingEsES,
  ...channelsEsES,
  ...resellerEsES,
  ...statisticsEsES,
  ...liveLogsEsES,
  ...connectingDevicesEsES,
  ...announcementsEsES,
  ...positionToolsEsES,
  ...deviceImageEsES,
  ...listsEsES,
  ...notificationTemplatesEsES,
  ...themeEsES,
  ...settingsEsES,
  ...driverEsES,
};

export default esES;
