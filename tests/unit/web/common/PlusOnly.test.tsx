import { render, screen } from '@testing-library/react';
import { AdminContext, memoryStore } from 'react-admin';
import { defaultBrand } from '../../../../model/brand';
import { defaultColors } from '../../../../model/theme';
import { ServerInfoContext } from '../../../../src/bootstrap/ServerInfoContext';
import { PlusOnly } from '../../../../src/common/PlusOnly';
import { createI18nProvider } from '../i18nCatalogs';
import type { AppLocale } from '../../../../src/i18n/locales';
import { testServer } from '../fakeFetch';

const renderPage = (isPlus: boolean, locale: AppLocale) =>
  render(
    <ServerInfoContext.Provider
      value={{
        server: testServer,
        brand: defaultBrand,
        colors: defaultColors,
        licenseMode: isPlus ? 'plus' : null,
        deviceLimit: null,
        isPlus,
      }}
    >
      <AdminContext i18nProvider={createI18nProvider(locale)} store={memoryStore()}>
        <PlusOnly>
          <p>theme editor</p>
        </PlusOnly>
      </AdminContext>
    </ServerInfoContext.Provider>,
  );

describe('plus-only pages', () => {
  it('say in the user’s language that they need the plus licence', () => {
    renderPage(false, 'pt-BR');
    expect(screen.getByText('Este recurso exige a licença plus.')).toBeInTheDocument();
    expect(screen.queryByText('theme editor')).toBeNull();
  });

  it('in Spanish too', () => {
    renderPage(false, 'es-ES');
    expect(screen.getByText('Esta función requiere la licencia plus.')).toBeInTheDocument();
  });

  it('show the page itself with the licence', () => {
    renderPage(true, 'pt-BR');
    expect(screen.getByText('theme editor')).toBeInTheDocument();
    expect(screen.queryByTestId('plus-required')).toBeNull();
  });
});
