import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { setCurrentUser } from '../../../../src/authProvider/currentUser';
import { createI18nProvider } from '../i18nCatalogs';
import type { AppLocale } from '../../../../src/i18n/locales';
import { defaultBrand } from '../../../../model/brand';
import { defaultColors } from '../../../../model/theme';
import { SignInShell } from '../../../../src/startup/SignInShell';
import { fakeFetch, jsonResponse, testServer, testUser, textResponse } from '../fakeFetch';

const renderLogin = ({
  locale = 'pt-BR',
  registration = true,
  path = '/login',
}: { locale?: AppLocale; registration?: boolean; path?: string } = {}) => {
  window.history.replaceState(null, '', path);
  const entered = vi.fn<(path: string) => Promise<void>>(async () => undefined);
  const opened = vi.fn();
  const view = render(
    <SignInShell
      i18nProvider={createI18nProvider(locale)}
      info={{
        server: { ...testServer, registration },
        brand: defaultBrand,
        colors: defaultColors,
        licenseMode: null,
        deviceLimit: null,
        isPlus: false,
      }}
      onEnter={entered}
      onOpen={opened}
    />,
  );
  return { ...view, entered, opened };
};

const fillAndSubmit = (username: string, password: string, submitLabel = 'Entrar') => {
  fireEvent.change(screen.getByLabelText('Usuário'), { target: { value: username } });
  fireEvent.change(screen.getByLabelText('Senha'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: submitLabel }));
};

beforeEach(() => {
  setCurrentUser(null);
  localStorage.clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('LoginPage', () => {
  it('asks to fill all fields on an empty submit, without calling the server', async () => {
    const { fetchMock } = fakeFetch({});
    renderLogin();
    fireEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Por favor, preencha todos os campos.',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the translated message for a 401', async () => {
    fakeFetch({
      'POST /api/session': () =>
        textResponse('HTTP 401 Unauthorized - WebApplicationException', 401),
    });
    renderLogin();
    fillAndSubmit('ana@example.com', 'wrong');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Combinação de usuário e senha inválida.',
    );
  });

  it('shows the translated message when the server slows sign-ins down (429)', async () => {
    fakeFetch({
      'POST /api/session': () => textResponse('Too many login attempts - SecurityException', 429),
    });
    renderLogin();
    fillAndSubmit('ana@example.com', 'secret');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Muitas tentativas de login. Aguarde um momento e tente novamente.',
    );
  });

  it('shows an unknown server error as its plain text', async () => {
    fakeFetch({
      'POST /api/session': () => textResponse('<b>Odd</b> failure - Exception', 400),
    });
    renderLogin();
    fillAndSubmit('ana@example.com', 'secret');
    expect(await screen.findByRole('alert')).toHaveTextContent('<b>Odd</b> failure - Exception');
  });

  it('shows the suspended box with the open invoices in reais', async () => {
    fakeFetch({
      'POST /api/session': () =>
        jsonResponse(
          {
            error: 'Account is suspended',
            trustAvailable: false,
            invoices: [{ id: 3, dueDate: '2024-05-10', value: 123450, status: 'OVERDUE' }],
          },
          400,
        ),
    });
    renderLogin();
    fillAndSubmit('ana@example.com', 'secret');
    const box = await screen.findByTestId('suspended-box');
    expect(within(box).getByRole('alert')).toHaveTextContent('suspensa por falta de pagamento');
    const row = (await within(box).findAllByRole('row'))[1];
    expect(row).toHaveTextContent('10/05/2024');
    expect(row).toHaveTextContent(/R\$\s1\.234,50/);
    expect(row).toHaveTextContent('Vencida');
  });

  it('goes to the safe ?to= path after signing in', async () => {
    fakeFetch({ 'POST /api/session': () => jsonResponse(testUser) });
    const { entered } = renderLogin({ path: '/login?to=%2Fdevices%3Fexpand%3Dtrue' });
    fillAndSubmit('ana@example.com', 'secret');
    await waitFor(() => expect(entered).toHaveBeenCalledWith('/devices?expand=true'));
  });

  it('ignores an external ?to= and goes home', async () => {
    fakeFetch({ 'POST /api/session': () => jsonResponse(testUser) });
    const { entered } = renderLogin({ path: '/login?to=%2F%2Fevil.com' });
    fillAndSubmit('ana@example.com', 'secret');
    await waitFor(() => expect(entered).toHaveBeenCalledWith('/home'));
  });

  it('speaks English in en-US', () => {
    fakeFetch({});
    renderLogin({ locale: 'en-US' });
    expect(screen.getByLabelText('Username')).toHaveAttribute('id', 'username');
    expect(screen.getByLabelText('Password')).toHaveAttribute('id', 'password');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByText('Remember me')).toBeInTheDocument();
    expect(screen.queryByText('Usuário')).not.toBeInTheDocument();
  });

  it('speaks Spanish in es-ES', () => {
    fakeFetch({});
    renderLogin({ locale: 'es-ES' });
    expect(screen.getByLabelText('Usuario')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ingresar' })).toBeInTheDocument();
  });

  it('shows the register link only when the server allows registration', () => {
    fakeFetch({});
    const { unmount } = renderLogin({ registration: true });
    expect(screen.getByRole('link', { name: 'Criar uma conta' })).toHaveAttribute(
      'href',
      '/register',
    );
    unmount();
    renderLogin({ registration: false });
    expect(screen.queryByRole('link', { name: 'Criar uma conta' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Esqueceu a senha?' })).toHaveAttribute(
      'href',
      '/login/recover',
    );
  });
});
