import { screen } from '@testing-library/react';
import { setCurrentUser } from '../../../../../src/authProvider/currentUser';
import { authProvider } from '../../../../../src/authProvider';
import { defaultBrand } from '../../../../../model/brand';
import { ThemePage } from '../../../../../src/settings/theme/ThemePage';
import { renderInApp, type AppHarnessOptions } from '../../appHarness';
import { testUser } from '../../fakeFetch';

const renderThemePage = (options: AppHarnessOptions = {}) =>
  renderInApp(<ThemePage />, { plus: true, locale: 'en-US', authProvider, at: ['/'], ...options });

it('renders the theme editor for an administrator with the plus licence', async () => {
  setCurrentUser({ ...testUser, administrator: true });
  renderThemePage({ brand: { ...defaultBrand, whatsapp: '5511' } });
  expect(await screen.findByLabelText('App name')).toBeInTheDocument();
});

it('keeps the preview alive while a colour is half typed', async () => {
  // Regression: MUI throws on colours it cannot parse; the preview falls back to the defaults.
  const { fireEvent } = await import('@testing-library/react');
  setCurrentUser({ ...testUser, administrator: true });
  renderThemePage();
  fireEvent.click(await screen.findByRole('tab', { name: 'Colours' }));
  const input = document.querySelector('input[data-color="--el-color-primary"]');
  if (!input) throw new Error('no primary colour input');
  fireEvent.change(input, { target: { value: 'not a colour' } });
  expect(await screen.findByText('Use #rrggbb or rgba(r, g, b, a)')).toBeInTheDocument();
  expect(screen.getByTestId('theme-preview')).toBeInTheDocument();
});
