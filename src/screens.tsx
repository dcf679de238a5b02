import type { ComponentType } from 'react';
import type { AccessResource } from './authProvider/canAccess';
import { PlusOnly } from './common/PlusOnly';
import { lazyPage } from './loading/lazyPage';
import type { PanelShape } from './loading/Skeletons';

/**
 * Every screen but the sign-in page, each fetched the first time it is opened (App.tsx routes to
 * them). Keeping them out of the first script is what lets the sign-in page show quickly on a
 * phone; the management screens' own components are split the same way in `resources/*`.
 */

/**
 * A page that exists only with the plus licence: without it, the notice shows without fetching
 * the page. The notice is a screen of its own too: it waits, like every screen, for the messages
 * that follow the first one.
 */
const plusOnly = <P extends object>(Page: ComponentType<P>) =>
  lazyPage(async () => {
    const Guarded = (props: P) => (
      <PlusOnly>
        <Page {...props} />
      </PlusOnly>
    );
    return Guarded;
  });

/**
 * A screen only some users may reach (`authProvider/canAccess.ts`): the others get the
 * access-denied page at its address rather than an empty frame.
 */
const requiring = <P extends object>(
  action: 'list' | 'show' | 'edit',
  resource: AccessResource,
  load: () => Promise<ComponentType<P>>,
) =>
  lazyPage(async () => {
    const [Page, { RequireAccess }] = await Promise.all([
      load(),
      import('./authProvider/RequireAccess'),
    ]);
    const Guarded = (props: P) => (
      <RequireAccess action={action} resource={resource}>
        <Page {...props} />
      </RequireAccess>
    );
    return Guarded;
  });

/** The device panels beside the map (map/panelWidth.ts), the device card a sheet on phones. */
const DEVICE_PANEL = { sm: '380px', md: '380px' };
/** The report panels (reports/ReportPanel.tsx): the whole width below `md`, sheets on phones. */
const REPORT_PANEL: PanelShape = {
  width: { sm: '100%', md: 'min(760px, 70%)' },
  sheetOnPhone: true,
};

// The signed-in frame and the live map: what every operator opens first.
// The frame is no page of its own, and the map says itself when it works (its markers drawn).
// Both fill the window themselves: the progress bar alone stands in for them.
export const Layout = lazyPage(
  () => import('./layout/DriverAwareLayout').then((m) => m.DriverAwareLayout),
  { readyWhenShown: false, early: true, skeleton: 'none' },
);
export const MapPage = lazyPage(
  () =>
    // The marker index's worker starts with the map's code, ahead of the fleet's data.
    Promise.all([import('./fleet/map/MapPage'), import('./map/markers/markerIndexClient')]).then(
      ([page, index]) => {
        index.prestartMarkerWorker();
        return page.MapPage;
      },
    ),
  { readyWhenShown: false, early: true, skeleton: 'none' },
);
export const DeviceListPanel = lazyPage(
  () => import('./fleet/DeviceListPanel').then((m) => m.DeviceListPanel),
  { skeleton: { width: DEVICE_PANEL, sheetOnPhone: false } },
);
export const DeviceDetailPanel = lazyPage(
  () => import('./fleet/detail/DeviceDetailPanel').then((m) => m.DeviceDetailPanel),
  { skeleton: { width: DEVICE_PANEL, sheetOnPhone: true } },
);

// Reports over the map.
export const ReportsChooser = lazyPage(
  () => import('./reports/ReportsChooser').then((m) => m.ReportsChooser),
  { skeleton: REPORT_PANEL },
);
export const ReportViewPanel = lazyPage(
  () => import('./reports/ReportViewPanel').then((m) => m.ReportViewPanel),
  { skeleton: REPORT_PANEL },
);
export const HistoryPanel = lazyPage(
  () => import('./reports/HistoryPanel').then((m) => m.HistoryPanel),
  { skeleton: REPORT_PANEL },
);
export const CombinedReportPanel = lazyPage(
  () => import('./reports/CombinedReportPanel').then((m) => m.CombinedReportPanel),
  { skeleton: REPORT_PANEL },
);
export const GeofenceReportPanel = lazyPage(
  () => import('./reports/GeofenceReportPanel').then((m) => m.GeofenceReportPanel),
  { skeleton: REPORT_PANEL },
);

