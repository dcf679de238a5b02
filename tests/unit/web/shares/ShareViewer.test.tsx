import { render, screen } from '@testing-library/react';
import { AdminContext, memoryStore } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { authProvider } from '../../../../src/authProvider';
import { errorCode, errorMessageKey } from '../../../../src/dataProvider/errorCode';
import { createI18nProvider } from '../i18nCatalogs';
import type { User } from '../../../../model/user';
import { ShareCountdown } from '../../../../src/shares/ShareViewer';
import { testUser } from '../fakeFetch';

const renderCountdown = (expirationTime: string) =>
  render(
    <MemoryRouter future={{ v7_startTransition: false, v7_relativeSplatPath: false }}>
      <AdminContext
        authProvider={authProvider}
        i18nProvider={createI18nProvider('pt-BR')}
        store={memoryStore()}
      >
        <ShareCountdown
          user={{ ...testUser, expirationTime, attributes: { isShared: 1 } } as User}
        />
      </AdminContext>
    </MemoryRouter>,
  );

describe('share viewer', () => {
  it('shows "Expira em" with the tier of the time left', () => {
    renderCountdown(new Date(Date.now() + 90_500).toISOString());
    expect(screen.getByTestId('share-countdown').textContent).toMatch(/Expira em 1 min (29|30) s/);
    expect(screen.queryByText('Sua sessão expirou!')).toBeNull();
  });

  it('says the session expired at expiry', () => {
    renderCountdown(new Date(Date.now() - 1000).toISOString());
    expect(screen.getByTestId('share-countdown').textContent).toBe('Expira em 0 s');
    expect(screen.getByText('Sua sessão expirou!')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'OK' })).toBeTruthy();
  });

  it('maps the server error to INVALID_SHARE', () => {
    const code = errorCode('Invalid share - SecurityException');
    expect(code).toBe('INVALID_SHARE');
    expect(errorMessageKey(code)).toBe('errors.INVALID_SHARE');
  });
});
