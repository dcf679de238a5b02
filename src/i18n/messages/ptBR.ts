import type { AppMessages } from './enUS';
import adminPtBR from './admin/ptBR';
import geofenceLinksPtBR from './geofenceLinks/ptBR';
import logsPtBR from './logs/ptBR';
import scheduledEventsPtBR from './scheduledEvents/ptBR';
import reportsPtBR from './reports/ptBR';
import reportsMorePtBR from './reportsMore/ptBR';
import scheduledReportsPtBR from './scheduledReports/ptBR';
import sharesPtBR from './shares/ptBR';
import billingPtBR from './billing/ptBR';
import themePtBR from './theme/ptBR';
import settingsPtBR from './settings/ptBR';
import driverPtBR from './driver/ptBR';
import channelsPtBR from './channels/ptBR';
import resellerPtBR from './reseller/ptBR';
import liveLogsPtBR from './liveLogs/ptBR';
import connectingDevicesPtBR from './connectingDevices/ptBR';
import statisticsPtBR from './statistics/ptBR';
import announcementsPtBR from './announcements/ptBR';
import positionToolsPtBR from './positionTools/ptBR';
import deviceImagePtBR from './deviceImage/ptBR';
import listsPtBR from './lists/ptBR';
import notificationTemplatesPtBR from './notificationTemplates/ptBR';

const ptBR: AppMessages = {
  ...logsPtBR,
  ...scheduledEventsPtBR,
  ...geofenceLinksPtBR,
  ...adminPtBR,
  ...reportsPtBR,
  ...reportsMorePtBR,
  ...scheduledReportsPtBR,
  ...sharesPtBR,
  ...billingPtBR,
  ...channelsPtBR,
  ...resellerPtBR,
  ...statisticsPtBR,
  ...liveLogsPtBR,
  ...connectingDevicesPtBR,
  ...announcementsPtBR,
  ...positionToolsPtBR,
  ...deviceImagePtBR,
  ...listsPtBR,
  ...notificationTemplatesPtBR,
  ...themePtBR,
  ...settingsPtBR,
  ...driverPtBR,
};

export default ptBR;
