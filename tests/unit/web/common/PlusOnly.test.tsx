import { screen } from '@testing-library/react';
import { PlusOnly } from '../../../../src/common/PlusOnly';
import type { AppLocale } from '../../../../src/i18n/locales';
import { renderInApp } from '../appHarness';

const renderPage = (plus: boolean, locale: AppLocale) =>
  renderInApp(
    <PlusOnly>
      <p>theme editor</p>
    </PlusOnly>,
    { plus, locale },
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
