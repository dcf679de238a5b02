import { Admin, CustomRoutes, localStorageStore } from 'react-admin';
import { BrowserRouter, Navigate, Route } from 'react-router-dom';
import { authProvider } from './authProvider';
import { Bootstrap } from './bootstrap/Bootstrap';
import { useBrand } from './bootstrap/ServerInfoContext';
import { dataProvider } from './dataProvider';
import { createI18nProvider } from './i18n';
import { detectStartLocale } from './i18n/startLocale';
import { Layout } from './layout/Layout';
import { theme } from './layout/theme';
import { DeviceDetailPanel } from './devices/detail/DeviceDetailPanel';
import { DeviceListPanel } from './devices/DeviceListPanel';
import { MapPage } from './map/MapPage';
import { LoginPage } from './pages/login/LoginPage';
import { MaintenanceRoute } from './pages/maintenance/MaintenanceRoute';
import { RecoverRequestPage } from './pages/recover/RecoverRequestPage';
import { RecoverSetPage } from './pages/recover/RecoverSetPage';
import { RegisterPage } from './pages/register/RegisterPage';

const locale = detectStartLocale();
const i18nProvider = createI18nProvider(locale);
const store = localStorageStore(undefined, 'Frota');
// react-admin would otherwise restore the last locale from its store, above `?locale=`.
store.setItem('locale', locale);

const RedirectHome = () => <Navigate to="/home" replace />;

const FrotaAdmin = () => {
  const brand = useBrand();
  return (
    <Admin
      title={brand.title}
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      store={store}
      theme={theme}
      layout={Layout}
      loginPage={LoginPage}
      dashboard={RedirectHome}
      catchAll={RedirectHome}
      requireAuth
      disableTelemetry
    >
      <CustomRoutes noLayout>
        <Route path="/motorista" element={<LoginPage />} />
        <Route path="/register" element={<RegisterPage />} />
        <Route path="/login/recover" element={<RecoverRequestPage />} />
        <Route path="/login/recover/:token" element={<RecoverSetPage />} />
        <Route path="/maintenance" element={<MaintenanceRoute />} />
      </CustomRoutes>
      <CustomRoutes>
        {/* One map page; the panels are child routes, so the map never re-mounts between them. */}
        <Route element={<MapPage />}>
          <Route path="/home" element={null} />
          <Route path="/devices" element={<DeviceListPanel />} />
          <Route path="/devices/:deviceId" element={<DeviceDetailPanel />} />
        </Route>
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
  </BrowserRouter>
);
