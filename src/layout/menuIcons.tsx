import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import CampaignIcon from '@mui/icons-material/Campaign';
import HistoryIcon from '@mui/icons-material/History';
import IntegrationInstructionsIcon from '@mui/icons-material/IntegrationInstructions';
import PaletteIcon from '@mui/icons-material/Palette';
import QueryStatsIcon from '@mui/icons-material/QueryStats';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import RequestQuoteIcon from '@mui/icons-material/RequestQuote';
import SensorsIcon from '@mui/icons-material/Sensors';
import SettingsIcon from '@mui/icons-material/Settings';
import SettingsInputAntennaIcon from '@mui/icons-material/SettingsInputAntenna';
import StorefrontIcon from '@mui/icons-material/Storefront';
import type { ComponentType } from 'react';
import calendars from '../resources/calendars';
import commands from '../resources/commands';
import computed from '../resources/computed';
import devices from '../resources/devices';
import drivers from '../resources/drivers';
import geofence from '../resources/geofence';
import groups from '../resources/groups';
import maintenance from '../resources/maintenance';
import notifications from '../resources/notifications';
import events from '../resources/events';
import users from '../resources/users';

/** Menu icons, reused from the resource modules. */
export const MENU_ICONS: Record<string, ComponentType> = {
  'device-admin': devices.icon,
  geofence: geofence.icon,
  commands: commands.icon,
  groups: groups.icon,
  notifications: notifications.icon,
  events: events.icon,
  users: users.icon,
  computed: computed.icon,
  drivers: drivers.icon,
  calendars: calendars.icon,
  maintenances: maintenance.icon,
  account: AccountCircleIcon,
  server: SettingsIcon,
  theme: PaletteIcon,
  logs: HistoryIcon,
  integrations: IntegrationInstructionsIcon,
  billing: RequestQuoteIcon,
  invoices: ReceiptLongIcon,
  reseller: StorefrontIcon,
  statistics: QueryStatsIcon,
  'live-logs': SettingsInputAntennaIcon,
  'connecting-devices': SensorsIcon,
  announcements: CampaignIcon,
};
