import { useEffect, useMemo, useState } from 'react';
import { Admin, CustomRoutes, localStorageStore, Resource } from 'react-admin';
import { BrowserRouter, Navigate, Route } from 'react-router-dom';
import { authProvider } from './authProvider';
import { Bootstrap } from './bootstrap/Bootstrap';
import { useBrand, useThemeColors } from './bootstrap/ServerInfoContext';
import { dataProvider } from './dataProvider';
import { createI18nProvider } from './i18n';
import { withMuiLocale } from './i18n/muiLocale';
import { detectStartLocale } from './i18n/startLocale';
import { DeviceDetailPanel } from './fleet/detail/DeviceDetailPanel';
import { DeviceListPanel } from './fleet/DeviceListPanel';
import { MapPage } from './map/MapPage';
import { HistoryPanel } from './reports/HistoryPanel';
import { ReportsChooser } from './reports/ReportsChooser';
import { ReportViewPanel } from './reports/ReportViewPanel';
import { LoginPage } from './pages/login/LoginPage';
import { MaintenanceRoute } from './pages/maintenance/MaintenanceRoute';
import { RecoverRequestPage } from './pages/recover/RecoverRequestPage';
import { RecoverSetPage } from './pages/recover/RecoverSetPage';
import { RegisterPage } from './pages/register/RegisterPage';
import { AccountPage } from './settings/account/AccountPage';
import { ServerPage } from './settings/server/ServerPage';
import { ThemePage } from './settings/theme/ThemePage';
import { PlusOnly } from './common/PlusOnly';
import { UpdatePrompt } from './pwa/UpdatePrompt';
import { buildTheme } from './branding/muiTheme';
import { SharePage } from './shares/SharePage';
import { SharesPage } from './shares/SharesPage';
import { ResellerPage } from './reseller/ResellerPage';
import { LiveLogsPage } from './liveLogs/LiveLogsPage';
import { LogsPage } from './logs/LogsPage';
import { StatisticsPage } from './statistics/StatisticsPage';
import { AnnouncementsPage } from './announcements/AnnouncementsPage';
import { BillingPage } from './billing/BillingPage';
import { MyInvoicesPage } from './billing/MyInvoicesPage';
import { IntegrationsPage } from './settings/integrations/IntegrationsPage';
import { AutolinkPage } from './autolink/AutolinkPage';
import { DriverAwareLayout } from './driver/DriverAwareLayout';
import { DriverLoginPage } from './driver/DriverLoginPage';
import { DriverPage } from './driver/DriverPage';
import { ScanPage } from './driver/ScanPage';
import calendars from './resources/calendars';
import commands from './resources/commands';
import computed from './resources/computed';
import devices from './resources/devices';
import drivers from './resources/drivers';
import geofence from './resources/geofence';
import groups from './resources/groups';
import maintenance from './resources/maintenance';
import notifications from './resources/notifications';
import events from './resources/events';
import users from './resources/users';
import scheduledReports from './resources/scheduledReports';
import { CombinedReportPanel } from './reports/CombinedReportPanel';
import { GeofenceReportPanel } from './reports/GeofenceReportPanel';

const locale = detectStartLocale();
const i18nProvider = createI18nProvider(locale);
const store = localStorageStore(undefined, 'Frota');
// react-admin would otherwise restore the last locale from its store, above `?locale=`.
store.setItem('locale', locale);

const RedirectHome = () => <Navigate to="/home" replace />;