// Public pages besides the sign-in.
export const RegisterPage = lazyPage(() =>
  import('./pages/register/RegisterPage').then((m) => m.RegisterPage),
);
export const RecoverRequestPage = lazyPage(() =>
  import('./pages/recover/RecoverRequestPage').then((m) => m.RecoverRequestPage),
);
export const RecoverSetPage = lazyPage(() =>
  import('./pages/recover/RecoverSetPage').then((m) => m.RecoverSetPage),
);
export const MaintenanceRoute = lazyPage(() =>
  import('./pages/maintenance/MaintenanceRoute').then((m) => m.MaintenanceRoute),
);
export const SharePage = lazyPage(() => import('./shares/SharePage').then((m) => m.SharePage));

// The driver's QR check-in.
export const DriverLoginPage = lazyPage(() =>
  import('./driver/DriverLoginPage').then((m) => m.DriverLoginPage),
);
export const DriverPage = lazyPage(() => import('./driver/DriverPage').then((m) => m.DriverPage));
export const ScanPage = lazyPage(() => import('./driver/ScanPage').then((m) => m.ScanPage));

// Settings and tools.
export const AccountPage = lazyPage(() =>
  import('./settings/account/AccountPage').then((m) => m.AccountPage),
);
export const ServerPage = requiring('edit', 'server', () =>
  import('./settings/server/ServerPage').then((m) => m.ServerPage),
);
export const NotificationTemplatesPage = requiring('edit', 'server', () =>
  import('./settings/notificationTemplates/NotificationTemplatesPage').then(
    (m) => m.NotificationTemplatesPage,
  ),
);
export const ThemePage = plusOnly(
  requiring('edit', 'theme', () => import('./settings/theme/ThemePage').then((m) => m.ThemePage)),
);
export const IntegrationsPage = plusOnly(
  requiring('list', 'integrations', () =>
    import('./settings/integrations/IntegrationsPage').then((m) => m.IntegrationsPage),
  ),
);
export const SharesPage = lazyPage(() => import('./shares/SharesPage').then((m) => m.SharesPage));
export const StatisticsPage = requiring('list', 'statistics', () =>
  import('./statistics/StatisticsPage').then((m) => m.StatisticsPage),
);
export const LiveLogsPage = requiring('list', 'live-logs', () =>
  import('./liveLogs/LiveLogsPage').then((m) => m.LiveLogsPage),
);
export const ConnectingDevicesPage = requiring('list', 'connecting-devices', () =>
  import('./connectingDevices/ConnectingDevicesPage').then((m) => m.ConnectingDevicesPage),
);
export const AnnouncementsPage = requiring('list', 'announcements', () =>
  import('./announcements/AnnouncementsPage').then((m) => m.AnnouncementsPage),
);
export const ResellerPage = plusOnly(
  requiring('list', 'reseller', () =>
    import('./reseller/ResellerPage').then((m) => m.ResellerPage),
  ),
);
export const LogsPage = plusOnly(
  requiring('list', 'logs', () => import('./logs/LogsPage').then((m) => m.LogsPage)),
);
export const MyInvoicesPage = lazyPage(() =>
  import('./billing/MyInvoicesPage').then((m) => m.MyInvoicesPage),
);
export const BillingPage = plusOnly(
  lazyPage(() => import('./billing/BillingPage').then((m) => m.BillingPage)),
);
export const AutolinkPage = lazyPage(() =>
  import('./autolink/AutolinkPage').then((m) => m.AutolinkPage),
);

// react-admin's own screens for errors, refused access and an expired session.
export { ErrorPage } from './loading/raPages';
export const AuthenticationError = lazyPage(() =>
  import('./loading/raScreens').then((m) => m.AuthenticationError),
);
export const AccessDenied = lazyPage(() =>
  import('./loading/raScreens').then((m) => m.AccessDenied),
);

/** Paths of the map page and its panels (App.tsx). */
const MAP_PATH = /^\/(home|devices|reports|history)(\/|$)/;
/** Pages shown without the signed-in frame, and the sign-in itself. */
const FRAMELESS_PATH =
  /^\/(login|register|reset-password|maintenance|share|motorista|qr-driver)(\/|$)/;

/**
 * The code of the screen a page load opens, fetched at once beside the server info rather than
 * one chunk after another as each layer renders (frame, then map).
 */
export const preloadForPath = (pathname: string): void => {
  if (FRAMELESS_PATH.test(pathname)) return;
  Layout.preload();
  if (pathname === '/' || MAP_PATH.test(pathname)) MapPage.preload();
};

/** Signing in leads to the map: its code loads while the credentials are checked. */
export const preloadAfterSignIn = (): void => preloadForPath('/home');
