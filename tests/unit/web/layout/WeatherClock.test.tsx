import { render, screen, waitFor } from '@testing-library/react';
import { AdminContext, memoryStore } from 'react-admin';
import { vi } from 'vitest';
import { defaultBrand } from '../../../../model/brand';
import { defaultColors } from '../../../../model/theme';
import { ServerInfoContext } from '../../../../src/bootstrap/ServerInfoContext';
import { WeatherClock } from '../../../../src/layout/WeatherClock';
import { lookupWeather } from '../../../../src/layout/weather';
import { createI18nProvider } from '../i18nCatalogs';
import { testServer } from '../fakeFetch';

vi.mock('../../../../src/layout/weather', async (original) => ({
  ...(await original<typeof import('../../../../src/layout/weather')>()),
  lookupWeather: vi.fn(),
}));

const renderClock = () =>
  render(
    <ServerInfoContext.Provider
      value={{
        server: { ...testServer, attributes: { timezone: 'America/Sao_Paulo' } },
        brand: defaultBrand,
        colors: defaultColors,
        licenseMode: null,
        deviceLimit: null,
        isPlus: false,
      }}
    >
      <AdminContext i18nProvider={createI18nProvider('pt-BR')} store={memoryStore()}>
        <WeatherClock />
      </AdminContext>
    </ServerInfoContext.Provider>,
  );

afterEach(() => vi.mocked(lookupWeather).mockReset());

describe('the clock in the bar', () => {
  it('shows alone, in the user’s zone, when the weather lookup fails', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => undefined);
    vi.mocked(lookupWeather).mockRejectedValue(new Error('offline'));
    renderClock();
    await waitFor(() => expect(lookupWeather).toHaveBeenCalled());
    expect(screen.getByTestId('clock')).toHaveTextContent(/^\d{2}:\d{2}:\d{2}$/);
    expect(screen.queryByTestId('weather-now')).toBeNull();
  });

  it('shows the weather above it when the lookup answers', async () => {
    vi.mocked(lookupWeather).mockResolvedValue({ temperature: 23.4, code: 0 });
    renderClock();
    expect(await screen.findByTestId('weather-now')).toHaveTextContent('23 °C · Céu limpo');
    expect(screen.getByTestId('clock')).toBeInTheDocument();
  });
});
