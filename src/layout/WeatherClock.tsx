import { Box, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { formatTime } from '../i18n/formatters';
import { useFormatPrefs } from '../i18n/useFormatPrefs';
import { lookupWeather, type Weather, weatherKind } from './weather';

/** Weather refreshes every 60 s, the clock ticks every second. */
const WEATHER_MS = 60_000;
const CLOCK_MS = 1000;

const useWeather = (): Weather | null => {
  const [weather, setWeather] = useState<Weather | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    const load = () =>
      lookupWeather(controller.signal).then(setWeather, (error: unknown) => {
        if (controller.signal.aborted) return;
        console.info(
          'weather: lookup failed, the clock shows alone',
          error instanceof Error ? error.message : error,
        );
        setWeather(null);
      });
    void load();
    const timer = setInterval(() => void load(), WEATHER_MS);
    return () => {
      controller.abort();
      clearInterval(timer);
    };
  }, []);
  return weather;
};

const useClock = () => {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), CLOCK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
};

/** The time in the user's zone, as every screen shows times. */
const Clock = () => {
  const prefs = useFormatPrefs();
  const now = useClock();
  return <span data-testid="clock">{formatTime(now, prefs)}</span>;
};

/**
 * Header weather and local time. The weather comes from third-party lookups that may fail
 * (offline, blocked): the clock does not depend on them and shows alone meanwhile.
 */
export const WeatherClock = () => {
  const translate = useTranslate();
  const weather = useWeather();
  return (
    <Box
      data-testid="weather"
      title={weather ? translate('header.weather') : undefined}
      sx={{
        display: { xs: 'none', md: 'flex' },
        flexDirection: 'column',
        alignItems: 'flex-end',
        justifyContent: 'center',
        mr: 1,
      }}
    >
      {weather && (
        <Typography variant="body2" component="span" data-testid="weather-now">
          {`${Math.round(weather.temperature)} °C · ${translate(
            `header.weatherCodes.${weatherKind(weather.code)}`,
          )}`}
        </Typography>
      )}
      <Typography variant={weather ? 'caption' : 'body2'} component="span">
        <Clock />
      </Typography>
    </Box>
  );
};
