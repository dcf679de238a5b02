import liveEnUS from '../live/enUS';

/**
 * What the first signed-in screen says: the frame (menus), the live map and the device panels. The
 * signed-in app loads these with its code; the rest of its messages (`messages/enUS.ts`) follow
 * once the map works, and every other screen waits for them (docs/web-app-loading.md).
 */
const coreEnUS = {
  ...liveEnUS,
  menu: {
    map: 'Map',
    devices: 'Devices',
    language: 'Language',
    version: 'Version %{version}',
    manageDevices: 'Manage fleet',
    reports: 'Reports',
    geofence: 'Geofences',
    commands: 'Saved commands',
    groups: 'Groups',
    notifications: 'Notifications',
    account: 'My account',
    logs: 'Logs',
    integrations: 'Integrations',
    billing: 'Billing management',
    invoices: 'My invoices',
    theme: 'Theme',
    users: 'Users',
    computed: 'Computed attributes',
    server: 'Server',
    events: 'Events',
    drivers: 'Drivers',
    calendars: 'Calendars',
    maintenances: 'Maintenance',
    reseller: 'Reseller',
    statistics: 'Statistics',
    liveLogs: 'Device messages',
    connectingDevices: 'Devices trying to connect',
    announcements: 'Announcements',
    userMenu: '%{name} – Profile',
  },
};

type Strings<T> = { [K in keyof T]: T[K] extends string ? string : Strings<T[K]> };

export type CoreMessages = Strings<typeof coreEnUS>;

export default coreEnUS;
