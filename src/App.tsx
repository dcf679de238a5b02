import { CssBaseline } from '@mui/material';
import { QueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import {
  AdminContext,
  CoreAdminUI,
  CustomRoutes,
  type I18nProvider,
  Resource,
  type TranslationMessages,
} from 'react-admin';
import { BrowserRouter, Navigate, Route } from 'react-router-dom';
import { authProvider, seedSessionQueries } from './authProvider';
import { Bootstrap } from './layout/Bootstrap';
import { useBrand, useThemeColors } from './bootstrap/ServerInfoContext';
import { appStore as store } from './bootstrap/store';
import { buildTheme } from './branding/muiTheme';
import { dataProvider } from './dataProvider';
import { createI18nProvider, loadMoreCatalog } from './i18n';
import type { AppLocale } from './i18n/locales';
import { withMuiLocale } from './i18n/muiLocale';
import { ChunkProgress, setScreenPrerequisite } from './loading/lazyPage';
import { whenPageSettled } from './loading/pageSettled';
import { NotificationOnDemand } from './loading/NotificationOnDemand';
import { ReloadIntoSignIn } from './loading/ReloadIntoSignIn';
import * as screens from './screens';
import calendars from './resources/calendars';
import commands from './resources/commands';
import computed from './resources/computed';
import devices from './resources/devices';
import drivers from './resources/drivers';
import events from './resources/events';
import geofence from './resources/geofence';
import groups from './resources/groups';
import maintenance from './resources/maintenance';
import notifications from './resources/notifications';
import scheduledReports from './resources/scheduledReports';
import users from './resources/users';

/** The reports shown as a table in the map's panel, each at `/reports/<view>`. */
const REPORT_VIEWS = ['resume', 'travels', 'stops', 'events'] as const;

const RedirectHome = () => <Navigate to="/home" replace />;

/**
 * react-admin's `<Admin>` without the screens most visits never show: the signed-in frame, every
 * page and react-admin's error and notification screens load on first use (src/screens.tsx). The
 * sign-in page is not here: it is the first script's (src/startup/).
 */
const FrotaAdmin = ({
  i18nProvider,
  locale,
}: {
  i18nProvider: I18nProvider;
  locale: AppLocale;
}) => {
  const brand = useBrand();
  const colors = useThemeColors();
  const [queryClient] = useState(() => {
    const client = new QueryClient();
    seedSessionQueries(client);
    return client;
  });
  // The locale lives in react-admin's store; MUI's built-in texts follow it through the theme.
  const [activeLocale, setActiveLocale] = useState<unknown>(locale);
  useEffect(() => store.subscribe('locale', setActiveLocale), []);
  const theme = useMemo(
    () => withMuiLocale(buildTheme(colors), activeLocale),
    [colors, activeLocale],
  );
  return (
    <AdminContext
      queryClient={queryClient}
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      store={store}
      theme={theme}
    >
      <CssBaseline enableColorScheme />
      <CoreAdminUI
        title={brand.title}
        layout={screens.Layout}
        loginPage={ReloadIntoSignIn}
        loading={ChunkProgress}
        error={screens.ErrorPage}
        authenticationError={screens.AuthenticationError}
        accessDenied={screens.AccessDenied}
        authCallbackPage={false}
        dashboard={RedirectHome}
        catchAll={RedirectHome}
        requireAuth
        disableTelemetry
      >
        <CustomRoutes noLayout>
          <Route path="/motorista" element={<screens.DriverLoginPage />} />
          <Route path="/qr-driver" element={<screens.DriverPage />} />
          <Route path="/qr-driver/scan/:id" element={<screens.ScanPage />} />
          <Route path="/register" element={<screens.RegisterPage />} />
          <Route path="/login/recover" element={<screens.RecoverRequestPage />} />
          <Route path="/login/recover/:token" element={<screens.RecoverSetPage />} />
          {/* Traccar's reset link (`POST /api/password/reset`): the token in `?passwordReset=`. */}
          <Route path="/reset-password" element={<screens.RecoverSetPage />} />
          <Route path="/maintenance" element={<screens.MaintenanceRoute />} />
          <Route path="/share/:token" element={<screens.SharePage />} />
        </CustomRoutes>
        <CustomRoutes>
          {/* One map page; the panels are child routes, so the map never re-mounts between them. */}
          <Route element={<screens.MapPage />}>
            <Route path="/home" element={null} />
            <Route path="/devices" element={<screens.DeviceListPanel />} />
            <Route path="/devices/:deviceId" element={<screens.DeviceDetailPanel />} />
            <Route path="/reports" element={<screens.ReportsChooser />} />
            {REPORT_VIEWS.map((view) => (
              <Route
                key={view}
                path={`/reports/${view}`}
                element={<screens.ReportViewPanel key={view} view={view} />}
              />
            ))}
            <Route path="/reports/history" element={<screens.HistoryPanel backTo="/reports" />} />
            <Route path="/reports/combined" element={<screens.CombinedReportPanel />} />
            <Route path="/reports/geofences" element={<screens.GeofenceReportPanel />} />
            <Route path="/history" element={<screens.HistoryPanel />} />
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
          <Route path="/account/*" element={<screens.AccountPage />} />
          <Route path="/server/*" element={<screens.ServerPage />} />
          <Route path="/notification-templates" element={<screens.NotificationTemplatesPage />} />
          <Route path="/theme" element={<screens.ThemePage />} />
          <Route path="/shares" element={<screens.SharesPage />} />
          <Route path="/statistics" element={<screens.StatisticsPage />} />
          <Route path="/live-logs" element={<screens.LiveLogsPage />} />
          <Route path="/connecting-devices" element={<screens.ConnectingDevicesPage />} />
          <Route path="/announcements" element={<screens.AnnouncementsPage />} />
          <Route path="/reseller" element={<screens.ResellerPage />} />
          <Route path="/logs" element={<screens.LogsPage />} />
          <Route path="/logs/:kind/:id" element={<screens.LogsPage />} />
          <Route path="/invoices" element={<screens.MyInvoicesPage />} />
          <Route path="/billing" element={<screens.BillingPage />} />
          <Route path="/integrations" element={<screens.IntegrationsPage />} />
          <Route path="/autolink" element={<screens.AutolinkPage />} />
          <Route path="/autolink/:id" element={<screens.AutolinkPage />} />
        </CustomRoutes>
      </CoreAdminUI>
      <NotificationOnDemand />
    </AdminContext>
  );
};

/** Keep v6 behaviour explicitly: transitions are what loop with requireAuth (react-admin #10764). */
const routerFuture = { v7_startTransition: false, v7_relativeSplatPath: false };

interface AppProps {
  /** The interface language at start, and its messages (loaded before the first render). */
  locale: AppLocale;
  catalog: TranslationMessages;
}

export const App = ({ locale, catalog }: AppProps) => {
  // The store already holds `locale` (src/startup/start.tsx).
  const [i18nProvider] = useState(() => {
    const provider = createI18nProvider(locale, catalog, { loadMore: loadMoreCatalog });
    // Every screen but the first one's parts shows with the whole catalogue, which follows once
    // the first screen works.
    setScreenPrerequisite(() => provider.complete());
    void whenPageSettled().then(() => provider.complete().catch(() => undefined));
    return provider;
  });
  return (
    <BrowserRouter future={routerFuture}>
      <Bootstrap i18nProvider={i18nProvider} store={store}>
        <FrotaAdmin i18nProvider={i18nProvider} locale={locale} />
      </Bootstrap>
    </BrowserRouter>
  );
};
