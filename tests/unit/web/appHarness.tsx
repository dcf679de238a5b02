import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { AdminContext, memoryStore, type AuthProvider, type DataProvider } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { defaultBrand, type BrandConfig } from '../../../model/brand';
import type { Server } from '../../../model/server';
import { defaultColors } from '../../../model/theme';
import { ServerInfoContext, type ServerInfoValue } from '../../../src/bootstrap/ServerInfoContext';
import type { AppLocale } from '../../../src/i18n/locales';
import { testServer } from './fakeFetch';
import { createI18nProvider } from './i18nCatalogs';

/**
 * What a screen finds around it in the running app: the server's answer to `/api/server` with
 * the licence, the react-admin context in a language, and (when `at` is given) a router.
 */
export interface AppHarnessOptions {
  locale?: AppLocale;
  /** The plus licence, which unlocks the theme editor, billing and advanced permissions. */
  plus?: boolean;
  /** Fields of `/api/server` the test is about; the rest is the test server's. */
  server?: Partial<Server>;
  brand?: BrandConfig;
  authProvider?: AuthProvider;
  dataProvider?: DataProvider;
  /** Start a memory router at these paths; without it the screen needs no router. */
  at?: string[];
}

export const testServerInfo = ({
  plus = false,
  server = {},
  brand = defaultBrand,
}: Pick<AppHarnessOptions, 'plus' | 'server' | 'brand'> = {}): ServerInfoValue => ({
  server: { ...testServer, ...server },
  brand,
  colors: defaultColors,
  licenseMode: plus ? 'plus' : null,
  deviceLimit: null,
  isPlus: plus,
});

export function AppHarness({
  children,
  locale = 'pt-BR',
  authProvider,
  dataProvider,
  at,
  ...info
}: AppHarnessOptions & { children: ReactNode }) {
  const app = (
    <ServerInfoContext.Provider value={testServerInfo(info)}>
      <AdminContext
        authProvider={authProvider}
        dataProvider={dataProvider}
        i18nProvider={createI18nProvider(locale)}
        store={memoryStore()}
      >
        {children}
      </AdminContext>
    </ServerInfoContext.Provider>
  );
  if (!at) return app;
  return (
    <MemoryRouter
      initialEntries={at}
      future={{ v7_startTransition: false, v7_relativeSplatPath: false }}
    >
      {app}
    </MemoryRouter>
  );
}

export const renderInApp = (ui: ReactNode, options: AppHarnessOptions = {}) =>
  render(<AppHarness {...options}>{ui}</AppHarness>);