const FrotaAdmin = () => {
  const brand = useBrand();
  const colors = useThemeColors();
  // The locale lives in react-admin's store; MUI's built-in texts follow it through the theme.
  const [activeLocale, setActiveLocale] = useState<unknown>(locale);
  useEffect(() => store.subscribe('locale', setActiveLocale), []);
  const theme = useMemo(
    () => withMuiLocale(buildTheme(colors), activeLocale),
    [colors, activeLocale],
  );
  return (
    <Admin
      title={brand.title}
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      store={store}
      theme={theme}
      layout={DriverAwareLayout}
      loginPage={LoginPage}
      dashboard={RedirectHome}
      catchAll={RedirectHome}
      requireAuth
      disableTelemetry
    >
      <CustomRoutes noLayout>
        <Route path="/motorista" element={<DriverLoginPage />} />
        <Route path="/qr-driver" element={<DriverPage />} />
        <Route path="/qr-driver/scan/:id" element={<ScanPage />} />
        <Route path="/register" element={<RegisterPage />} />
        <Route path="/login/recover" element={<RecoverRequestPage />} />
        <Route path="/login/recover/:token" element={<RecoverSetPage />} />
        {/* Traccar's reset link (`POST /api/password/reset`): the token in `?passwordReset=`. */}
        <Route path="/reset-password" element={<RecoverSetPage />} />
        <Route path="/maintenance" element={<MaintenanceRoute />} />
        <Route path="/share/:token" element={<SharePage />} />
      </CustomRoutes>
      <CustomRoutes>
        {/* One map page; the panels are child routes, so the map never re-mounts between them. */}
        <Route element={<MapPage />}>
          <Route path="/home" element={null} />
          <Route path="/devices" element={<DeviceListPanel />} />
          <Route path="/devices/:deviceId" element={<DeviceDetailPanel />} />
          <Route path="/reports" element={<ReportsChooser />} />
          <Route path="/reports/resume" element={<ReportViewPanel key="resume" view="resume" />} />
          <Route
            path="/reports/travels"
            element={<ReportViewPanel key="travels" view="travels" />}
          />
          <Route path="/reports/stops" element={<ReportViewPanel key="stops" view="stops" />} />
          <Route path="/reports/events" element={<ReportViewPanel key="events" view="events" />} />
          <Route path="/reports/history" element={<HistoryPanel backTo="/reports" />} />
          <Route path="/reports/combined" element={<CombinedReportPanel />} />
          <Route path="/reports/geofences" element={<GeofenceReportPanel />} />
          <Route path="/history" element={<HistoryPanel />} />
        </Route>
      </CustomRoutes>
      {/* Management. `device-admin` is the device table (`/devices` is the live panel);
          `maintenances` because `/maintenance` is the maintenance notice. */}
      <Resource name="device-admin" {...devices} />
      <Resource name="groups" {...groups} />
      <Resource name="geofence" {...geofence} />
      <Resource name="commands" {...commands} />
      <Resource name="notifications" {...notifications} />
      <Resource name="events" {...events} />
      <Resource name="drivers" {...drivers} />
      <Resource name="calendars" {...calendars} />
      <Resource name="maintenances" {...maintenance} />
      <Resource name="computed" {...computed} />
      <Resource name="users" {...users} />
      <Resource name="scheduled-reports" {...scheduledReports} />
      <CustomRoutes>
        <Route path="/account/*" element={<AccountPage />} />
        <Route path="/server/*" element={<ServerPage />} />
        <Route
          path="/theme"
          element={
            <PlusOnly>
              <ThemePage />
            </PlusOnly>
          }
        />
        <Route path="/shares" element={<SharesPage />} />
        <Route path="/statistics" element={<StatisticsPage />} />
        <Route path="/live-logs" element={<LiveLogsPage />} />
        <Route path="/announcements" element={<AnnouncementsPage />} />
        <Route
          path="/reseller"
          element={
            <PlusOnly>
              <ResellerPage />
            </PlusOnly>
          }
        />
        <Route
          path="/logs"
          element={
            <PlusOnly>
              <LogsPage />
            </PlusOnly>
          }
        />
        <Route
          path="/logs/:kind/:id"
          element={
            <PlusOnly>
              <LogsPage />
            </PlusOnly>
          }
        />
        <Route path="/invoices" element={<MyInvoicesPage />} />
        <Route
          path="/billing"
          element={
            <PlusOnly>
              <BillingPage />
            </PlusOnly>
          }
        />
        <Route
          path="/integrations"
          element={
            <PlusOnly>
              <IntegrationsPage />
            </PlusOnly>
          }
        />
        <Route path="/autolink" element={<AutolinkPage />} />
        <Route path="/autolink/:id" element={<AutolinkPage />} />
      </CustomRoutes>
    </Admin>
  );
};

/** Keep v6 behaviour explicitly: transitions are what loop with requireAuth (react-admin #10764). */
const routerFuture = { v7_startTransition: false, v7_relativeSplatPath: false };

export const App = () => (
  <BrowserRouter future={routerFuture}>
    <Bootstrap i18nProvider={i18nProvider} store={store}>
      <FrotaAdmin />
    </Bootstrap>
    {/* Beside the app rather than in a layout: sign-in and driver pages have none. */}
    <UpdatePrompt i18nProvider={i18nProvider} store={store} />
  </BrowserRouter>
);
