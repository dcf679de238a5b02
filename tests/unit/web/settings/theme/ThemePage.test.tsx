import { render, screen } from '@testing-library/react';
import { AdminContext, memoryStore } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { setCurrentUser } from '../../../../../src/authProvider/currentUser';
import { authProvider } from '../../../../../src/authProvider';
import { ServerInfoContext } from '../../../../../src/bootstrap/ServerInfoContext';
import { createI18nProvider } from '../../i18nCatalogs';
import { defaultBrand } from '../../../../../model/brand';
import { defaultColors } from '../../../../../model/theme';
import { ThemePage } from '../../../../../src/settings/theme/ThemePage';
import { testServer, testUser } from '../../fakeFetch';

it('renders the theme editor for an administrator with the plus licence', async () => {
  setCurrentUser({ ...testUser, administrator: true });
  render(
    <MemoryRouter future={{ v7_startTransition: false, v7_relativeSplatPath: false }}>
      <ServerInfoContext.Provider
        value={{
          server: testServer,
          brand: { ...defaultBrand, whatsapp: '5511' },
          colors: defaultColors,
          licenseMode: 'plus',
          deviceLimit: null,
          isPlus: true,
        }}
      >
        <AdminContext
          authProvider={authProvider}
          i18nProvider={createI18nProvider('en-US')}
          store={memoryStore()}
        >
          <ThemePage />
        </AdminContext>
      </ServerInfoContext.Provider>
    </MemoryRouter>,
  );
  expect(await screen.findByLabelText('App name')).toBeInTheDocument();
});

it('keeps the preview alive while a colour is half typed', async () => {
  // Regression: MUI throws on colours it cannot parse; the preview falls back to the defaults.
  const { fireEvent } = await import('@testing-library/react');
  setCurrentUser({ ...testUser, administrator: true });
  render(
    <MemoryRouter future={{ v7_startTransition: false, v7_relativeSplatPath: false }}>
      <ServerInfoContext.Provider
        value={{
          server: testServer,
          brand: defaultBrand,
          colors: defaultColors,
          licenseMode: 'plus',
          deviceLimit: null,
          isPlus: true,
        }}
      >
        <AdminContext
          authProvider={authProvider}
          i18nProvider={createI18nProvider('en-US')}
          store={memoryStore()}
        >
          <ThemePage />
        </AdminContext>
      </ServerInfoContext.Provider>
    </MemoryRouter>,
  );
  fireEvent.click(await screen.findByRole('tab', { name: 'Colours' }));
  const input = document.querySelector('input[data-color="--el-color-primary"]');
  if (!input) throw new Error('no primary colour input');
  fireEvent.change(input, { target: { value: 'not a colour' } });
  expect(await screen.findByText('Use #rrggbb or rgba(r, g, b, a)')).toBeInTheDocument();
  expect(screen.getByTestId('theme-preview')).toBeInTheDocument();
});
