import type { AccessResource } from '../authProvider/canAccess';

/**
 * Both menus, in their order on screen. Every entry is shown by `canAccess(list)`; entries
 * whose screens are not built yet stay here with `built: false`, so their permission rule is
 * already in the table and they appear as soon as the screen exists.
 */
interface MenuEntry {
  resource: AccessResource;
  to: string;
  label: string;
  built: boolean;
}

const entry = (
  resource: AccessResource,
  to: string,
  built = true,
  label = `menu.${resource === 'device-admin' ? 'manageDevices' : resource}`,
): MenuEntry => ({ resource, to, label, built });

/** The drawer (the live device panel's own entry comes first, from the live map). */
export const MAIN_MENU: MenuEntry[] = [
  entry('device-admin', '/device-admin'),
  entry('reports', '/reports', false),
  entry('geofence', '/geofence'),
  entry('commands', '/commands'),
  entry('groups', '/groups'),
  entry('notifications', '/notifications'),
];

/** The user menu, opened by the user's name; logout closes it. */
export const USER_MENU: MenuEntry[] = [
  entry('account', '/account'),
  entry('logs', '/logs'),
  entry('integrations', '/integrations'),
  entry('billing', '/billing'),
  entry('invoices', '/invoices'),
  entry('theme', '/theme'),
  entry('users', '/users'),
  entry('computed', '/computed'),
  entry('server', '/server'),
  entry('statistics', '/statistics', true, 'menu.statistics'),
  entry('live-logs', '/live-logs', true, 'menu.liveLogs'),
  entry('connecting-devices', '/connecting-devices', true, 'menu.connectingDevices'),
  entry('announcements', '/announcements', true, 'menu.announcements'),
  entry('notifications', '/notifications'),
  entry('events', '/events'),
  entry('drivers', '/drivers'),
  entry('calendars', '/calendars'),
  entry('maintenances', '/maintenances'),
  entry('reseller', '/reseller'),
];

/** The entries to show: built, and allowed to list. */
export const visibleEntries = (
  entries: MenuEntry[],
  can: (action: string, resource: string) => boolean,
): MenuEntry[] => entries.filter((item) => item.built && can('list', item.resource));
