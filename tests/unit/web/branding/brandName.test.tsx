import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Notification } from 'react-admin';
import { afterEach, vi } from 'vitest';
import { authProvider } from '../../../../src/authProvider';
import { setCurrentUser } from '../../../../src/authProvider/currentUser';
import { subscribeServerInfo } from '../../../../src/bootstrap/serverInfoStore';
import { dataProvider } from '../../../../src/dataProvider';
import { DriverLoginPage } from '../../../../src/driver/DriverLoginPage';
import { createI18nProvider } from '../i18nCatalogs';
import type { AppLocale } from '../../../../src/i18n/locales';
import { AccountPage } from '../../../../src/settings/account/AccountPage';
import { ThemePage } from '../../../../src/settings/theme/ThemePage';
import { SignInShell } from '../../../../src/startup/SignInShell';
import { defaultBrand, normalizeBrand, type BrandConfig } from '../../../../model/brand';
import { defaultColors } from '../../../../model/theme';
import { renderInApp, testServerInfo } from '../appHarness';
import { fakeFetch, jsonResponse, testUser, textResponse } from '../fakeFetch';

const renderWith = (ui: ReactNode, brand: BrandConfig, locale: AppLocale = 'pt-BR') =>
  renderInApp(
    <>
      {ui}
      <Notification />
    </>,
    { plus: true, brand, locale, authProvider, dataProvider, at: ['/'] },
  );

afterEach(() => {
  vi.unstubAllGlobals();
  setCurrentUser(null);
});

describe('the brand name', () => {
  it('is what the login and driver sign-in pages show, not the product name', () => {
    const brand = normalizeBrand({ title: 'Rastro Sul' });
    render(
      <SignInShell
        i18nProvider={createI18nProvider('pt-BR')}
        info={testServerInfo({ plus: true, brand })}
        onEnter={async () => undefined}
        onOpen={() => undefined}
      />,
    );
    expect(screen.getByText('Rastro Sul')).toBeInTheDocument();
    expect(screen.queryByText('Frota')).toBeNull();
  });

  it('wins over the product name an older editor saved as the logo text', () => {
    const brand = normalizeBrand({
      title: 'Rastro Sul',
      headLogo: { image: false, text: 'Frota' },
    });
    renderWith(<DriverLoginPage />, brand, 'es-ES');
    expect(screen.getByText('Rastro Sul')).toBeInTheDocument();
    expect(screen.queryByText('Frota')).toBeNull();
    // A logo text the brand chose itself still wins.
    expect(
      normalizeBrand({ title: 'A', headLogo: { image: false, text: 'A+' } }).headLogo.text,
    ).toBe('A+');
  });

  it('follows the app name typed in the theme editor, in the preview', async () => {
    setCurrentUser({ ...testUser, administrator: true });
    renderWith(<ThemePage />, defaultBrand, 'en-US');
    fireEvent.change(await screen.findByLabelText('App name'), {
      target: { value: 'Rastro Sul' },
    });
    const preview = screen.getByTestId('theme-preview');
    expect(within(preview).getAllByText('Rastro Sul')).toHaveLength(2);
    expect(within(preview).queryByText('Frota')).toBeNull();
  });
});

describe('saving the theme', () => {
  it('confirms, and publishes the saved brand to the running app without a reload', async () => {
    setCurrentUser({ ...testUser, administrator: true });
    const saved = { ...defaultBrand, title: 'Rastro Sul' };
    const { requests } = fakeFetch({
      'PUT /tarkan/theme': () => jsonResponse({ config: saved, colors: defaultColors }),
      'GET /tarkan/assets/custom/config.json': () => jsonResponse(saved),
      'GET /tarkan/assets/custom/theme.json': () => jsonResponse(defaultColors),
    });
    const published: string[] = [];
    const stop = subscribeServerInfo((value) => published.push(value.brand.title));
    renderWith(<ThemePage />, defaultBrand, 'pt-BR');
    fireEvent.change(await screen.findByLabelText('Nome do aplicativo'), {
      target: { value: 'Rastro Sul' },
    });
    fireEvent.click(screen.getByTestId('theme-save'));
    expect(await screen.findByText('Tema salvo')).toBeInTheDocument();
    await waitFor(() => expect(published).toEqual(['Rastro Sul']));
    stop();
    const put = requests.find((request) => request.method === 'PUT');
    expect(JSON.parse(put?.body ?? '{}')).toMatchObject({ config: { title: 'Rastro Sul' } });
  });

  it('says, in the user language, that the server refused', async () => {
    setCurrentUser({ ...testUser, administrator: true });
    fakeFetch({
      'PUT /tarkan/theme': () =>
        textResponse('Administrator access required - SecurityException', 400),
    });
    renderWith(<ThemePage />, defaultBrand, 'es-ES');
    fireEvent.click(await screen.findByTestId('theme-save'));
    expect(await screen.findByText(/^No se pudo guardar: /)).toBeInTheDocument();
  });
});

describe('saving my account', () => {
  it('confirms once the server accepted', async () => {
    setCurrentUser({ ...testUser, administrator: false });
    const user = { ...testUser, administrator: false };
    fakeFetch({
      'GET /api/users/1': () => jsonResponse(user),
      'PUT /api/users/1': () => jsonResponse({ ...user, name: 'Ana S.' }),
    });
    renderWith(<AccountPage />, defaultBrand, 'pt-BR');
    fireEvent.change(await screen.findByDisplayValue('Ana Souza'), {
      target: { value: 'Ana S.' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Configurações salvas')).toBeInTheDocument();
  });

  it('says why when the server refused', async () => {
    setCurrentUser({ ...testUser, administrator: false });
    const user = { ...testUser, administrator: false };
    fakeFetch({
      'GET /api/users/1': () => jsonResponse(user),
      'PUT /api/users/1': () => textResponse('Manager access required - SecurityException', 400),
    });
    renderWith(<AccountPage />, defaultBrand, 'en-US');
    fireEvent.change(await screen.findByDisplayValue('Ana Souza'), {
      target: { value: 'Ana S.' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/^Could not save: /)).toBeInTheDocument();
  });
});
