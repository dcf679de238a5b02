import { screen, waitFor } from '@testing-library/react';
import { vi } from 'vitest';
import { WeatherClock } from '../../../../src/layout/WeatherClock';
import { lookupWeather } from '../../../../src/layout/weather';
import { renderInApp } from '../appHarness';

vi.mock('../../../../src/layout/weather', async (original) => ({
  ...(await original<typeof import('../../../../src/layout/weather')>()),
  lookupWeather: vi.fn(),
}));

const renderClock = () =>
  renderInApp(<WeatherClock />, { server: { attributes: { timezone: 'America/Sao_Paulo' } } });

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
