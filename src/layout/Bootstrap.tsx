import { LinearProgress } from '@mui/material';
import { type ReactNode, useEffect } from 'react';
import { AdminContext, type I18nProvider, type Store } from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';
import { HOME_PATH, safeReturnPath } from '../authProvider/loginRedirect';
import { baseTheme } from '../branding/muiTheme';
import { MaintenancePage } from '../pages/maintenance/MaintenancePage';
import { useDocumentBranding } from '../branding/useDocumentBranding';
import { ServerInfoContext } from '../bootstrap/ServerInfoContext';
import { usePageLoaded } from './usePageLoaded';
import { useServerInfoLoader } from '../bootstrap/useServerInfoLoader';

const MAINTENANCE_PATH = '/maintenance';

interface BootstrapProps {
  i18nProvider: I18nProvider;
  store: Store;
  children: ReactNode;
}

/**
 * Everything below needs server info (registration flag, map defaults, licence), so it loads
 * first; without it the app cannot work and the visitor sees the maintenance notice instead.
 */
export const Bootstrap = ({ i18nProvider, store, children }: BootstrapProps) => {
  const [state, retry] = useServerInfoLoader();
  const pageLoaded = usePageLoaded();
  const navigate = useNavigate();
  const location = useLocation();
  const from = (location.state as { from?: string } | null)?.from;

  useEffect(() => {
    if (state.status === 'failed' && location.pathname !== MAINTENANCE_PATH) {
      const path = `${location.pathname}${location.search}${location.hash}`;
      navigate(MAINTENANCE_PATH, { replace: true, state: { from: path } });
    }
    if (state.status === 'ready' && location.pathname === MAINTENANCE_PATH && from) {
      navigate(safeReturnPath(from) ?? HOME_PATH, { replace: true });
    }
  }, [state.status, location, from, navigate]);

  const title = state.status === 'ready' ? state.value.brand.title : null;
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
  const ready = state.status === 'ready' ? state.value : null;
  useDocumentBranding(ready?.brand ?? null, ready?.colors ?? null);

  if (state.status === 'failed') {
    return (
      <AdminContext i18nProvider={i18nProvider} store={store} theme={baseTheme}>
        <MaintenancePage onRetry={retry} />
      </AdminContext>
    );
  }
  if (state.status === 'loading' || !pageLoaded) {
    return (
      <LinearProgress
        aria-label={i18nProvider.translate('app.loading')}
        sx={{ position: 'fixed', inset: '0 0 auto 0' }}
      />
    );
  }
  return <ServerInfoContext.Provider value={state.value}>{children}</ServerInfoContext.Provider>;
};
